import { visitHoursText } from "#app/content/tower-access.ts";
import type { BuildingAccess } from "../site/published-site.ts";
import type { VisitLang } from "./pick-page.ts";
import { visitWords } from "./visit-words.ts";
import type { InspectionVisit, VisitProperty } from "./visit-desk.ts";

export type { BuildingAccess };

/** How the visits read a published building's access, by the tower's name (the site's door). */
export type BuildingAccessOf = (tower: string) => BuildingAccess | undefined;

/** The published access of the building a visit names; none for a street address. */
export function buildingOfVisit(
  visit: Pick<InspectionVisit, "property"> | undefined,
  accessOf: BuildingAccessOf | undefined,
): BuildingAccess | undefined {
  const tower = (visit?.property as VisitProperty | undefined)?.tower?.trim() ?? "";
  return tower ? accessOf?.(tower) : undefined;
}

/**
 * The building's rules as lines of text, for the page, the e-mail and the .ics. The reception's
 * phone only when `withPhone`: the owner and a client with a confirmed visit, never the pick page
 * a forwarded link opens.
 */
export function buildingLines(
  lang: VisitLang,
  building: BuildingAccess | undefined,
  options: { withPhone: boolean },
): string[] {
  if (!building) return [];
  const words = visitWords[lang].building;
  const { access } = building;
  return [
    access.guestListRequired === true && words.guestListRequired,
    access.guestListRequired === false && words.guestListNotRequired,
    access.visitHours && words.visitHours(visitHoursText(access.visitHours, lang)),
    access.parking && words.parking(access.parking),
    options.withPhone && access.receptionPhone && words.reception(access.receptionPhone),
  ].filter((line): line is string => typeof line === "string" && line !== "");
}

/** What the building asks as one row of an e-mail's table, with the reception's phone; none without rules. */
export function buildingRow(lang: VisitLang, building: BuildingAccess | undefined): [string, string][] {
  const rules = buildingLines(lang, building, { withPhone: true });
  return rules.length > 0 ? [[visitWords[lang].building.heading, rules.join(" ")]] : [];
}
