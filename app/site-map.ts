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
] as const;

export type PagePath = (typeof pages)[number]["path"];

/** Where the 404 page is prerendered; servers answer unknown paths with it. */
export const notFoundPath = "/404";

export const prerenderedPaths: string[] = [...pages.map((page) => page.path), notFoundPath];
