import { sitemapPages } from "../../app/site-map.ts";

export function sitemapXml(siteUrl: string, lastModified: string): string {
  const urls = sitemapPages
    .map(
      (page) =>
        `  <url><loc>${siteUrl}${page.path}</loc><lastmod>${lastModified}</lastmod>` +
        `<changefreq>${page.changefreq}</changefreq><priority>${page.priority.toFixed(1)}</priority></url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

/** Crawlers may read every public page; the owner's inbox is not for them (it also answers noindex). */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /bandeja\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}
