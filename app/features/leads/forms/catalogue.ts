import type { SiteConfig } from "../../../config/site-config.ts";
import type { PagePath } from "../../../site-map.ts";

/** The id of the section that carries a page's own copy of its modal form. */
export const formSectionId = "formulario";

/** How a form reaches the appraiser, where it lives, and how it is shown. */
type CatalogueEntry = {
  /** Opened in a modal by LeadButtons (with JavaScript); its page's own section carries it too. */
  modal: boolean;
  /** "whatsapp": the visitor's message goes by WhatsApp and the lead is recorded; "post": posted to the service. */
  handoff: "whatsapp" | "post";
  /** The page whose own markup carries the form (in the page, or the modal's twin in its section). */
  page: PagePath;
  /** The id of the section that carries it on that page. */
  anchor: string;
  /** The modal form starts empty once its message left (the spec's home form); others keep what was typed. */
  emptiedAfterHandoff?: true;
  /** An opener presetting a tower leads, without JavaScript, to the form on that tower's own page. */
  towerPresetOpensTowerPage?: true;
  /** Posts under the configured id (SITE_OFFPLAN_FORM_ID) instead of its own. */
  configuredServiceId?: true;
  /** Offers move-in years from the build's year: the service also accepts the neighbouring years' options. */
  yearsFollowTheBuild?: true;
};

/**
 * Every lead form of the site, once: its id, modal or in the page, WhatsApp
 * or post, its page and section. The ids' types, the modal host, the links
 * without JavaScript, the lead service and the browser tests all read this
 * list; the definitions are `allForms` (all-forms.ts), typed by these ids, and
 * the service id is `serviceFormId`. Data only, so a page can check an id
 * without loading any form.
 */
export const formCatalogue = {
  express: { modal: true, handoff: "whatsapp", page: "/", anchor: formSectionId, emptiedAfterHandoff: true },
  valuation: { modal: true, handoff: "whatsapp", page: "/valoracion-de-inmuebles", anchor: formSectionId },
  sale: { modal: true, handoff: "whatsapp", page: "/tasaciones", anchor: formSectionId },
  apartment: {
    modal: true,
    handoff: "whatsapp",
    page: "/tasar-departamentos",
    anchor: formSectionId,
    towerPresetOpensTowerPage: true,
  },
  "sale-by-type": { modal: true, handoff: "whatsapp", page: "/tasar-propiedades", anchor: formSectionId },
  "express-online": { modal: false, handoff: "whatsapp", page: "/tasaciones-online", anchor: formSectionId },
  "off-plan": {
    modal: false,
    handoff: "post",
    page: "/comprar-en-pozo",
    anchor: "consulta",
    configuredServiceId: true,
    yearsFollowTheBuild: true,
  },
} as const satisfies Record<string, CatalogueEntry>;

export type FormId = keyof typeof formCatalogue;

/** A form's entry, with every optional behaviour readable (absent means no). */
export const catalogueEntry = (id: FormId): CatalogueEntry => formCatalogue[id];

/** Forms shown in a modal, opened by a LeadButton. */
export type ModalFormId = {
  [Id in FormId]: (typeof formCatalogue)[Id]["modal"] extends true ? Id : never;
}[FormId];

/** Forms rendered inside their page only. */
export type InlineFormId = Exclude<FormId, ModalFormId>;

export const formIds = Object.keys(formCatalogue) as FormId[];

export const modalFormIds = formIds.filter((id): id is ModalFormId => formCatalogue[id].modal);

export function isModalFormId(value: string | null | undefined): value is ModalFormId {
  return (modalFormIds as readonly (string | null | undefined)[]).includes(value);
}

/** The id a form posts to at the lead service: the off-plan form keeps the spec's configurable one. */
export function serviceFormId(form: FormId, site: Pick<SiteConfig, "offPlanFormId">): string {
  return catalogueEntry(form).configuredServiceId ? site.offPlanFormId : form;
}
