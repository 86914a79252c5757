/**
 * The list of public pages: one place that the router, the prerenderer,
 * the sitemap, the servers and the tests all read.
 */
export const pages = [
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
  { path: "/privacidad", file: "routes/privacidad.tsx", changefreq: "yearly", priority: 0.3 },
  // Where a form posted without JavaScript lands: kept out of search engines and the sitemap.
  { path: "/gracias", file: "routes/gracias.tsx", sitemap: false },
] as const;

export type PagePath = (typeof pages)[number]["path"];

type Page = (typeof pages)[number];

/** The pages search engines are told about. */
export const sitemapPages = pages.filter(
  (page): page is Extract<Page, { priority: number }> => !("sitemap" in page),
);

export const privacyPath = "/privacidad" satisfies PagePath;
export const thanksPath = "/gracias" satisfies PagePath;

/** Where the 404 page is prerendered; servers answer unknown paths with it. */
export const notFoundPath = "/404";

export const prerenderedPaths: string[] = [...pages.map((page) => page.path), notFoundPath];
