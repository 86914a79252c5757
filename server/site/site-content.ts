import { createHash } from "node:crypto";

import {
  editableFacts,
  effectiveValue,
  factProblems,
  labelOf,
  type FactValues,
} from "#app/config/site-facts.ts";
import type { SiteVariable } from "#app/config/site-config.ts";
import {
  applyTowerOverrides,
  sameTowerOverrides,
  towerChanges,
  towerOverrideProblems,
  type TowerChange,
  type TowerOverride,
  type TowerOverrides,
} from "#app/content/tower-edits.ts";
import { catalogueTowers } from "#app/content/tower-catalogue.ts";
import type { FactChange } from "../storage/site-version-rows.ts";
import { photoSlotsOf, type PhotoSlot } from "./photos/photo-slots.ts";
import {
  photoChanges,
  photosWithDrafts,
  samePhotos,
  type PhotoChange,
  type PhotoDraft,
  type PhotoSet,
} from "./photos/photo-store.ts";

/**
 * What one publication holds (decision 0020): the owner's facts, tower
 * overrides and photos, always together. Whatever compares, merges or checks
 * them does it here, one function for all three, so a publication, an undo
 * and a preview cannot weigh one of them differently.
 */
export type SiteContent = {
  /** Only the edited facts; the rest come from the environment. */
  facts: FactValues;
  /** Empty: the catalogue as researched. */
  towers: TowerOverrides;
  /** By slot; empty: the artwork, as deployed. */
  photos: PhotoSet;
};

/** The deployment's own content: the environment's values, the catalogue, the artwork. */
export const installedContent: SiteContent = { facts: {}, towers: {}, photos: {} };

/** The owner's unpublished edits, as each channel stores them. */
export type SiteDrafts = {
  /** An emptied value returns that fact to the environment's value. */
  facts: FactValues;
  /** A null draft returns that tower to the catalogue. */
  towers: Record<string, TowerOverride | null>;
  /** A draft without a hash returns that slot to the artwork. */
  photos: Record<string, PhotoDraft>;
};

/** What differs between two contents, in the words of the history and the owner's e-mail. */
export type SiteChanges = {
  facts: FactChange[];
  towers: TowerChange[];
  photos: PhotoChange[];
};

/** The published content with the drafts on top: what a publication would build. */
export function withDrafts(published: SiteContent, drafts: SiteDrafts): SiteContent {
  return {
    facts: withFactDrafts(published.facts, drafts.facts),
    towers: withTowerDrafts(published.towers, drafts.towers),
    photos: photosWithDrafts(published.photos, drafts.photos),
  };
}

/** The published facts with the drafts on top; an emptied draft returns that fact to the environment's value. */
export function withFactDrafts(published: FactValues, drafts: FactValues): FactValues {
  const facts: FactValues = { ...published };
  for (const [variable, value] of Object.entries(drafts) as [SiteVariable, string][]) {
    if (value.trim()) facts[variable] = value.trim();
    else delete facts[variable];
  }
  return facts;
}

/** The published tower overrides with the drafts on top; a null draft returns that tower to the catalogue. */
export function withTowerDrafts(
  published: TowerOverrides,
  drafts: Record<string, TowerOverride | null>,
): TowerOverrides {
  const towers: Record<string, TowerOverride> = { ...published };
  for (const [slug, override] of Object.entries(drafts)) {
    if (override) towers[slug] = override;
    else delete towers[slug];
  }
  return towers;
}

/**
 * What the pages would show differently going from one content to another:
 * facts by the value shown (an edit equal to the environment's changes
 * nothing), towers fact by fact, photos slot by slot named by the towers of
 * both sides (a retired tower's slot keeps its name).
 */
export function changesBetween(
  before: SiteContent,
  after: SiteContent,
  env: Record<string, string | undefined>,
): SiteChanges {
  return {
    facts: editableFacts
      .map(({ variable }) => ({
        variable,
        before: effectiveValue(variable, before.facts, env),
        after: effectiveValue(variable, after.facts, env),
      }))
      .filter((change) => change.before !== change.after),
    towers: towerChanges(catalogueTowers, before.towers, after.towers),
    photos: photoChanges(before.photos, after.photos, slotsOf(before.towers, after.towers)),
  };
}

/**
 * A short fingerprint of a set of changes: the editor's page carries the one it showed, and a
 * publication goes only if the drafts still make exactly those changes (decision 0035).
 */
export function changesSignature(changes: SiteChanges): string {
  return createHash("sha256").update(JSON.stringify(changes)).digest("base64url").slice(0, 22);
}

export function hasChanges(changes: SiteChanges): boolean {
  return changes.facts.length > 0 || changes.towers.length > 0 || changes.photos.length > 0;
}

/** Whether two contents are the same edits, value for value (a preview built from one still shows the other). */
export function sameContent(a: SiteContent, b: SiteContent): boolean {
  const variables = new Set([...Object.keys(a.facts), ...Object.keys(b.facts)]) as Set<SiteVariable>;
  return (
    [...variables].every((variable) => a.facts[variable] === b.facts[variable]) &&
    sameTowerOverrides(a.towers, b.towers) &&
    samePhotos(a.photos, b.photos)
  );
}

/** What must be corrected before a content can be built, worded for the owner; empty when nothing. */
export function contentProblems(content: SiteContent): string[] {
  return [
    ...Object.entries(factProblems(content.facts)).map(
      ([variable, problem]) => `${labelOf(variable as SiteVariable)}: ${problem}`,
    ),
    ...towerOverrideProblems(catalogueTowers, content.towers),
  ];
}

/** The photo slots of the towers of one or more contents (their overrides over the catalogue), each once. */
function slotsOf(...versions: TowerOverrides[]): PhotoSlot[] {
  const slots = versions.flatMap((towers) => photoSlotsOf(applyTowerOverrides(catalogueTowers, towers)));
  return slots.filter((slot, index) => slots.findIndex((other) => other.key === slot.key) === index);
}
