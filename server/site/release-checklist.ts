import { join } from "node:path";

import { loadSiteConfig, SiteConfigError, type SiteVariable } from "#app/config/site-config.ts";
import { buildEnvironment, isEditableFact, type FactValues } from "#app/config/site-facts.ts";
import { applyTowerOverrides, towerFactLabels, type TowerOverrides } from "#app/content/tower-edits.ts";
import { catalogueTowers, towerFacts } from "#app/content/tower-catalogue.ts";
import { towerSources } from "#app/content/tower-sources.ts";
import { findPhoto, kindFolders } from "../../scripts/images/photos.ts";
import { photoSlotsOf } from "./photos/photo-slots.ts";

/**
 * What stands between the site and its launch: fictional example values and
 * tower facts nobody has confirmed. `npm run check:release` prints it; the
 * inbox shows the same list at /bandeja/sitio, each item linked to where it is
 * fixed. Published facts count: a fact the owner published is no example,
 * and a tower fact the owner confirmed or corrected is sourced by the owner.
 */
export type ChecklistItem = {
  text: string;
  /** Where it is fixed: a fact of the inbox's editor, or a variable of the deployment, or the catalogue. */
  fix:
    | { kind: "fact"; variable: SiteVariable }
    | { kind: "environment"; variable: string }
    | { kind: "catalogue" }
    | { kind: "tower"; slug: string; fact: string }
    | { kind: "photo"; slot: string };
};

/** An address still on the reserved example domain («.example») is no real site's yet. */
export function isExampleAddress(url: string): boolean {
  try {
    return new URL(url).hostname.endsWith(".example");
  } catch {
    return true;
  }
}

export function releaseChecklist(
  env: Record<string, string | undefined>,
  published: FactValues,
  publishedTowers: TowerOverrides = {},
  /** The slots whose published version has an uploaded photo (decision 0020, photos). */
  photoSlotsPublished: ReadonlySet<string> = new Set(),
  /** The deployment's photos folder: a photo there is no artwork either. */
  photosDir = "images/photos",
): ChecklistItem[] {
  const items: ChecklistItem[] = [];
  const where = (variable: string): ChecklistItem["fix"] =>
    isEditableFact(variable) ? { kind: "fact", variable } : { kind: "environment", variable };
  try {
    const { examplesInUse } = loadSiteConfig(buildEnvironment(env, published));
    // The site's address counts as set once it is the installer's own, not another example address.
    const siteUrl = env.SITE_URL?.trim();
    if (siteUrl && !examplesInUse.includes("SITE_URL") && isExampleAddress(siteUrl))
      examplesInUse.push("SITE_URL");
    for (const variable of examplesInUse)
      items.push({ text: `${variable} todavía tiene el valor de ejemplo.`, fix: where(variable) });
  } catch (error) {
    if (!(error instanceof SiteConfigError)) throw error;
    for (const problem of error.problems)
      items.push({ text: problem, fix: where(problem.slice(0, problem.indexOf("="))) });
  }

  const publishedTowerList = applyTowerOverrides(catalogueTowers, publishedTowers);
  for (const tower of publishedTowerList) {
    const override = publishedTowers[tower.slug];
    for (const fact of tower.toConfirm) {
      items.push({
        text: `${tower.nombre}: «${towerFactLabels[fact].label}» sin confirmar: ${towerSources[tower.slug]?.[fact] ?? "sin nota"}`,
        fix: { kind: "tower", slug: tower.slug, fact },
      });
    }
    for (const fact of towerFacts) {
      const confirmedFact = tower[fact] !== undefined && !tower.toConfirm.includes(fact);
      // The owner's own confirmation or correction is the fact's source.
      const byOwner = override !== undefined && (fact in override || override.toConfirm !== undefined);
      if (confirmedFact && !byOwner && !/https?:\/\//.test(towerSources[tower.slug]?.[fact] ?? "")) {
        items.push({
          text: `${tower.nombre}: "${fact}" sin fuente en app/content/tower-sources.ts.`,
          fix: { kind: "catalogue" },
        });
      }
    }
  }
  for (const slot of photoSlotsOf(publishedTowerList)) {
    if (photoSlotsPublished.has(slot.key)) continue;
    if (findPhoto(join(photosDir, kindFolders[slot.kind]), slot.slug)) continue;
    items.push({
      text: `${slot.label}: todavía muestra un dibujo generado, no una foto.`,
      fix: { kind: "photo", slot: slot.key },
    });
  }
  return items;
}
