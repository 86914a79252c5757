import { z } from "zod";

/**
 * The business facts the site prints: one typed configuration, read once at
 * build time from environment variables, with clearly fictional defaults so a
 * fresh clone builds and runs. `npm run check:release` refuses the examples.
 */

const digits = z
  .string()
  .regex(/^\d{10,15}$/, "solo dígitos, con código de país (por ejemplo 5491123456789)");
const text = z.string().trim().min(2, "no puede estar vacío");
const httpsOrigin = z
  .url({ protocol: /^https?$/, error: "debe ser una URL absoluta, por ejemplo https://www.ejemplo.com.ar" })
  .transform((value) => value.replace(/\/+$/, ""));
const httpsUrl = z.url({
  protocol: /^https?$/,
  error: "debe ser una URL absoluta, por ejemplo https://www.colegio.org.ar/matriculados",
});
const list = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.string()).min(1, "debe tener al menos un valor separado por comas"));
const percent = z.coerce.number().int().min(1).max(100);
/** Where the lead service answers: "" = the site's own origin, "none" = no service (static site only). */
const formService = z.union([
  z.literal(""),
  z.literal("none"),
  z
    .url({
      protocol: /^https?$/,
      error:
        'debe ser vacío (el mismo origen), "none" (sin servicio) o un origen, por ejemplo https://leads.ejemplo.com.ar',
    })
    .transform((value) => value.replace(/\/+$/, "")),
]);

/** Each setting: its environment variable, its schema and its default. `example` marks fictional defaults. */
const settings = {
  businessName: {
    env: "SITE_BUSINESS_NAME",
    schema: text,
    fallback: "Madero Tasaciones (ejemplo)",
    example: true,
  },
  appraiserName: { env: "SITE_APPRAISER_NAME", schema: text, fallback: "Lic. Laura Ejemplo", example: true },
  registrationNumber: { env: "SITE_REGISTRATION_NUMBER", schema: text, fallback: "0000", example: true },
  professionalBody: { env: "SITE_PROFESSIONAL_BODY", schema: text, fallback: "CUCICBA", example: false },
  /** The professional body's public registry, where anyone can look the registration number up. */
  registryUrl: {
    env: "SITE_REGISTRY_URL",
    schema: httpsUrl,
    fallback: "https://matriculados.colegio-profesional.example/buscar",
    example: true,
  },
  whatsappNumber: { env: "SITE_WHATSAPP_NUMBER", schema: digits, fallback: "5491100000000", example: true },
  phoneDisplay: { env: "SITE_PHONE_DISPLAY", schema: text, fallback: "+54 9 11 0000-0000", example: true },
  streetAddress: {
    env: "SITE_STREET_ADDRESS",
    schema: text,
    fallback: "Av. Alicia Moreau de Justo 0000, piso 0",
    example: true,
  },
  locality: {
    env: "SITE_LOCALITY",
    schema: text,
    fallback: "Puerto Madero, Ciudad Autónoma de Buenos Aires",
    example: false,
  },
  postalCode: { env: "SITE_POSTAL_CODE", schema: text, fallback: "C1107", example: false },
  email: {
    env: "SITE_EMAIL",
    schema: z.email("debe ser un email válido"),
    fallback: "contacto@tasaciones-madero.example",
    example: true,
  },
  siteUrl: {
    env: "SITE_URL",
    schema: httpsOrigin,
    fallback: "https://www.tasaciones-madero.example",
    example: true,
  },
  formServiceUrl: { env: "SITE_FORM_SERVICE_URL", schema: formService, fallback: "", example: false },
  offPlanFormId: {
    env: "SITE_OFFPLAN_FORM_ID",
    schema: z.string().regex(/^[a-z0-9-]+$/, "solo minúsculas, números y guiones"),
    fallback: "consulta-inversion-pozo",
    example: false,
  },
  openingDays: {
    env: "SITE_OPENING_DAYS",
    schema: list,
    fallback: "Monday,Tuesday,Wednesday,Thursday,Friday",
    example: false,
  },
  opens: {
    env: "SITE_OPENS",
    schema: z.string().regex(/^\d{2}:\d{2}$/, "la hora, como 09:00"),
    fallback: "09:00",
    example: false,
  },
  closes: {
    env: "SITE_CLOSES",
    schema: z.string().regex(/^\d{2}:\d{2}$/, "la hora, como 09:00"),
    fallback: "18:00",
    example: false,
  },
  currencies: { env: "SITE_CURRENCIES", schema: list, fallback: "ARS,USD", example: false },
  paymentMethods: {
    env: "SITE_PAYMENT_METHODS",
    schema: list,
    fallback: "Cash,Credit Card,Bank Transfer",
    example: false,
  },
  deliveryHours: {
    env: "SITE_DELIVERY_HOURS",
    schema: z.string().regex(/^\d+-\d+$/, "dos números, como 24-48"),
    fallback: "24-48",
    example: false,
  },
  yearsOfExperience: {
    env: "SITE_YEARS_OF_EXPERIENCE",
    schema: z.coerce.number().int().min(1).max(80),
    fallback: "15",
    example: false,
  },
  offPlanDiscountPercent: {
    env: "SITE_OFFPLAN_DISCOUNT_PERCENT",
    schema: percent,
    fallback: "30",
    example: false,
  },
  yearlyAppreciation: {
    env: "SITE_YEARLY_APPRECIATION",
    schema: z.string().regex(/^\d+-\d+$/, "dos números, como 8-12"),
    fallback: "8-12",
    example: false,
  },
  fasterSalePercent: { env: "SITE_FASTER_SALE_PERCENT", schema: percent, fallback: "40", example: false },
  /** How long a lead is kept before deletion (product decision 15); printed on /privacidad. */
  leadsRetentionMonths: {
    env: "LEADS_RETENTION_MONTHS",
    schema: z.coerce.number().int().min(1, "al menos 1 mes").max(120, "como mucho 120 meses"),
    fallback: "24",
    example: false,
  },
} as const;

type Settings = typeof settings;

/** The environment variable of every setting, e.g. "SITE_WHATSAPP_NUMBER". */
export type SiteVariable = Settings[keyof Settings]["env"];

const settingByVariable = new Map<string, Settings[keyof Settings]>(
  Object.values(settings).map((setting) => [setting.env, setting]),
);

/**
 * One setting's value checked on its own, with the same rules and words as the
 * build: undefined when valid, otherwise the reason ("solo dígitos, …"). The
 * inbox's editor checks each fact the owner types with it.
 */
export function settingProblem(variable: SiteVariable, raw: string): string | undefined {
  const setting = settingByVariable.get(variable)!;
  const parsed = setting.schema.safeParse(raw.trim() || setting.fallback);
  return parsed.success ? undefined : parsed.error.issues.map((issue) => issue.message).join("; ");
}

/** A setting's starting value when its variable is unset, and whether that value is a fictional example. */
export function settingDefault(variable: SiteVariable): { fallback: string; example: boolean } {
  const { fallback, example } = settingByVariable.get(variable)!;
  return { fallback, example };
}
export type SiteConfig = { [Key in keyof Settings]: z.output<Settings[Key]["schema"]> };

export class SiteConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Configuración del sitio inválida:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "SiteConfigError";
    this.problems = problems;
  }
}

export type LoadedSiteConfig = {
  config: SiteConfig;
  /** Environment variables still holding a fictional example value. */
  examplesInUse: string[];
};

type Environment = Record<string, string | undefined>;

export function loadSiteConfig(env: Environment): LoadedSiteConfig {
  const config: Record<string, unknown> = {};
  const problems: string[] = [];
  const examplesInUse: string[] = [];

  for (const [key, setting] of Object.entries(settings)) {
    const raw = env[setting.env]?.trim() || setting.fallback;
    const parsed = setting.schema.safeParse(raw);
    if (!parsed.success) {
      problems.push(
        `${setting.env}=${JSON.stringify(raw)}: ${parsed.error.issues.map((issue) => issue.message).join("; ")}`,
      );
      continue;
    }
    config[key] = parsed.data;
    if (setting.example && raw === setting.fallback) examplesInUse.push(setting.env);
  }

  if (problems.length > 0) throw new SiteConfigError(problems);
  return { config: config as SiteConfig, examplesInUse };
}

/** For build scripts: the configuration, or a readable Spanish error and exit code 1. */
export function loadSiteConfigOrExit(env: Environment): LoadedSiteConfig {
  try {
    return loadSiteConfig(env);
  } catch (error) {
    if (!(error instanceof SiteConfigError)) throw error;
    console.error(`\n${error.message}\n`);
    process.exit(1);
  }
}
