import type { PagePath } from "../../site-map.ts";
import type { ModalFormId } from "./forms/form-ids.ts";

/** The id of the section that carries a page's form in the page itself. */
export const formSectionId = "formulario";

/** The page whose own section carries each modal form (one form per page). */
export const formPages: Record<ModalFormId, PagePath> = {
  express: "/",
  valuation: "/valoracion-de-inmuebles",
  sale: "/tasaciones",
  apartment: "/tasar-departamentos",
  "sale-by-type": "/tasar-propiedades",
};

/**
 * Where a form opener leads without JavaScript: the form's section on its page
 * (one fragment for every opener, since a prerendered page cannot preselect a
 * value per link; JavaScript applies the opener's preset).
 */
export function leadFormHref(form: ModalFormId): string {
  return `${formPages[form]}#${formSectionId}`;
}
