import type { MetaDescriptor } from "react-router";

import type { SiteConfig } from "../../config/site-config.ts";
import { htmlLang, langOf, ogLocale, twinOf, type Lang } from "../../site-map.ts";

export type PageMeta = {
  /** Canonical path, e.g. "/tasaciones"; it also decides the page's language. */
  path: string;
  title: string;
  description: string;
  keywords: readonly string[];
  /** Structured data for the page, rendered as JSON-LD in the static HTML (one script per item). */
  jsonLd?: Record<string, unknown> | readonly Record<string, unknown>[];
  /** The page's own sharing image (a tower's card); default: the site's social card. */
  image?: SocialImage;
  /**
   * The 404 page: no canonical URL (it stands for any unknown path). It is kept
   * out of search results by its HTTP status 404, which every server sends.
   */
  isErrorPage?: boolean;
  /** A page only reached by doing something (the thank-you page): out of search results, no canonical URL. */
  noindex?: boolean;
};

export type SocialImage = { path: string; alt: string; width: number; height: number };

export const socialImagePath = "/social-card.png";

/** The site's card (scripts/images/brand-art.ts draws it with this text). */
export function siteSocialImage(businessName: string, lang: Lang = "es"): SocialImage {
  const what = {
    es: "tasaciones profesionales en Puerto Madero",
    en: "professional appraisals in Puerto Madero",
  };
  return {
    path: socialImagePath,
    alt: `${businessName}: ${what[lang]}`,
    width: 1200,
    height: 630,
  };
}

/** Title, description, canonical URL, Open Graph, Twitter and JSON-LD for one page. */
export function buildMeta(
  page: PageMeta,
  site: Pick<SiteConfig, "siteUrl" | "businessName">,
): MetaDescriptor[] {
  const url = `${site.siteUrl}${page.path}`;
  const lang = langOf(page.path);
  const social = page.image ?? siteSocialImage(site.businessName, lang);
  const image = `${site.siteUrl}${social.path}`;
  const descriptors: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: page.description },
    { name: "keywords", content: page.keywords.join(", ") },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: ogLocale[lang] },
    { property: "og:site_name", content: site.businessName },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(social.width) },
    { property: "og:image:height", content: String(social.height) },
    { property: "og:image:alt", content: social.alt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: page.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: social.alt },
  ];
  if (page.noindex) descriptors.push({ name: "robots", content: "noindex" });
  else if (!page.isErrorPage) {
    descriptors.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
    descriptors.push(...alternates(page.path, site.siteUrl));
  }
  const jsonLd = page.jsonLd === undefined ? [] : Array.isArray(page.jsonLd) ? page.jsonLd : [page.jsonLd];
  for (const item of jsonLd) descriptors.push({ "script:ld+json": item });
  return descriptors;
}

/**
 * The page in each language (`hreflang`), itself included, and Spanish as the
 * default for every other language: the same pairs as the sitemap.
 */
export function alternates(path: string, siteUrl: string): MetaDescriptor[] {
  const twin = twinOf(path);
  if (!twin) return [];
  const byLang: Record<Lang, string> =
    langOf(path) === "es" ? { es: path, en: twin } : { es: twin, en: path };
  return [
    { tagName: "link", rel: "alternate", hrefLang: htmlLang.es, href: `${siteUrl}${byLang.es}` },
    { tagName: "link", rel: "alternate", hrefLang: htmlLang.en, href: `${siteUrl}${byLang.en}` },
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: `${siteUrl}${byLang.es}` },
  ];
}
