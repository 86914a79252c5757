import { describe, expect, test } from "vitest";

import { buildMeta } from "./meta.ts";

const site = { siteUrl: "https://www.ejemplo.com.ar", businessName: "Estudio Ejemplo" };
const page = {
  path: "/tasaciones",
  title: "Tasaciones para venta",
  description: "Tasación con estrategia comercial.",
  keywords: ["tasación", "Puerto Madero"],
  jsonLd: { "@type": "Service" },
};

describe("buildMeta", () => {
  const meta = buildMeta(page, site);

  test("sets title, description and keywords", () => {
    expect(meta).toContainEqual({ title: "Tasaciones para venta" });
    expect(meta).toContainEqual({ name: "description", content: "Tasación con estrategia comercial." });
    expect(meta).toContainEqual({ name: "keywords", content: "tasación, Puerto Madero" });
  });

  test("points canonical and og:url at the configured domain", () => {
    expect(meta).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://www.ejemplo.com.ar/tasaciones",
    });
    expect(meta).toContainEqual({ property: "og:url", content: "https://www.ejemplo.com.ar/tasaciones" });
  });

  test("shares an absolute image on Open Graph and Twitter", () => {
    expect(meta).toContainEqual({
      property: "og:image",
      content: "https://www.ejemplo.com.ar/social-card.png",
    });
    expect(meta).toContainEqual({
      name: "twitter:image",
      content: "https://www.ejemplo.com.ar/social-card.png",
    });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  test("carries the JSON-LD", () => {
    expect(meta).toContainEqual({ "script:ld+json": { "@type": "Service" } });
  });

  test("the error page has no canonical URL", () => {
    const notFound = buildMeta({ ...page, isErrorPage: true }, site);
    expect(notFound.some((item) => "rel" in item && item.rel === "canonical")).toBe(false);
    expect(notFound.some((item) => "property" in item && item.property === "og:url")).toBe(false);
  });

  test("a noindex page asks search engines to leave it out and has no canonical URL", () => {
    const thanks = buildMeta({ ...page, noindex: true }, site);
    expect(thanks).toContainEqual({ name: "robots", content: "noindex" });
    expect(thanks.some((item) => "rel" in item && item.rel === "canonical")).toBe(false);
    expect(meta.some((item) => "name" in item && item.name === "robots")).toBe(false);
  });
});

describe("a page with its own sharing image and several structured-data blocks", () => {
  const meta = buildMeta(
    {
      ...page,
      path: "/torres/alvear-tower",
      image: {
        path: "/generated/social/alvear-tower-abc.png",
        alt: "Alvear Tower",
        width: 1200,
        height: 630,
      },
      jsonLd: [{ "@type": "BreadcrumbList" }, { "@type": "ApartmentComplex" }],
    },
    site,
  );

  test("shares that image, with its text alternative, on Open Graph and Twitter", () => {
    const url = "https://www.ejemplo.com.ar/generated/social/alvear-tower-abc.png";
    expect(meta).toContainEqual({ property: "og:image", content: url });
    expect(meta).toContainEqual({ name: "twitter:image", content: url });
    expect(meta).toContainEqual({ property: "og:image:alt", content: "Alvear Tower" });
    expect(meta).toContainEqual({ name: "twitter:image:alt", content: "Alvear Tower" });
  });

  test("renders one JSON-LD script per block", () => {
    expect(meta).toContainEqual({ "script:ld+json": { "@type": "BreadcrumbList" } });
    expect(meta).toContainEqual({ "script:ld+json": { "@type": "ApartmentComplex" } });
  });
});
