import { towers } from "../../../content/towers.ts";
import { pathIn, towerPath, type Lang, type PagePath } from "../../../site-map.ts";
import { catalogueEntry, formCatalogue, formSectionId, type ModalFormId } from "../forms/catalogue.ts";

export { formSectionId };

/** The id of the apartment form on each tower's page (its tower preselected). */
export const towerFormId = "tasar";

/** The page whose own section carries each modal form (one form per page): the catalogue's. */
export const formPages = (id: ModalFormId): PagePath => formCatalogue[id].page;

/**
 * Where a form opener leads without JavaScript: to a form with the opener's
 * preset already chosen in the HTML where one exists (the apartment form of a
 * tower's own page), otherwise to the form's section on its page, where
 * JavaScript (or nothing) applies the preset.
 */
export function leadFormHref(form: ModalFormId, preset?: string, lang: Lang = "es"): string {
  const tower = catalogueEntry(form).towerPresetOpensTowerPage
    ? towers.find((candidate) => candidate.nombre === preset)
    : undefined;
  if (tower) return `${towerPath(tower.slug, lang)}#${towerFormId}`;
  return `${pathIn(lang, formPages(form))}#${formCatalogue[form].anchor}`;
}
