import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

import { pages } from "./site-map.ts";

export default [
  layout("routes/site-layout.tsx", [
    ...pages.map((page) => (page.path === "/" ? index(page.file) : route(page.path, page.file))),
    route("*", "routes/not-found.tsx"),
  ]),
  route("bandeja", "routes/inbox/list.tsx"),
] satisfies RouteConfig;
