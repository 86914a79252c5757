import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

import { inboxPaths, inboxRoot, leadPath, leadVisitPath, routeSegment } from "./features/inbox/paths.ts";
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
  ...prefix(inboxRoot.slice(1), [
    route(routeSegment(inboxPaths.login), "routes/inbox/login.tsx"),
    route(routeSegment(inboxPaths.secondStep), "routes/inbox/second-step.tsx"),
    route(routeSegment(inboxPaths.firstSignIn), "routes/inbox/first-sign-in.tsx"),
    route(routeSegment(inboxPaths.notMe), "routes/inbox/not-me.tsx"),
    route(routeSegment(inboxPaths.passkeyOptions), "routes/inbox/passkey-options.ts"),
    route(routeSegment(inboxPaths.logout), "routes/inbox/logout.ts"),
    route(routeSegment(inboxPaths.updates), "routes/inbox/updates.ts"),
    layout("routes/inbox/layout.tsx", [
      index("routes/inbox/list.tsx"),
      route(routeSegment(leadPath(":id")), "routes/inbox/lead.tsx"),
      route(routeSegment(leadVisitPath(":id")), "routes/inbox/lead-visit.tsx"),
      route(routeSegment(inboxPaths.agenda), "routes/inbox/agenda.tsx"),
      route(routeSegment(inboxPaths.dataSubject), "routes/inbox/data-subject.tsx"),
      route(routeSegment(inboxPaths.results), "routes/inbox/results.tsx"),
      route(routeSegment(inboxPaths.security), "routes/inbox/security.tsx"),
      route(routeSegment(inboxPaths.confirm), "routes/inbox/confirm.tsx"),
      route(routeSegment(inboxPaths.site), "routes/inbox/site.tsx"),
      route(routeSegment(inboxPaths.siteTowers), "routes/inbox/site-towers.tsx"),
      route(routeSegment(inboxPaths.siteTowerPattern), "routes/inbox/site-tower.tsx"),
      route(`${routeSegment(inboxPaths.sitePreview)}/*`, "routes/inbox/site-preview.ts"),
      route(routeSegment(inboxPaths.sitePhotos), "routes/inbox/site-photos.tsx"),
      route(`${routeSegment(inboxPaths.sitePhotoFile)}/:file`, "routes/inbox/site-photo-file.ts"),
      route(routeSegment(inboxPaths.export), "routes/inbox/export.ts"),
      route("*", "routes/inbox/not-found.tsx"),
    ]),
  ]),
] satisfies RouteConfig;
