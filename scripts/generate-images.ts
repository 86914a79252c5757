/**
 * Generates the catalogue images and the site icons before `react-router build`
 * (and before typecheck, unit tests and the dev server, which import the
 * manifest). For each tower and property type: the owner's photo from
 * images/photos/ in AVIF/WebP/JPEG when there is one, otherwise generated SVG
 * artwork. Also the social card and favicons. Writes only files whose bytes
 * changed and removes stale ones, so repeated runs are cheap and identical.
 * See docs/decisions/0005-images.md.
 */
// First: the owner's published tower edits (an added tower gets its artwork), before the catalogue loads.
import "./build/tower-overrides-global.ts";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

import sharp from "sharp";

import { loadSiteConfig } from "#app/config/site-config.ts";
import type { CatalogueImageEntry, ImageKind } from "#app/content/image-manifest.ts";
import { propertyTypes } from "#app/content/property-types.ts";
import { towers, type Tower } from "#app/content/towers.ts";
import {
  appleTouchIconSvg,
  icoFromPng,
  socialCardHeight,
  socialCardSvg,
  socialCardWidth,
  towerSocialCardSvg,
} from "./images/brand-art.ts";
import { faviconSvg } from "#app/lib/art/favicon.ts";
import { findPhoto, kindFolders, photoVariants } from "./images/photos.ts";
import { readUploadedPhotos, type UploadedPhotos } from "../server/site/photos/build-channel.ts";
import { generatedSourcesOf } from "../server/build-layout.ts";
import { propertyTypeSvg } from "./images/property-type-art.ts";
import { towerSvg, type TowerFacts } from "#app/lib/art/tower-art.ts";

export type GenerateOptions = {
  towers: readonly (TowerFacts & Pick<Tower, "dock" | "toConfirm">)[];
  propertyTypes: readonly { slug: string; tipo: string }[];
  /** Owner photos: <photosDir>/towers/<slug>.jpg, <photosDir>/property-types/<slug>.jpg. */
  photosDir: string;
  /** Photos the owner uploaded in the inbox and published, by slot; they win over photosDir and the artwork. */
  uploadedPhotos?: UploadedPhotos;
  /** Vite's public folder: artwork goes to generated/, icons and the social card to the root. */
  publicDir: string;
  /** The typed manifest module the app imports. */
  manifestFile: string;
  businessName: string;
};

export type GenerateResult = {
  manifest: Record<string, CatalogueImageEntry>;
  /** Each tower's sharing card (Open Graph), by slug. */
  socialCards: Record<string, CatalogueImageEntry>;
  /** Files written or rewritten in this run (unchanged files are left alone). */
  written: string[];
  removed: string[];
};

export { kindFolders };

/** Served artwork size: the SVGs are drawn on a 320×200 grid and shown up to 640×400. */
const artwork = { width: 640, height: 400 };

function writeIfChanged(path: string, content: string | Buffer, written: string[]): void {
  const bytes = typeof content === "string" ? Buffer.from(content) : content;
  if (existsSync(path) && readFileSync(path).equals(bytes)) return;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
  written.push(path);
}

function contentHash(content: string): string {
  return createHash("sha256").update(content).digest("hex").slice(0, 10);
}

type Item = { kind: ImageKind; slug: string; svg: () => string };

export async function generateImages(options: GenerateOptions): Promise<GenerateResult> {
  const written: string[] = [];
  const removed: string[] = [];
  const manifest: Record<string, CatalogueImageEntry> = {};
  const keep = new Map<string, Set<string>>();

  const items: Item[] = [
    ...options.towers.map((tower) => ({
      kind: "tower" as const,
      slug: tower.slug,
      svg: () => towerSvg(tower),
    })),
    ...options.propertyTypes.map((type) => ({
      kind: "property-type" as const,
      slug: type.slug,
      svg: () => propertyTypeSvg(type.slug, type.tipo),
    })),
  ];

  await Promise.all(
    items.map(async ({ kind, slug, svg }) => {
      const folder = kindFolders[kind];
      const outDir = join(options.publicDir, "generated", folder);
      const urlPrefix = `/generated/${folder}`;
      mkdirSync(outDir, { recursive: true });
      const files = keep.get(outDir) ?? new Set<string>();
      keep.set(outDir, files);
      const uploaded = options.uploadedPhotos?.[`${kind}/${slug}`];
      const photo = uploaded?.file ?? findPhoto(join(options.photosDir, folder), slug);
      if (photo) {
        const variants = await photoVariants(photo, slug, outDir, urlPrefix);
        for (const file of variants.files) files.add(file);
        manifest[`${kind}/${slug}`] = uploaded ? { ...variants.entry, alt: uploaded.alt } : variants.entry;
        return;
      }
      const markup = svg();
      // The hash in the name lets servers cache the files forever.
      const file = `${slug}-${contentHash(markup)}.svg`;
      writeIfChanged(join(outDir, file), markup, written);
      files.add(file);
      manifest[`${kind}/${slug}`] = { src: `${urlPrefix}/${file}`, ...artwork };
    }),
  );

  for (const [dir, files] of keep) {
    for (const file of readdirSync(dir)) {
      if (files.has(file)) continue;
      rmSync(join(dir, file), { force: true });
      removed.push(join(dir, file));
    }
  }

  const socialCards = await towerSocialCards(options, written, removed);

  const cardSvg = socialCardSvg(options.businessName, options.towers);
  const [card, icon32, touchIcon] = await Promise.all([
    // A dithered 256-colour palette is a quarter of the size and looks the same at card size.
    sharp(Buffer.from(cardSvg))
      .png({ palette: true, colours: 256, dither: 1, compressionLevel: 9 })
      .toBuffer(),
    sharp(Buffer.from(faviconSvg())).resize(32, 32).png().toBuffer(),
    sharp(Buffer.from(appleTouchIconSvg())).resize(180, 180).png().toBuffer(),
  ]);
  writeIfChanged(join(options.publicDir, "social-card.png"), card, written);
  writeIfChanged(join(options.publicDir, "favicon.svg"), faviconSvg(), written);
  writeIfChanged(join(options.publicDir, "favicon.ico"), icoFromPng(icon32, 32), written);
  writeIfChanged(join(options.publicDir, "apple-touch-icon.png"), touchIcon, written);

  const sorted = Object.fromEntries(Object.entries(manifest).sort(([a], [b]) => a.localeCompare(b)));
  writeIfChanged(options.manifestFile, manifestModule(sorted, socialCards), written);
  return { manifest: sorted, socialCards, written, removed };
}

/**
 * One Open Graph card per tower, drawn from its artwork (or over the owner's
 * photo when there is one). A card is rendered only when its content changed:
 * the file name carries the hash of what it is made from.
 */
async function towerSocialCards(
  options: GenerateOptions,
  written: string[],
  removed: string[],
): Promise<Record<string, CatalogueImageEntry>> {
  const outDir = join(options.publicDir, "generated", "social");
  mkdirSync(outDir, { recursive: true });
  const cards: Record<string, CatalogueImageEntry> = {};
  const files = new Set<string>();
  await Promise.all(
    options.towers.map(async (tower) => {
      const place = tower.toConfirm.includes("dock")
        ? "Puerto Madero"
        : `Dique ${tower.dock} · Puerto Madero`;
      const photo =
        options.uploadedPhotos?.[`tower/${tower.slug}`]?.file ??
        findPhoto(join(options.photosDir, kindFolders.tower), tower.slug);
      const svg = towerSocialCardSvg(tower, place, options.businessName, { artwork: !photo });
      const hash = createHash("sha256").update(svg);
      if (photo) hash.update(readFileSync(photo));
      const file = `${tower.slug}-${hash.digest("hex").slice(0, 10)}.jpg`;
      files.add(file);
      cards[tower.slug] = {
        src: `/generated/social/${file}`,
        width: socialCardWidth,
        height: socialCardHeight,
      };
      if (existsSync(join(outDir, file))) return;
      const image = photo
        ? sharp(photo)
            .resize(socialCardWidth, socialCardHeight, { fit: "cover" })
            .composite([{ input: Buffer.from(svg) }])
        : sharp(Buffer.from(svg));
      // JPEG: a third of a 256-colour PNG's bytes for a gradient-rich picture, and ten times faster to encode.
      const jpeg = await image.jpeg({ quality: 78, mozjpeg: true }).toBuffer();
      writeFileSync(join(outDir, file), jpeg);
      written.push(join(outDir, file));
    }),
  );
  for (const file of readdirSync(outDir)) {
    if (files.has(file)) continue;
    rmSync(join(outDir, file), { force: true });
    removed.push(join(outDir, file));
  }
  return Object.fromEntries(Object.entries(cards).sort(([a], [b]) => a.localeCompare(b)));
}

/** The manifests as a TypeScript module, so the app imports them with literal types. */
export function manifestModule(
  manifest: Record<string, CatalogueImageEntry>,
  socialCards: Record<string, CatalogueImageEntry> = {},
): string {
  const lines = (entries: Record<string, CatalogueImageEntry>) =>
    Object.entries(entries)
      .map(([key, entry]) => `  ${JSON.stringify(key)}: ${JSON.stringify(entry)},`)
      .join("\n");
  return (
    `// Generated by scripts/generate-images.ts: do not edit. Owner photos go in images/photos/.\n` +
    `export const imageManifest = {\n${lines(manifest)}\n} as const;\n\n` +
    `/** Each tower's Open Graph card, by slug. */\n` +
    `export const socialCards = {\n${lines(socialCards)}\n} as const;\n`
  );
}

if (import.meta.main) {
  const started = performance.now();
  // The project's public/ and app/generated/, or a publication's own folder (BUILD_GENERATED_DIR).
  const { publicDir, imagesModule } = generatedSourcesOf(process.env);
  const result = await generateImages({
    towers,
    propertyTypes,
    photosDir: "images/photos",
    uploadedPhotos: readUploadedPhotos(process.env),
    publicDir,
    manifestFile: imagesModule,
    businessName: loadSiteConfig(process.env).config.businessName,
  });
  const photos = Object.values(result.manifest).filter((entry) => entry.sources).length;
  console.log(
    `Imágenes: ${Object.keys(result.manifest).length} (${photos} fotos), ` +
      `${result.written.length} archivos escritos, ${result.removed.length} eliminados, ` +
      `${Math.round(performance.now() - started)} ms.`,
  );
}
