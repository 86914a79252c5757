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
  /** A field for an input's type and keyboard on a phone. */
  input: "text" | "tel" | "email" | "url" | "number" | "time";
};

export const editableFacts: readonly EditableFact[] = [
  { variable: "SITE_BUSINESS_NAME", label: "Nombre del estudio", input: "text" },
  { variable: "SITE_APPRAISER_NAME", label: "Nombre del tasador", input: "text" },
  { variable: "SITE_REGISTRATION_NUMBER", label: "Matrícula", hint: "El número, sin «Mat.».", input: "text" },
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
    hint: "Solo dígitos, con código de país: 5491123456789. Acá llegan todas las consultas.",
    input: "tel",
  },
  { variable: "SITE_PHONE_DISPLAY", label: "Teléfono, como se muestra", input: "tel" },
  { variable: "SITE_STREET_ADDRESS", label: "Dirección de la oficina", input: "text" },
  { variable: "SITE_LOCALITY", label: "Barrio y ciudad", input: "text" },
  { variable: "SITE_POSTAL_CODE", label: "Código postal", input: "text" },
  { variable: "SITE_EMAIL", label: "E-mail de contacto", input: "email" },
  {
    variable: "SITE_OPENING_DAYS",
    label: "Días de atención",
    hint: "En inglés, separados por comas (así los leen los buscadores): Monday,Tuesday,…",
    input: "text",
  },
  { variable: "SITE_OPENS", label: "Abre a las", hint: "HH:MM", input: "time" },
  { variable: "SITE_CLOSES", label: "Cierra a las", hint: "HH:MM", input: "time" },
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

/** Each edited fact that breaks the build's rules, with the build's words. */
export function factProblems(edited: FactValues): Partial<Record<SiteVariable, string>> {
  const problems: Partial<Record<SiteVariable, string>> = {};
  for (const [variable, value] of Object.entries(edited) as [SiteVariable, string][]) {
    // Only the facts listed above are the owner's to change; anything else never reaches a build.
    if (!isEditableFact(variable)) {
      (problems as Record<string, string>)[variable] = "no se edita desde la bandeja";
      continue;
    }
    if (!value.trim()) continue;
    const problem = settingProblem(variable, value);
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
