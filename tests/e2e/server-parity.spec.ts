/**
 * The project's own serve command (Playwright's web server) and nginx answer
 * every kind of request the same way: status, redirect target, headers, body.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { pages } from "../../app/site-map.ts";
import { buildDir, clientDirOf, pageFile } from "../../server/build-layout.ts";
import { readHeaderPolicy, securityHeaders } from "../../server/headers.ts";
import { expect, test } from "./fixtures.ts";
import { rawRequest, rawTarget } from "./raw-http.ts";

const homeHtml = readFileSync(join(clientDirOf(buildDir), pageFile("/")), "utf8");
const assets = [...homeHtml.matchAll(/(?:href|src|data-island)="(\/assets\/[^"]+)"/g)].map(
  (match) => match[1]!,
);

const compared = [
  ...securityHeaders(readHeaderPolicy(buildDir)).map(([name]) => name),
  "Vary",
  "Cache-Control",
  "Content-Encoding",
  "Location",
  "Allow",
].map((name) => name.toLowerCase());

const paths = [
  ...pages.map((page) => page.path),
  ...pages.filter((page) => page.path !== "/").map((page) => `${page.path}/`),
  "/tasaciones/?ref=parity",
  ...assets.slice(0, 3),
  "/sitemap.xml",
  "/robots.txt",
  "/no-existe",
  "/404",
  "/404.html",
  "/index.html",
  "/tasaciones/index.html",
  "/_headers",
  "/_redirects",
  "/index.html.br",
  "/assets/no-existe.js",
  // Under /en: the English 404 page, from both servers.
  "/en/no-such-page",
  "/en/404",
  "/en/404.html",
  "/en/index.html",
  "/en/appraiser/index.html",
  "/en/index.html.gz",
  "/enlace",
];

test("the Node server and nginx give identical status, headers and bodies", async ({ nginx, baseURL }) => {
  expect(assets.length, "the home page links assets").toBeGreaterThan(0);
  const differences: string[] = [];
  const requests = paths.flatMap((path) =>
    ["br, gzip", "gzip", "identity"].map((encoding) => ({ path, method: "GET", encoding })),
  );
  requests.push(
    { path: "/", method: "HEAD", encoding: "br" },
    { path: "/", method: "POST", encoding: "identity" },
  );
  for (const { path, method, encoding } of requests) {
    const options = { method, headers: { "accept-encoding": encoding } };
    const [node, reference] = await Promise.all([
      rawRequest(`${baseURL}${path}`, options),
      rawRequest(`${nginx.baseUrl}${path}`, options),
    ]);
    const what = `${method} ${path} (${encoding})`;
    if (node.status !== reference.status)
      differences.push(`${what}: status ${node.status} vs nginx ${reference.status}`);
    for (const name of compared) {
      if (node.header(name) !== reference.header(name)) {
        differences.push(
          `${what}: ${name} ${JSON.stringify(node.header(name))} vs nginx ${JSON.stringify(reference.header(name))}`,
        );
      }
    }
    if (reference.status === 200 || reference.status === 404) {
      if (node.header("content-type") !== reference.header("content-type")) {
        differences.push(
          `${what}: content-type ${node.header("content-type")} vs nginx ${reference.header("content-type")}`,
        );
      }
      if (method === "GET" && !node.decoded().equals(reference.decoded()))
        differences.push(`${what}: bodies differ`);
    }
  }
  expect(differences).toEqual([]);
});

test("no request target makes either server redirect to another host", async ({ nginx, baseURL }) => {
  const targets = [
    "/.//evil.example/",
    "/x/..//evil.example/",
    "/%2e//evil.example/",
    "/%2E%2E//evil.example/",
    "/tasaciones/..//evil.example/",
    "//evil.example/",
    "///evil.example/",
    "/%2F%2Fevil.example/",
    "/%2f/evil.example/",
    "/.%2F/evil.example/",
    "/\\evil.example/",
    "/.\\\\evil.example/",
    "/%5C%5Cevil.example/",
    "/%5cevil.example/",
    "/\\/evil.example/",
    "http://localhost//evil.example/a/",
    "http://evil.example/a/",
  ];
  const elsewhere: string[] = [];
  for (const server of [baseURL!, nginx.baseUrl]) {
    for (const target of targets) {
      const response = await rawTarget(server, target);
      const location = response.header("location");
      if (location === undefined) continue;
      const sameHost = new URL(location, "https://site.example").host === "site.example";
      if (!/^\/(?![/\\])/.test(location) || !sameHost)
        elsewhere.push(`${server} ${target} → ${response.status} ${location}`);
    }
  }
  expect(elsewhere).toEqual([]);
});
