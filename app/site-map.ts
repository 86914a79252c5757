import { towers } from "./content/towers.ts";

/**
 * The list of public pages: one place that the router, the prerenderer, the
 * sitemap, the servers, the navigation and the tests all read. The pages
 * written by hand come first, in the order of the footer's list (`menuLabel`
 * puts a page in the main menu); one page per tower follows, derived from the
 * catalogue, so adding a tower adds its page with no code change.
 */
export const sectionPages = [
  {
    path: "/",
    file: "routes/home.tsx",
    label: "Inicio",
    menuLabel: "Inicio",
    changefreq: "weekly",
    priority: 1.0,
  },
  {
    path: "/tasaciones-online",
    file: "routes/tasaciones-online.tsx",
    label: "Tasación online express",
    // The menu names the express online form this way (see the site spec).
    menuLabel: "Valoración de Inmuebles",
    changefreq: "monthly",
    priority: 0.9,
  },
  {
    path: "/valoracion-de-inmuebles",
    file: "routes/valoracion-de-inmuebles.tsx",
    label: "Valoración de inmuebles",
    changefreq: "monthly",
    priority: 0.9,
  },
  {
    path: "/tasaciones",
    file: "routes/tasaciones.tsx",
    label: "Tasaciones para venta",
    menuLabel: "Tasaciones",
    changefreq: "monthly",
    priority: 0.9,
  },
  {
    path: "/tasar-departamentos",
    file: "routes/tasar-departamentos.tsx",
    label: "Tasar departamentos por torre",
    changefreq: "monthly",
    priority: 0.9,
  },
  {
    path: "/tasar-propiedades",
    file: "routes/tasar-propiedades.tsx",
    label: "Tasar propiedades por tipo",
    changefreq: "monthly",
    priority: 0.8,
  },
  {
    path: "/comprar-en-pozo",
    file: "routes/comprar-en-pozo.tsx",
    label: "Comprar en pozo",
    menuLabel: "Comprar en Pozo",
    changefreq: "monthly",
    priority: 0.8,
  },
  {
    path: "/tasador",
    file: "routes/tasador.tsx",
    label: "El tasador y su matrícula",
    changefreq: "yearly",
    priority: 0.6,
  },
  // Not listed in the menus (no label): the policy is linked from every footer and every form.
  { path: "/privacidad", file: "routes/privacidad.tsx", changefreq: "yearly", priority: 0.3 },
  // Where a form posted without JavaScript lands: kept out of search engines and the sitemap.
  { path: "/gracias", file: "routes/gracias.tsx", changefreq: "yearly", priority: 0, sitemap: false },
] as const;

/** One route module serves every tower page; the prerenderer writes one page per slug. */
export const towerRoute = { path: "/torres/:slug", file: "routes/torre.tsx" } as const;

export type TowerPath = `/torres/${string}`;
export const towerPath = (slug: string): TowerPath => `/torres/${slug}`;

export type PagePath = (typeof sectionPages)[number]["path"] | TowerPath;

export type SitePage = {
  path: PagePath;
  /** The route module that renders it. */
  file: string;
  changefreq: "weekly" | "monthly" | "yearly";
  priority: number;
  /** false keeps the page out of the sitemap (the thank-you page). */
  sitemap?: false;
};

export const pages: readonly SitePage[] = [
  ...sectionPages,
  ...towers.map((tower) => ({
    path: towerPath(tower.slug),
    file: towerRoute.file,
    changefreq: "monthly" as const,
    priority: 0.7,
  })),
];

/** The pages search engines are told about. */
export const sitemapPages = pages.filter((page) => page.sitemap !== false);

export const privacyPath = "/privacidad" satisfies PagePath;
export const thanksPath = "/gracias" satisfies PagePath;

/** Where the 404 page is prerendered; servers answer unknown paths with it. */
export const notFoundPath = "/404";

export const prerenderedPaths: string[] = [...pages.map((page) => page.path), notFoundPath];

/** The router's routes: each module once (the tower pages share one, with the slug as a parameter). */
export const routeModules: readonly { path: string; file: string }[] = [
  ...sectionPages.map(({ path, file }) => ({ path, file })),
  towerRoute,
];
