import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

import { routeModules } from "./site-map.ts";

export default [
  // The public site: prerendered at build time (react-router.config.ts).
  layout("routes/site-layout.tsx", [
    ...routeModules.map((page) =>
      page.path === "/" ? index(page.file) : route(page.path, page.file, page.id ? { id: page.id } : {}),
    ),
    // Unknown paths: the English 404 under /en, the Spanish one everywhere else.
    route("en/*", "routes/not-found.tsx", { id: "en/not-found" }),
    route("*", "routes/not-found.tsx"),
  ]),
  // The owner's inbox: rendered per request on the server, behind a login.
  ...prefix("bandeja", [
    route("ingresar", "routes/inbox/login.tsx"),
    route("salir", "routes/inbox/logout.ts"),
    route("novedades", "routes/inbox/updates.ts"),
    layout("routes/inbox/layout.tsx", [
      index("routes/inbox/list.tsx"),
      route("consulta/:id", "routes/inbox/lead.tsx"),
      route("titular", "routes/inbox/data-subject.tsx"),
      route("exportar.csv", "routes/inbox/export.ts"),
      route("*", "routes/inbox/not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
