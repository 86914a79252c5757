import { expect, test } from "vitest";

import { pages } from "#app/site-map.ts";
import { robotsTxt, sitemapXml } from "./seo-files.ts";

test("the sitemap lists every page on the configured domain but the thank-you page, and only those", () => {
  const xml = sitemapXml("https://www.ejemplo.com.ar", "2026-11-21");
  const locations = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((match) => match[1]);
  expect(locations).toEqual(
    pages
      .filter((page) => !["/gracias", "/en/thank-you"].includes(page.path))
      .map((page) => `https://www.ejemplo.com.ar${page.path}`),
  );
  expect(locations).toContain("https://www.ejemplo.com.ar/privacidad");
  expect(xml).toContain("<lastmod>2026-11-21</lastmod>");
  expect(xml).not.toContain("404");
  expect(xml).not.toContain("gracias");
  expect(xml).not.toContain("thank-you");
});

test("each page lists itself and its twin as hreflang alternates, Spanish as the default", () => {
  const xml = sitemapXml("https://www.ejemplo.com.ar", "2026-11-21");
  const entry = (path: string) =>
    new RegExp(
      `<url><loc>https://www\\.ejemplo\\.com\\.ar${path.replaceAll("/", "\\/")}</loc>(.*?)</url>`,
    ).exec(xml)?.[1];
  const alternates = (path: string) =>
    [...(entry(path) ?? "").matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map(([, lang, href]) => [
      lang,
      href,
    ]);
  const expected = [
    ["es-AR", "https://www.ejemplo.com.ar/tasador"],
    ["en", "https://www.ejemplo.com.ar/en/appraiser"],
    ["x-default", "https://www.ejemplo.com.ar/tasador"],
  ];
  expect(alternates("/tasador")).toEqual(expected);
  expect(alternates("/en/appraiser")).toEqual(expected);
  expect(alternates("/en/towers/alvear-tower")).toContainEqual([
    "es-AR",
    "https://www.ejemplo.com.ar/torres/alvear-tower",
  ]);
  expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
});

test("robots allows crawling but the owner's inbox, and points at the sitemap", () => {
  expect(robotsTxt("https://www.ejemplo.com.ar")).toBe(
    "User-agent: *\nAllow: /\nDisallow: /bandeja\n\nSitemap: https://www.ejemplo.com.ar/sitemap.xml\n",
  );
});

test("the inbox is never in the sitemap", () => {
  expect(sitemapXml("https://www.ejemplo.com.ar", "2026-11-21")).not.toContain("bandeja");
});
