import { type RouteConfig, index, route } from "@react-router/dev/routes";

import { routeModules } from "./site-map.ts";

export default [
  ...routeModules.map((page) => (page.path === "/" ? index(page.file) : route(page.path, page.file))),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
