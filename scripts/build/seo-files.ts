import { htmlLang, sitemapPages, type SitePage } from "#app/site-map.ts";
import { inboxRoot } from "#app/features/inbox/paths.ts";

/**
 * Each page with its `hreflang` alternates (both languages and x-default, the
 * Spanish page), the same pairs as the page's own head.
 */
export function sitemapXml(siteUrl: string, lastModified: string): string {
  const urls = sitemapPages
    .map(
      (page) =>
        `  <url><loc>${siteUrl}${page.path}</loc>${alternateLinks(siteUrl, page)}<lastmod>${lastModified}</lastmod>` +
        `<changefreq>${page.changefreq}</changefreq><priority>${page.priority.toFixed(1)}</priority></url>`,
    )
    .join("\n");
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n` +
    `${urls}\n</urlset>\n`
  );
}

function alternateLinks(siteUrl: string, page: SitePage): string {
  const spanish = page.lang === "es" ? page.path : page.twin;
  const english = page.lang === "en" ? page.path : page.twin;
  return [
    [htmlLang.es, spanish],
    [htmlLang.en, english],
    ["x-default", spanish],
  ]
    .map(([lang, path]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${siteUrl}${path}"/>`)
    .join("");
}

/** Crawlers may read every public page; the owner's inbox is not for them (it also answers noindex). */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: ${inboxRoot}\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
