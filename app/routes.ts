import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

import { routeModules } from "./site-map.ts";

export default [
  // The public site, one layout per language (each brings its language's shared copy):
  // prerendered at build time (react-router.config.ts).
  layout("routes/site-layout.tsx", [
    ...routeModules.es.map((page) => (page.path === "/" ? index(page.file) : route(page.path, page.file))),
    route("*", "routes/not-found.tsx"),
  ]),
  layout("routes/en/site-layout.tsx", [
    ...routeModules.en.map((page) => route(page.path, page.file, { id: page.id })),
    // Unknown paths under /en: the English 404 page.
    route("en/*", "routes/not-found.tsx", { id: "en/not-found" }),
  ]),
  // The owner's inbox: rendered per request on the server, behind a login.
  ...prefix("bandeja", [
    route("ingresar", "routes/inbox/login.tsx"),
    route("ingresar/verificar", "routes/inbox/second-step.tsx"),
    route("llave", "routes/inbox/passkey-options.ts"),
    route("salir", "routes/inbox/logout.ts"),
    route("novedades", "routes/inbox/updates.ts"),
    layout("routes/inbox/layout.tsx", [
      index("routes/inbox/list.tsx"),
      route("consulta/:id", "routes/inbox/lead.tsx"),
      route("titular", "routes/inbox/data-subject.tsx"),
      route("resultados", "routes/inbox/results.tsx"),
      route("seguridad", "routes/inbox/security.tsx"),
      route("confirmar", "routes/inbox/confirm.tsx"),
      route("sitio", "routes/inbox/site.tsx"),
      route("sitio/vista-previa/*", "routes/inbox/site-preview.ts"),
      route("exportar.csv", "routes/inbox/export.ts"),
      route("*", "routes/inbox/not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
