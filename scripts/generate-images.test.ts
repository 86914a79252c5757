import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { propertyTypes } from "#app/content/property-types.ts";
import { towers } from "#app/content/towers.ts";
import { svgDataUrl } from "#app/lib/art/svg-data-url.ts";
import { generateImages, type GenerateOptions } from "./generate-images.ts";
import { faviconSvg } from "#app/lib/art/favicon.ts";

const svgBudget = 4096;

let root: string;
let options: GenerateOptions;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "images-"));
  options = {
    towers,
    propertyTypes,
    photosDir: join(root, "photos"),
    publicDir: join(root, "public"),
    manifestFile: join(root, "app", "generated", "images.ts"),
    businessName: "Estudio Prueba & Asociados",
  };
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const fileOf = (src: string) => join(options.publicDir, src);

// Each run re-encodes the site card; on a busy machine that takes seconds.
describe("artwork", { timeout: 60_000 }, () => {
  // The first run draws every sharing card (cached by content afterwards): allow it time on a busy machine.
  test("every tower and property type has an image whose file exists", { timeout: 180_000 }, async () => {
    const { manifest } = await generateImages(options);

    const keys = [
      ...towers.map((t) => `tower/${t.slug}`),
      ...propertyTypes.map((t) => `property-type/${t.slug}`),
    ];
    expect(Object.keys(manifest).sort()).toEqual(keys.sort());
    for (const entry of Object.values(manifest)) {
      expect(entry).toMatchObject({ width: 640, height: 400 });
      expect(entry.src).toMatch(/^\/generated\/(towers|property-types)\/[a-z0-9-]+-[0-9a-f]{10}\.svg$/);
      expect(existsSync(fileOf(entry.src))).toBe(true);
    }
    const module = readFileSync(options.manifestFile, "utf8");
    expect(module).toContain('"tower/alvear-tower": {"src":"/generated/towers/alvear-tower-');
    expect(module).toContain("} as const;");
  });

  test("the 26 tower drawings are pairwise different", async () => {
    const { manifest } = await generateImages(options);
    const drawings = towers.map((t) => readFileSync(fileOf(manifest[`tower/${t.slug}`]!.src), "utf8"));
    expect(new Set(drawings).size).toBe(towers.length);
  });

  test("each SVG is well-formed, titled and under the size budget", async () => {
    const { manifest } = await generateImages(options);
    for (const entry of Object.values(manifest)) {
      const bytes = readFileSync(fileOf(entry.src));
      expect(bytes.length, entry.src).toBeLessThan(svgBudget);
      expect(bytes.toString()).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*><title>[^<]+<\/title>/,
      );
      // librsvg refuses malformed XML, so rendering is the well-formedness check.
      const { width, height } = await sharp(bytes).metadata();
      expect({ width, height }).toEqual({ width: 640, height: 400 });
    }
  });

  test("a second run writes nothing", async () => {
    await generateImages(options);
    const again = await generateImages(options);
    expect(again.written).toEqual([]);
    expect(again.removed).toEqual([]);
  });

  test("draws one sharing card per tower, 1200×630, named after its content", async () => {
    const { socialCards } = await generateImages(options);
    expect(Object.keys(socialCards).sort()).toEqual(towers.map((tower) => tower.slug).sort());
    for (const [slug, card] of Object.entries(socialCards)) {
      expect(card.src).toMatch(new RegExp(`^/generated/social/${slug}-[0-9a-f]{10}\\.jpg$`));
      expect(readFileSync(fileOf(card.src)).length).toBeLessThan(80_000);
    }
    expect(await sharp(fileOf(socialCards["alvear-tower"]!.src)).metadata()).toMatchObject({
      format: "jpeg",
      width: 1200,
      height: 630,
    });
    const module = readFileSync(options.manifestFile, "utf8");
    expect(module).toContain('"alvear-tower": {"src":"/generated/social/alvear-tower-');
  });

  test("writes the social card and the icons", async () => {
    await generateImages(options);
    expect(readFileSync(join(options.publicDir, "social-card.png")).length).toBeLessThan(150_000);
    expect(await sharp(join(options.publicDir, "social-card.png")).metadata()).toMatchObject({
      format: "png",
      width: 1200,
      height: 630,
    });
    expect(await sharp(join(options.publicDir, "apple-touch-icon.png")).metadata()).toMatchObject({
      width: 180,
      height: 180,
    });
    const ico = readFileSync(join(options.publicDir, "favicon.ico"));
    expect([ico.readUInt16LE(2), ico.readUInt16LE(4), ico[6]]).toEqual([1, 1, 32]);
    expect(ico.subarray(22, 26).toString("latin1")).toBe("\x89PNG");
    expect(readFileSync(join(options.publicDir, "favicon.svg"), "utf8")).toContain("<title>");
  });
});

test("the favicon's data: URL is the SVG itself, with nothing a URL or an attribute may not hold", async () => {
  const url = svgDataUrl(faviconSvg());
  expect(url).toMatch(/^data:image\/svg\+xml,[^\s"#<>]+$/);
  const decoded = decodeURIComponent(url.slice(url.indexOf(",") + 1));
  expect(await sharp(Buffer.from(decoded)).metadata()).toMatchObject({ format: "svg", width: 64 });
  expect(decoded).toBe(faviconSvg());
});

describe("owner photos", { timeout: 60_000 }, () => {
  test("a photo named after the slug replaces the artwork, and removing it brings the artwork back", async () => {
    const photoDir = join(options.photosDir, "towers");
    mkdirSync(photoDir, { recursive: true });
    const photo = join(photoDir, "alvear-tower.jpg");
    const artworkCard = (await generateImages(options)).socialCards["alvear-tower"]!.src;
    // 4:3 on purpose: the pipeline must crop to 16:10.
    await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#35628c" } })
      .jpeg()
      .toFile(photo);

    const { manifest, socialCards } = await generateImages(options);
    const entry = manifest["tower/alvear-tower"]!;
    // The tower's sharing card is drawn over the photo now.
    expect(socialCards["alvear-tower"]!.src).not.toBe(artworkCard);
    expect(entry).toMatchObject({ width: 800, height: 500 });
    expect(entry.src).toMatch(/^\/generated\/towers\/alvear-tower-[0-9a-f]{10}-800\.jpg$/);
    expect(entry.srcset).toMatch(/-400\.jpg 400w, .*-800\.jpg 800w$/);
    expect(entry.sources?.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    for (const source of entry.sources ?? []) {
      for (const candidate of source.srcset.split(", ")) {
        const [url, descriptor] = candidate.split(" ");
        const metadata = await sharp(fileOf(url!)).metadata();
        expect(`${metadata.width}w`).toBe(descriptor);
        expect(metadata.height).toBe((metadata.width! * 10) / 16);
      }
    }
    expect(await sharp(fileOf(entry.src)).metadata()).toMatchObject({
      format: "jpeg",
      width: 800,
      height: 500,
    });
    // Other slugs keep their artwork.
    expect(manifest["tower/mulieris"]!.src).toMatch(/\.svg$/);
    expect(manifest["tower/alvear-tower"]!.src).not.toMatch(/\.svg$/);

    rmSync(photo);
    const after = await generateImages(options);
    expect(after.manifest["tower/alvear-tower"]!.src).toMatch(/\.svg$/);
    // Six photo variants and the photo's sharing card.
    expect(after.removed.filter((file) => file.includes("alvear-tower-"))).toHaveLength(7);
    expect(after.socialCards["alvear-tower"]!.src).toBe(artworkCard);
    expect(existsSync(fileOf(entry.src))).toBe(false);
  });
});

describe("photos uploaded in the inbox (BUILD_PHOTOS_MANIFEST)", { timeout: 60_000 }, () => {
  test("an uploaded master wins over the artwork and brings its alt texts; an empty list changes nothing", async () => {
    const before = await generateImages(options);
    const manifestBefore = readFileSync(options.manifestFile);
    // No uploads: the manifest module is the same bytes.
    await generateImages({ ...options, uploadedPhotos: {} });
    expect(readFileSync(options.manifestFile).equals(manifestBefore)).toBe(true);

    const master = join(root, "master.jpg");
    await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#7a5230" } })
      .jpeg()
      .toFile(master);
    const alt = { es: "Fachada del edificio desde el dique", en: "The building's facade from the dock" };
    const uploaded = await generateImages({
      ...options,
      uploadedPhotos: { "property-type/loft": { file: master, alt } },
    });
    const entry = uploaded.manifest["property-type/loft"]!;
    expect(entry).toMatchObject({ width: 800, height: 500, alt });
    expect(entry.src).toMatch(/^\/generated\/property-types\/loft-[0-9a-f]{10}-800\.jpg$/);
    expect(entry.sources?.map((source) => source.type)).toEqual(["image/avif", "image/webp"]);
    expect(readFileSync(options.manifestFile, "utf8")).toContain(JSON.stringify(alt.es));
    expect(uploaded.manifest["property-type/casa"]).toEqual(before.manifest["property-type/casa"]);

    await generateImages(options);
    expect(readFileSync(options.manifestFile).equals(manifestBefore)).toBe(true);
  });
});
