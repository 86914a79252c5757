/**
 * The list of public pages: one place that the router, the prerenderer, the
 * sitemap, the servers, the navigation and the tests all read. The order is
 * the order of the footer's list (the pages with a `label`); `menuLabel` puts
 * a page in the main menu.
 */
export const pages = [
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
  // Not listed in the menus (no label): the policy is linked from every footer and every form.
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
