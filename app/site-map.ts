import { towers } from "./content/towers.ts";

/**
 * The list of public pages: one place that the router, the prerenderer, the
 * sitemap, the servers, the navigation and the tests all read. The pages
 * written by hand come first, in the order of the footer's list (`menuLabel`
 * puts a page in the main menu); one page per tower follows, derived from the
 * catalogue, so adding a tower adds its page with no code change.
 *
 * Every page exists in Spanish and in English (product decision 18): `en`
 * holds the English twin's path (English slugs under /en) and labels. The URL
 * alone decides the language of a page.
 */
export const sectionPages = [
  {
    path: "/",
    file: "routes/home.tsx",
    label: "Inicio",
    menuLabel: "Inicio",
    changefreq: "weekly",
    priority: 1.0,
    en: { path: "/en", label: "Home", menuLabel: "Home" },
  },
  {
    path: "/tasaciones-online",
    file: "routes/tasaciones-online.tsx",
    label: "Tasación online express",
    // The menu names the express online form this way (see the site spec).
    menuLabel: "Valoración de Inmuebles",
    changefreq: "monthly",
    priority: 0.9,
    en: { path: "/en/online-appraisal", label: "Express online appraisal", menuLabel: "Property valuation" },
  },
  {
    path: "/valoracion-de-inmuebles",
    file: "routes/valoracion-de-inmuebles.tsx",
    label: "Valoración de inmuebles",
    changefreq: "monthly",
    priority: 0.9,
    en: { path: "/en/property-valuation", label: "Property valuation" },
  },
  {
    path: "/tasaciones",
    file: "routes/tasaciones.tsx",
    label: "Tasaciones para venta",
    menuLabel: "Tasaciones",
    changefreq: "monthly",
    priority: 0.9,
    en: { path: "/en/appraisals-for-sale", label: "Appraisals for sale", menuLabel: "Appraisals" },
  },
  {
    path: "/tasar-departamentos",
    file: "routes/tasar-departamentos.tsx",
    label: "Tasar departamentos por torre",
    changefreq: "monthly",
    priority: 0.9,
    en: { path: "/en/apartment-appraisal", label: "Apartment appraisal by tower" },
  },
  {
    path: "/tasar-propiedades",
    file: "routes/tasar-propiedades.tsx",
    label: "Tasar propiedades por tipo",
    changefreq: "monthly",
    priority: 0.8,
    en: { path: "/en/property-appraisal", label: "Appraisal by property type" },
  },
  {
    path: "/comprar-en-pozo",
    file: "routes/comprar-en-pozo.tsx",
    label: "Comprar en pozo",
    menuLabel: "Comprar en Pozo",
    changefreq: "monthly",
    priority: 0.8,
    en: { path: "/en/off-plan", label: "Buying off-plan", menuLabel: "Buying Off-Plan" },
  },
  {
    path: "/tasador",
    file: "routes/tasador.tsx",
    label: "El tasador y su matrícula",
    changefreq: "yearly",
    priority: 0.6,
    en: { path: "/en/appraiser", label: "The appraiser and the licence" },
  },
  // Not listed in the menus (no label): the policy is linked from every footer and every form.
  {
    path: "/privacidad",
    file: "routes/privacidad.tsx",
    changefreq: "yearly",
    priority: 0.3,
    en: { path: "/en/privacy" },
  },
  // Where a form posted without JavaScript lands: kept out of search engines and the sitemap.
  {
    path: "/gracias",
    file: "routes/gracias.tsx",
    changefreq: "yearly",
    priority: 0,
    sitemap: false,
    en: { path: "/en/thank-you" },
  },
] as const;

/** The site's languages: Spanish (Argentina) first, the default; English for foreign owners and investors. */
export const languages = ["es", "en"] as const;
export type Lang = (typeof languages)[number];

/** The value of `<html lang>` and of `hreflang` for each language. */
export const htmlLang: Record<Lang, string> = { es: "es-AR", en: "en" };
/** The Open Graph locale of each language. */
export const ogLocale: Record<Lang, string> = { es: "es_AR", en: "en_US" };

/** Every English page lives under this prefix. */
export const englishPrefix = "/en";

/** The language of any path of the site: English under /en, Spanish everywhere else. */
export function langOf(path: string): Lang {
  return path === englishPrefix || path.startsWith(`${englishPrefix}/`) ? "en" : "es";
}

/** One route module serves every tower page; the prerenderer writes one page per slug. */
export const towerRoute = { path: "/torres/:slug", file: "routes/torre.tsx" } as const;
const towerBase: Record<Lang, string> = { es: "/torres", en: "/en/towers" };

export type TowerPath = `/torres/${string}` | `/en/towers/${string}`;
/** A tower's page in either language (the slug is the tower's name, the same in both). */
export const towerPath = (slug: string, lang: Lang = "es"): TowerPath =>
  `${towerBase[lang]}/${slug}` as TowerPath;

/**
 * Each language's tower list: a retired tower's old address answers 301 here
 * (decision 0020), so a link in a portal or an old message still leads somewhere useful.
 */
export const towerListPaths = {
  es: "/tasar-departamentos",
  en: "/en/apartment-appraisal",
} as const satisfies Record<Lang, string>;

/** The old addresses of retired towers, in both languages, and where each now leads. */
export function retiredTowerRedirects(slugs: readonly string[]): { from: TowerPath; to: string }[] {
  return slugs.flatMap((slug) =>
    (["es", "en"] as const).map((lang) => ({ from: towerPath(slug, lang), to: towerListPaths[lang] })),
  );
}

/** A path that may be a tower's page, in either language: only these can be a retired tower's. */
export const towerPagePattern = /^\/(?:torres|en\/towers)\/[a-z0-9]+(?:-[a-z0-9]+)*$/;

type SectionPage = (typeof sectionPages)[number];
export type PagePath = SectionPage["path"] | SectionPage["en"]["path"] | TowerPath;

export type SitePage = {
  path: PagePath;
  lang: Lang;
  /** The same page in the other language. */
  twin: PagePath;
  /** The route module that renders it. */
  file: string;
  changefreq: "weekly" | "monthly" | "yearly";
  priority: number;
  /** false keeps the page out of the sitemap (the thank-you page). */
  sitemap?: false;
};

function sitePages(lang: Lang): SitePage[] {
  const other: Lang = lang === "es" ? "en" : "es";
  return [
    ...sectionPages.map((page) => ({
      path: lang === "es" ? page.path : page.en.path,
      lang,
      twin: lang === "es" ? page.en.path : page.path,
      file: page.file,
      changefreq: page.changefreq,
      priority: page.priority,
      ...("sitemap" in page ? { sitemap: page.sitemap } : {}),
    })),
    ...towers.map((tower) => ({
      path: towerPath(tower.slug, lang),
      lang,
      twin: towerPath(tower.slug, other),
      file: towerRoute.file,
      changefreq: "monthly" as const,
      priority: 0.7,
    })),
  ];
}

/** Every page: the Spanish ones, then their English twins in the same order. */
export const pages: readonly SitePage[] = [...sitePages("es"), ...sitePages("en")];

/** The pages search engines are told about. */
export const sitemapPages = pages.filter((page) => page.sitemap !== false);

const pageByPath = new Map<string, SitePage>(pages.map((page) => [page.path, page]));
/** The prerenderer renders each page at "/path/": one form for lookups. */
const pageAt = (path: string) => pageByPath.get(path.length > 1 ? path.replace(/\/+$/, "") : path);

/** The same page in the other language, for the language switch and the `hreflang` alternates. */
export function twinOf(path: string): PagePath | undefined {
  return pageAt(path)?.twin;
}

/**
 * A page's path in the given language, from its path in either language
 * ("/tasador" → "/en/appraiser"): links written once serve both languages.
 */
export function pathIn(lang: Lang, path: string): string {
  const page = pageAt(path);
  if (!page || page.lang === lang) return path;
  return page.twin;
}

export const privacyPath = "/privacidad" satisfies PagePath;
export const thanksPath = "/gracias" satisfies PagePath;

/** Where each language's 404 page is prerendered; servers answer unknown paths with it. */
export const notFoundPaths: Record<Lang, string> = { es: "/404", en: "/en/404" };
export const notFoundPath = notFoundPaths.es;

export const prerenderedPaths: string[] = [
  ...pages.map((page) => page.path),
  ...Object.values(notFoundPaths),
];

/**
 * The router's routes of each language: each module once (the tower pages
 * share one, with the slug as a parameter). English routes carry their own
 * id, because one module serves both languages.
 */
export const routeModules: Record<Lang, readonly { path: string; file: string; id?: string }[]> = {
  es: [...sectionPages.map(({ path, file }) => ({ path, file })), towerRoute],
  en: [
    ...sectionPages.map(({ en, file }) => ({
      path: en.path,
      file,
      id: `en${en.path === "/en" ? "/home" : en.path.slice(3)}`,
    })),
    { path: `${towerBase.en}/:slug`, file: towerRoute.file, id: "en/towers" },
  ],
};
