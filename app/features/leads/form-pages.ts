import { towers } from "../../content/towers.ts";
import { pathIn, towerPath, type Lang, type PagePath } from "../../site-map.ts";
import type { ModalFormId } from "./forms/form-ids.ts";

/** The id of the section that carries a page's form in the page itself. */
export const formSectionId = "formulario";

/** The id of the apartment form on each tower's page (its tower preselected). */
export const towerFormId = "tasar";

/** The page whose own section carries each modal form (one form per page). */
export const formPages: Record<ModalFormId, PagePath> = {
  express: "/",
  valuation: "/valoracion-de-inmuebles",
  sale: "/tasaciones",
  apartment: "/tasar-departamentos",
  "sale-by-type": "/tasar-propiedades",
};

/**
 * Where a form opener leads without JavaScript: to a form with the opener's
 * preset already chosen in the HTML where one exists (the apartment form of a
 * tower's own page), otherwise to the form's section on its page, where
 * JavaScript (or nothing) applies the preset.
 */
export function leadFormHref(form: ModalFormId, preset?: string, lang: Lang = "es"): string {
  const tower = form === "apartment" ? towers.find((candidate) => candidate.nombre === preset) : undefined;
  if (tower) return `${towerPath(tower.slug, lang)}#${towerFormId}`;
  return `${pathIn(lang, formPages[form])}#${formSectionId}`;
}
