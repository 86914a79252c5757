import { expect, test } from "vitest";

import { isHiddenPath, pageFile } from "./build-layout.ts";
import { renderNginxSite } from "./nginx-config.ts";

test("each page path maps to its HTML file in the client folder", () => {
  expect(pageFile("/")).toBe("index.html");
  expect(pageFile("/tasaciones")).toBe("tasaciones/index.html");
  expect(pageFile("/404")).toBe("404/index.html");
});

test("nginx hides exactly the paths the Node server hides", () => {
  const site = renderNginxSite({
    policy: { formServiceUrl: "https://f.example", scriptHashes: [] },
    root: "/srv/site/client",
    listen: "80",
  });
  // The hidden paths under /en (answered with the English 404 page), then all the others.
  const [englishHidden, hidden] = [...site.matchAll(/location ~ (\S+) \{/g)].map((match) => new RegExp(match[1]!));
  const hiddenLocation = { test: (path: string) => englishHidden!.test(path) || hidden!.test(path) };
  const paths = [
    "/",
    "/tasaciones",
    "/404",
    "/404.html",
    "/x404",
    "/index.html",
    "/tasaciones/index.html",
    "/index.htmlx",
    "/__spa-fallback.html",
    "/spa-fallback.html",
    "/_headers",
    "/_headers2",
    "/_redirects",
    "/index.html.gz",
    "/assets/app.js.br",
    "/assets/app.js",
    "/sitemap.xml",
    "/en",
    "/en/404",
    "/en/404.html",
    "/en/index.html",
    "/en/appraiser/index.html",
    "/en/index.html.gz",
    "/en/appraiser",
  ];
  for (const path of paths) expect(hiddenLocation.test(path), path).toBe(isHiddenPath(path));
  expect(paths.filter(isHiddenPath)).toHaveLength(14);
  for (const path of paths.filter((candidate) => candidate.startsWith("/en/")))
    expect(englishHidden!.test(path), path).toBe(isHiddenPath(path));
});
