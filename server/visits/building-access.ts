import { visitHoursText } from "#app/content/tower-access.ts";
import type { BuildingAccess } from "../site/published-site.ts";
import type { VisitLang } from "./pick-page.ts";
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

/** What a building asks of a visit, in the lead's language (decision 0044). */
export const buildingWords = {
  es: {
    heading: "Lo que pide el edificio",
    guestListRequired: "La guardia pide por adelantado los nombres y DNI de quienes vienen a la visita.",
    guestListNotRequired: "La guardia no pide nombres por adelantado.",
    visitHours: (hours: string) => `El edificio permite visitas de ${hours} (hora de Buenos Aires).`,
    parking: (note: string) => `Estacionamiento para visitas: ${note}`,
    reception: (phone: string) => `Recepción del edificio: ${phone}`,
    guestListLabel: "Nombres y DNI para autorizar en la guardia (uno por línea): el edificio los pide",
    guestListMissing: "El edificio pide nombres y DNI por adelantado: escribí al menos uno.",
  },
  en: {
    heading: "What the building asks",
    guestListRequired: "The guard needs the names and ID numbers of everyone coming to the visit in advance.",
    guestListNotRequired: "The guard does not need names in advance.",
    visitHours: (hours: string) => `The building allows visits from ${hours} (Buenos Aires time).`,
    parking: (note: string) => `Visitor parking: ${note}`,
    reception: (phone: string) => `Building reception: ${phone}`,
    guestListLabel: "Names and ID numbers to authorise at the guard (one a line): the building asks for them",
    guestListMissing: "The building needs names and ID numbers in advance: write at least one.",
  },
} as const;

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
  const words = buildingWords[lang];
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
  return rules.length > 0 ? [[buildingWords[lang].heading, rules.join(" ")]] : [];
}
