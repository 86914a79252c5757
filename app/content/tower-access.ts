import { phonePattern } from "../lib/phone-digits.ts";
import { ownerTextProblem } from "../lib/owner-text.ts";

/**
 * How a visitor gets into a building (issue 46, item 6; decision 0044): what the guard asks,
 * when the administration lets visits in, where a visitor parks, the reception's phone. The
 * owner's, per tower, published with the tower's other facts (a tower override's `access`). No
 * public source gives them for any catalogued tower, so the catalogue starts without them.
 *
 * They are for the inspection visit, not for the tower's public page: the build never receives
 * them (`publicTowerOverrides`), and the reception's phone reaches only the owner and a client
 * with a confirmed visit.
 */
export type TowerAccess = {
  /** The guard needs the visitors' names and DNI in advance; absent: not known. */
  guestListRequired?: boolean;
  /** The hours the administration allows visits, Buenos Aires clock times ("09:00", "18:00"). */
  visitHours?: { opens: string; closes: string };
  /** Where a visitor parks, in the owner's words. */
  parking?: string;
  /** The reception's phone, as the owner wrote it. */
  receptionPhone?: string;
};

export const towerAccessFields = ["guestListRequired", "visitHours", "parking", "receptionPhone"] as const;
export type TowerAccessField = (typeof towerAccessFields)[number];

/** Each field as the owner reads it in the editor, with the way to write it. */
export const towerAccessLabels: Record<TowerAccessField, { label: string; hint?: string }> = {
  guestListRequired: { label: "Nombres y DNI por adelantado en la guardia" },
  visitHours: {
    label: "Horario de visitas del edificio",
    hint: "Como lo permite la administración, hora de Buenos Aires: 09:00-18:00",
  },
  parking: {
    label: "Estacionamiento para visitas",
    hint: "Por ejemplo: cocheras de cortesía en el subsuelo",
  },
  receptionPhone: {
    label: "Teléfono de la recepción",
    hint: "Lo ven solo vos y el cliente con la visita confirmada",
  },
};

/** The form's field names: the page, the editor and its refusals speak of the same ones. */
export const towerAccessInputs: Record<TowerAccessField, string> = {
  guestListRequired: "acceso-dni",
  visitHours: "acceso-horario",
  parking: "acceso-estacionamiento",
  receptionPhone: "acceso-telefono",
};

/** The longest parking note: one line in an invitation. */
export const maxParkingLength = 200;
const clockTime = /^([01]\d|2[0-3]):[0-5]\d$/;
const phoneShape = new RegExp(`^(?:${phonePattern})$`, "v");

/** «9:00 - 18:00», «09:00–18:00», «9 a 18 h»: the opening and closing times, or undefined. */
function readHours(text: string): { opens: string; closes: string } | undefined {
  const match =
    /^(\d{1,2})(?:[:.](\d{2}))?\s*(?:h(?:s|rs)?\.?)?\s*(?:-|–|—|a|hasta)\s*(\d{1,2})(?:[:.](\d{2}))?\s*(?:h(?:s|rs)?\.?)?$/i.exec(
      text,
    );
  if (!match) return undefined;
  const clock = (hours: string, minutes = "00") => `${hours.padStart(2, "0")}:${minutes}`;
  const opens = clock(match[1]!, match[2]);
  const closes = clock(match[3]!, match[4]);
  return clockTime.test(opens) && clockTime.test(closes) ? { opens, closes } : undefined;
}

export type AccessParse = { access: TowerAccess } | { problems: Partial<Record<TowerAccessField, string>> };

/**
 * Reads the editor's form into a building's access, or says what to correct per field, in the
 * owner's words. An empty field is "not known" and leaves that fact out.
 */
export function parseTowerAccess(form: Readonly<Record<string, string | undefined>>): AccessParse {
  const read = (field: TowerAccessField) =>
    (form[towerAccessInputs[field]] ?? "").trim().replace(/[ \t]+/g, " ");
  const problems: Partial<Record<TowerAccessField, string>> = {};
  const access: TowerAccess = {};

  const guests = read("guestListRequired");
  if (guests === "si") access.guestListRequired = true;
  else if (guests === "no") access.guestListRequired = false;
  else if (guests !== "") problems.guestListRequired = "elegí sí, no o «no sé»";

  const hours = read("visitHours");
  if (hours) {
    const parsed = readHours(hours);
    if (!parsed) problems.visitHours = "escribilo como 09:00-18:00 (hora de inicio y de fin)";
    else access.visitHours = parsed;
  }

  const parking = read("parking");
  if (parking) access.parking = parking;

  const phone = read("receptionPhone");
  if (phone) access.receptionPhone = phone;

  for (const [field, problem] of Object.entries(towerAccessProblems(access)))
    problems[field as TowerAccessField] ??= problem;
  return Object.keys(problems).length > 0 ? { problems } : { access };
}

/**
 * Why a stored access cannot be published, per field; empty when it can. The same rules at the
 * editor's save and at every publication: a value comes back from a database, not from a type
 * checker. Texts follow the shared rules for the owner's texts and stay plain words.
 */
export function towerAccessProblems(access: unknown): Partial<Record<TowerAccessField, string>> {
  const problems: Partial<Record<TowerAccessField, string>> = {};
  if (access === undefined) return problems;
  if (typeof access !== "object" || access === null || Array.isArray(access))
    return { parking: "los datos de acceso no tienen la forma esperada" };
  const value = access as Record<string, unknown>;
  for (const key of Object.keys(value))
    if (!(towerAccessFields as readonly string[]).includes(key))
      problems.parking ??= `«${key}» no es un dato de acceso`;
  if (value.guestListRequired !== undefined && typeof value.guestListRequired !== "boolean")
    problems.guestListRequired = "es sí o no";
  if (value.visitHours !== undefined) {
    const hours = value.visitHours as { opens?: unknown; closes?: unknown } | null;
    const opens = typeof hours?.opens === "string" ? hours.opens : "";
    const closes = typeof hours?.closes === "string" ? hours.closes : "";
    if (!clockTime.test(opens) || !clockTime.test(closes))
      problems.visitHours = "escribilo como 09:00-18:00 (hora de inicio y de fin)";
    else if (!(opens < closes)) problems.visitHours = "la hora de inicio va antes que la de fin";
  }
  for (const field of ["parking", "receptionPhone"] as const) {
    const text = value[field];
    if (text === undefined) continue;
    if (typeof text !== "string") {
      problems[field] = "es un texto";
      continue;
    }
    const max = field === "parking" ? maxParkingLength : 40;
    const shared = ownerTextProblem(text, { max });
    if (shared) problems[field] = shared;
    else if (/[<>{}\\`]/u.test(text)) problems[field] = "solo texto, sin los signos < > { } \\ `";
    else if (/[a-z][a-z0-9+.-]*:\/\/|\b(?:javascript|data|vbscript):|\bwww\./i.test(text))
      problems[field] = "sin direcciones web";
  }
  if (
    typeof value.receptionPhone === "string" &&
    !problems.receptionPhone &&
    !phoneShape.test(value.receptionPhone)
  )
    problems.receptionPhone = "un teléfono de 8 a 15 dígitos, como +54 11 4000-0000";
  return problems;
}

/** "09:00 a 18:00", "09:00 to 18:00". */
export function visitHoursText(hours: { opens: string; closes: string }, lang: "es" | "en" = "es"): string {
  return `${hours.opens} ${lang === "es" ? "a" : "to"} ${hours.closes}`;
}

/** One field as the editor shows it and a change lists it ("" when not known). */
export function towerAccessText(access: TowerAccess | undefined, field: TowerAccessField): string {
  const value = access?.[field];
  if (value === undefined) return "";
  if (field === "guestListRequired") return value ? "sí" : "no";
  if (field === "visitHours") return visitHoursText(value as { opens: string; closes: string });
  return String(value);
}

/** The field's value as the editor's form holds it (a select's «si»/«no», hours as 09:00-18:00). */
export function towerAccessInput(access: TowerAccess | undefined, field: TowerAccessField): string {
  const value = access?.[field];
  if (value === undefined) return "";
  if (field === "guestListRequired") return value ? "si" : "no";
  if (field === "visitHours") {
    const hours = value as { opens: string; closes: string };
    return `${hours.opens}-${hours.closes}`;
  }
  return String(value);
}

/** Whether the access says nothing: stored as no access at all. */
export function emptyAccess(access: TowerAccess | undefined): boolean {
  return !access || towerAccessFields.every((field) => access[field] === undefined);
}

/** Whether a visit between two Buenos Aires clock times fits the building's hours ("10:00", "11:00"). */
export function withinVisitHours(
  hours: { opens: string; closes: string },
  window: { from: string; to: string },
): boolean {
  return window.from >= hours.opens && window.to <= hours.closes;
}
