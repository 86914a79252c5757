import { expect, test } from "vitest";

import { pages } from "../../app/site-map.ts";
import { robotsTxt, sitemapXml } from "./seo-files.ts";

test("the sitemap lists every page on the configured domain but the thank-you page, and only those", () => {
  const xml = sitemapXml("https://www.ejemplo.com.ar", "2026-11-21");
  const locations = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);
  expect(locations).toEqual(
    pages.filter((page) => page.path !== "/gracias").map((page) => `https://www.ejemplo.com.ar${page.path}`),
  );
  expect(locations).toContain("https://www.ejemplo.com.ar/privacidad");
  expect(xml).toContain("<lastmod>2026-11-21</lastmod>");
  expect(xml).not.toContain("404");
  expect(xml).not.toContain("gracias");
});

test("robots allows crawling but the owner's inbox, and points at the sitemap", () => {
  expect(robotsTxt("https://www.ejemplo.com.ar")).toBe(
    "User-agent: *\nAllow: /\nDisallow: /bandeja\n\nSitemap: https://www.ejemplo.com.ar/sitemap.xml\n",
  );
});

test("the inbox is never in the sitemap", () => {
  expect(sitemapXml("https://www.ejemplo.com.ar", "2026-11-21")).not.toContain("bandeja");
});
