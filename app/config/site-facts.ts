import { maxFactLength, ownerTextProblem } from "../lib/owner-text.ts";
import { whatsappDigits } from "../lib/phone-digits.ts";
import { settingDefault, settingProblem, type SiteVariable } from "./site-config.ts";

/**
 * The business facts the owner edits in the inbox (/bandeja/sitio): each one a
 * setting of site-config.ts, named the way a visitor would say it. The
 * environment variables stay the starting values; a published fact wins over
 * them. The site's address, the form service and the lists the structured data
 * needs in English stay with whoever deploys (README, "Configuration").
 */
export type EditableFact = {
  variable: SiteVariable;
  label: string;
  /** What the owner needs to know to type it right. */
  hint?: string;
  /** A field for an input's type and keyboard on a phone; "days": the week's days as choices. */
  input: "text" | "tel" | "email" | "url" | "number" | "time" | "days";
};

export const editableFacts: readonly EditableFact[] = [
  { variable: "SITE_BUSINESS_NAME", label: "Nombre del estudio", input: "text" },
  { variable: "SITE_APPRAISER_NAME", label: "Nombre del tasador", input: "text" },
  {
    variable: "SITE_REGISTRATION_NUMBER",
    label: "Número de matrícula",
    hint: "Por ejemplo 6842: si escribís «Mat. 6842» o «M.P. 6842», se guarda el número.",
    input: "text",
  },
  { variable: "SITE_PROFESSIONAL_BODY", label: "Colegio de la matrícula", input: "text" },
  {
    variable: "SITE_REGISTRY_URL",
    label: "Página del registro de matriculados",
    hint: "Donde un visitante busca la matrícula, empezando con https://",
    input: "url",
  },
  {
    variable: "SITE_WHATSAPP_NUMBER",
    label: "Número de WhatsApp",
    hint: "Como lo escribas: +54 9 11 4567-8901 o 11 4567-8901. Acá llegan todas las consultas.",
    input: "tel",
  },
  {
    variable: "SITE_PHONE_DISPLAY",
    label: "Teléfono, como se muestra",
    hint: "Tal como querés que se lea en el sitio: +54 9 11 4567-8901",
    input: "tel",
  },
  { variable: "SITE_STREET_ADDRESS", label: "Dirección de la oficina", input: "text" },
  { variable: "SITE_LOCALITY", label: "Barrio y ciudad", input: "text" },
  { variable: "SITE_POSTAL_CODE", label: "Código postal", input: "text" },
  { variable: "SITE_EMAIL", label: "E-mail de contacto", input: "email" },
  {
    variable: "SITE_OPENING_DAYS",
    label: "Días de atención",
    input: "days",
  },
  { variable: "SITE_OPENS", label: "Abre a las", hint: "Por ejemplo 9 o 9:30", input: "time" },
  { variable: "SITE_CLOSES", label: "Cierra a las", hint: "Por ejemplo 18 o 18:30", input: "time" },
  { variable: "SITE_YEARS_OF_EXPERIENCE", label: "Años de experiencia", input: "number" },
  {
    variable: "SITE_DELIVERY_HOURS",
    label: "Plazo de entrega del informe, en horas",
    hint: "Por ejemplo 24-48",
    input: "text",
  },
  {
    variable: "SITE_OFFPLAN_DISCOUNT_PERCENT",
    label: "Descuento de comprar en pozo, en %",
    input: "number",
  },
  {
    variable: "SITE_YEARLY_APPRECIATION",
    label: "Valorización anual de comprar en pozo, en %",
    hint: "Por ejemplo 8-12",
    input: "text",
  },
  {
    variable: "SITE_FASTER_SALE_PERCENT",
    label: "Cuánto antes se vende con tasación, en %",
    input: "number",
  },
];

const editableVariables = new Set<string>(editableFacts.map((fact) => fact.variable));

export function isEditableFact(variable: string): variable is SiteVariable {
  return editableVariables.has(variable);
}

export function labelOf(variable: SiteVariable): string {
  return editableFacts.find((fact) => fact.variable === variable)?.label ?? variable;
}

/**
 * The week's days as the owner picks them, in the order and the English names
 * the structured data needs (schema.org's DayOfWeek), which is how they are stored.
 */
export const weekDays = [
  { value: "Monday", label: "Lunes" },
  { value: "Tuesday", label: "Martes" },
  { value: "Wednesday", label: "Miércoles" },
  { value: "Thursday", label: "Jueves" },
  { value: "Friday", label: "Viernes" },
  { value: "Saturday", label: "Sábado" },
  { value: "Sunday", label: "Domingo" },
] as const;

/** The days picked (any order, any case) as the stored list: "Monday,Tuesday". Unknown names stay, to be refused. */
export function storedDays(picked: readonly string[]): string {
  const names = picked
    .flatMap((day) => day.split(","))
    .map((day) => day.trim())
    .filter(Boolean);
  const known = weekDays.filter((day) =>
    names.some((name) => name.toLowerCase() === day.value.toLowerCase()),
  );
  const unknown = names.filter(
    (name) => !weekDays.some((day) => day.value.toLowerCase() === name.toLowerCase()),
  );
  return [...known.map((day) => day.value), ...unknown].join(",");
}

/** A fact's value as the owner reads it in the inbox and the e-mails: the days in Spanish, the rest as stored. */
export function shownFact(variable: SiteVariable, value: string): string {
  if (variable !== "SITE_OPENING_DAYS") return value;
  return value
    .split(",")
    .map((name) => weekDays.find((day) => day.value === name.trim())?.label ?? name.trim())
    .join(", ");
}

/** The stored days must be the week's, as the structured data names them. */
function daysProblem(value: string): string | undefined {
  const names = value.split(",").map((name) => name.trim());
  const unknown = names.filter((name) => !weekDays.some((day) => day.value === name));
  return unknown.length > 0
    ? `elegí los días de la lista (no se entiende «${unknown.join(", ")}»)`
    : undefined;
}

/** A prefix the owner may type before the registration number: «Mat.», «Matrícula», «M.P.», «N.º». */
const registrationPrefix = /^(?:mat(?:r[íi]cula)?\.?|m\.?\s*p\.?|n\.?\s*[º°o]\.?|nro\.?|n[uú]mero|:|#)\s*/iu;

/**
 * What the owner typed, as it is stored: one line without extra spaces, the
 * registration's number without its prefix, the WhatsApp number as the digits
 * wa.me needs (country code first), the days as the stored list. Whatever
 * cannot be understood is kept, so the rule that refuses it can say why.
 */
export function normaliseFact(variable: SiteVariable, raw: string): string {
  const typed = raw.trim();
  // Line breaks and invisible characters are the shared rules' to refuse, not to hide.
  if (ownerTextProblem(typed, { max: Number.MAX_SAFE_INTEGER })) return typed;
  const text = typed.replace(/ {2,}/g, " ");
  switch (variable) {
    case "SITE_REGISTRATION_NUMBER": {
      let number = text;
      for (let previous = ""; previous !== number;) {
        previous = number;
        number = number.replace(registrationPrefix, "");
      }
      return number || text;
    }
    case "SITE_WHATSAPP_NUMBER":
      return /^[\d\s()+.-]+$/.test(text) ? (whatsappDigits(text) ?? text.replace(/\D/g, "")) : text;
    case "SITE_OPENING_DAYS":
      return storedDays([text]);
    case "SITE_OPENS":
    case "SITE_CLOSES": {
      // «9», «9:30», «9.30», «9 hs»: the hour as the structured data needs it, 09:30.
      const time = /^(\d{1,2})(?:\s*[:.h]\s*(\d{2}))?\s*(?:h|hs|horas)?\.?$/i.exec(text);
      if (!time || Number(time[1]) > 23) return text;
      return `${time[1]!.padStart(2, "0")}:${time[2] ?? "00"}`;
    }
    default:
      return text;
  }
}

/** Edited facts by variable: what the owner typed, over the environment's values. */
export type FactValues = Partial<Record<SiteVariable, string>>;

/**
 * A fact's value as the site uses it: the edited one, else the environment's,
 * else the setting's default (the same order as the build).
 */
export function effectiveValue(
  variable: SiteVariable,
  edited: FactValues,
  env: Record<string, string | undefined>,
): string {
  return edited[variable]?.trim() || env[variable]?.trim() || settingDefault(variable).fallback;
}

/** Whether a fact still holds its fictional example. */
export function holdsExample(
  variable: SiteVariable,
  edited: FactValues,
  env: Record<string, string | undefined>,
): boolean {
  const { fallback, example } = settingDefault(variable);
  return example && effectiveValue(variable, edited, env) === fallback;
}

/**
 * Each edited fact that breaks the shared rules for the owner's texts
 * (app/lib/owner-text.ts) or the build's own, with their words.
 */
export function factProblems(edited: FactValues): Partial<Record<SiteVariable, string>> {
  const problems: Partial<Record<SiteVariable, string>> = {};
  for (const [variable, value] of Object.entries(edited) as [SiteVariable, string][]) {
    // Only the facts listed above are the owner's to change; anything else never reaches a build.
    if (!isEditableFact(variable)) {
      (problems as Record<string, string>)[variable] = "no se edita desde la bandeja";
      continue;
    }
    if (!value.trim()) continue;
    const problem =
      ownerTextProblem(value, { max: maxFactLength }) ??
      (variable === "SITE_OPENING_DAYS" ? daysProblem(value) : undefined) ??
      settingProblem(variable, value);
    if (problem) problems[variable] = problem;
  }
  return problems;
}

/**
 * The environment a build of the edited facts runs with: the deployment's, the
 * edits on top. Only editable facts pass, so no stored value can set PATH,
 * NODE_OPTIONS or any other variable of the build's process.
 */
export function buildEnvironment(
  env: Record<string, string | undefined>,
  edited: FactValues,
): Record<string, string | undefined> {
  const result = { ...env };
  for (const [variable, value] of Object.entries(edited)) {
    if (isEditableFact(variable) && value?.trim()) result[variable] = value.trim();
  }
  return result;
}
