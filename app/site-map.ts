import { towers } from "./content/towers.ts";

/**
 * The list of public pages: one place that the router, the prerenderer,
 * the sitemap, the servers and the tests all read. The tower pages come from
 * the catalogue: adding a tower adds its page, with no code change.
 */
const staticPages = [
  { path: "/", file: "routes/home.tsx", changefreq: "weekly", priority: 1.0 },
  {
    path: "/valoracion-de-inmuebles",
    file: "routes/valoracion-de-inmuebles.tsx",
    changefreq: "monthly",
    priority: 0.9,
  },
  { path: "/tasaciones", file: "routes/tasaciones.tsx", changefreq: "monthly", priority: 0.9 },
  { path: "/comprar-en-pozo", file: "routes/comprar-en-pozo.tsx", changefreq: "monthly", priority: 0.8 },
  {
    path: "/tasar-departamentos",
    file: "routes/tasar-departamentos.tsx",
    changefreq: "monthly",
    priority: 0.9,
  },
  { path: "/tasar-propiedades", file: "routes/tasar-propiedades.tsx", changefreq: "monthly", priority: 0.8 },
  { path: "/tasaciones-online", file: "routes/tasaciones-online.tsx", changefreq: "monthly", priority: 0.9 },
  { path: "/tasador", file: "routes/tasador.tsx", changefreq: "yearly", priority: 0.6 },
] as const;

/** One route module serves every tower page; the prerenderer writes one page per slug. */
export const towerRoute = { path: "/torres/:slug", file: "routes/torre.tsx" } as const;

export type TowerPath = `/torres/${string}`;
export const towerPath = (slug: string): TowerPath => `/torres/${slug}`;

export type PagePath = (typeof staticPages)[number]["path"] | TowerPath;

export type SitePage = {
  path: PagePath;
  /** The route module that renders it. */
  file: string;
  changefreq: "weekly" | "monthly" | "yearly";
  priority: number;
};

export const pages: readonly SitePage[] = [
  ...staticPages,
  ...towers.map((tower) => ({
    path: towerPath(tower.slug),
    file: towerRoute.file,
    changefreq: "monthly" as const,
    priority: 0.7,
  })),
];

/** Where the 404 page is prerendered; servers answer unknown paths with it. */
export const notFoundPath = "/404";

export const prerenderedPaths: string[] = [...pages.map((page) => page.path), notFoundPath];

/** The router's routes: each page's module once (the tower pages share one, with the slug as a parameter). */
export const routeModules: readonly { path: string; file: string }[] = [
  ...staticPages.map(({ path, file }) => ({ path, file })),
  towerRoute,
];
