import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { expect, test, vi } from "vitest";

import { CatalogueImage } from "./catalogue-image.tsx";

// A fixed manifest: the component's behaviour must not depend on a generator run.
vi.mock("../content/images.ts", () => {
  const entries: Record<string, unknown> = {
    "tower/alvear-tower": { src: "/generated/towers/alvear-tower-abc.svg", width: 640, height: 400 },
    "tower/mulieris": {
      src: "/generated/towers/mulieris-1-800.jpg",
      width: 800,
      height: 500,
      srcset: "/generated/towers/mulieris-1-400.jpg 400w, /generated/towers/mulieris-1-800.jpg 800w",
      sources: [
        { type: "image/avif", srcset: "/m-400.avif 400w, /m-800.avif 800w" },
        { type: "image/webp", srcset: "/m-400.webp 400w, /m-800.webp 800w" },
      ],
    },
    "tower/hostil": {
      src: "/generated/towers/hostil-1-800.jpg",
      width: 800,
      height: 500,
      sources: [],
      alt: { es: '"><img src=x onerror=alert(1)></picture><script>alert(2)</script>', en: "x" },
    },
    "tower/oceana": {
      src: "/generated/towers/oceana-1-800.jpg",
      width: 800,
      height: 500,
      sources: [],
      alt: { es: "Fachada de Oceana desde el dique", en: "The facade of Oceana from the dock" },
    },
  };
  return {
    catalogueImage: (kind: string, slug: string) => {
      const entry = entries[`${kind}/${slug}`];
      if (!entry) throw new Error(`No hay imagen para ${kind} "${slug}"`);
      return entry;
    },
  };
});

const render = (props: Parameters<typeof CatalogueImage>[0], path = "/") =>
  renderToStaticMarkup(
    createElement(MemoryRouter, { initialEntries: [path] }, createElement(CatalogueImage, props)),
  );

test("an uploaded photo brings its own alt text, in the page's language", () => {
  const props = { kind: "tower", slug: "oceana", alt: "Ilustración de Oceana" } as const;
  expect(render(props, "/torres/oceana")).toContain('alt="Fachada de Oceana desde el dique"');
  expect(render(props, "/en/towers/oceana")).toContain('alt="The facade of Oceana from the dock"');
});

test("artwork: a lazy, low-priority <img> with explicit size, caller's alt and responsive classes", () => {
  const html = render({ kind: "tower", slug: "alvear-tower", alt: "Alvear Tower", className: "rounded" });
  expect(html).toMatch(/^<img /);
  expect(html).toContain('src="/generated/towers/alvear-tower-abc.svg"');
  expect(html).toContain('alt="Alvear Tower"');
  expect(html).toContain('width="640"');
  expect(html).toContain('height="400"');
  expect(html).toContain('loading="lazy"');
  expect(html).toContain('decoding="async"');
  expect(html).toContain('class="block h-auto w-full rounded"');
  // Card artwork waits behind the page's stylesheet even once in view (decision 0008).
  expect(html).toMatch(/<img [^>]*fetchpriority="low"/i);
  expect(html).not.toContain("<picture>");
});

test("inline artwork: the SVG drawn into the page as a data: image, nothing to fetch", () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 4"><title>A & B</title></svg>';
  const html = render({ kind: "tower", slug: "alvear-tower", alt: "", priority: true, inlineArtwork: svg });
  const src = /src="([^"]+)"/.exec(html)?.[1] ?? "";
  expect(src).toMatch(/^data:image\/svg\+xml,/);
  // React escapes the attribute; the browser reads it back as this URL, which decodes to the SVG.
  const url = src.replaceAll("&amp;", "&");
  expect(decodeURIComponent(url.slice(url.indexOf(",") + 1))).toBe(svg);
  expect(html).not.toContain("srcSet");
  expect(html).toContain('width="640"');
});

test("inline artwork gives way to an owner photo, which is fetched as usual", () => {
  const html = render({ kind: "tower", slug: "mulieris", alt: "", priority: true, inlineArtwork: "<svg/>" });
  expect(html).not.toContain("data:");
  expect(html).toContain('src="/generated/towers/mulieris-1-800.jpg"');
});

test("priority: eager with high fetch priority", () => {
  const html = render({ kind: "tower", slug: "alvear-tower", alt: "", priority: true });
  expect(html).toContain('loading="eager"');
  // HTML attribute names are case-insensitive; React writes this one in camel case.
  expect(html).toMatch(/<img [^>]*fetchpriority="high"/i);
  expect(html).not.toContain("decoding");
});

test("photo: <picture> with AVIF and WebP sources, sizes, and a JPEG fallback", () => {
  const html = render({ kind: "tower", slug: "mulieris", alt: "Mulieris", sizes: "50vw" });
  expect(html).toMatch(
    /^<picture><source type="image\/avif" srcSet="\/m-400\.avif 400w, \/m-800\.avif 800w" sizes="50vw"\/>/,
  );
  expect(html).toContain('<source type="image/webp"');
  expect(html).toContain(
    'srcSet="/generated/towers/mulieris-1-400.jpg 400w, /generated/towers/mulieris-1-800.jpg 800w"',
  );
  expect(html).toContain('width="800"');
  expect(html).toContain('height="500"');
  expect(html).toMatch(/<\/picture>$/);
});

test("an unknown slug fails loudly instead of rendering a broken image", () => {
  expect(() => render({ kind: "property-type", slug: "castillo", alt: "" })).toThrow(/castillo/);
});

test("an owner's alt text stays an attribute's text, whatever it holds", () => {
  const html = render({ kind: "tower", slug: "hostil", alt: "Ilustración" }, "/torres/hostil");
  expect(html).not.toContain("<script>");
  expect(html).not.toContain("<img src=x");
  expect(html).toContain(
    'alt="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&lt;/picture&gt;&lt;script&gt;alert(2)&lt;/script&gt;"',
  );
});
