/**
 * Cuts the two web fonts down to what the site uses: Latin-1 plus the
 * typographic marks of the copy, Inter at weights 400-600 and Fraunces at its
 * one weight (600). About 44 KB instead of 85 KB, which a phone on a slow
 * connection feels in its first paint. Writes app/generated/fonts/ (gitignored).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync, existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

import subsetFont from "subset-font";

const require = createRequire(import.meta.url);
const outputDir = "app/generated/fonts";

const range = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, index) => String.fromCodePoint(first + index)).join("");

/** Keep in step with the unicode-range of the @font-face rules in app/styles/app.css. */
export const characters = range(0x20, 0x7e) + range(0xa0, 0xff) + "–—‘’“”•…€←→−✓";

const fonts = [
  {
    source: "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2",
    output: "inter-400-600.woff2",
    axes: { wght: { min: 400, max: 600 } },
  },
  {
    source: "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2",
    output: "fraunces-600.woff2",
    axes: { wght: 600 },
  },
];

/**
 * Subsetting is seconds of every build (and of every owner's publication); the same
 * source fonts, characters and axes give the same bytes, so a stamp of those inputs
 * beside the outputs lets an unchanged run skip it.
 */
const inputsFile = join(outputDir, "inputs.sha256");
const inputs = createHash("sha256")
  .update(readFileSync(require.resolve("subset-font/package.json")))
  .update(characters)
  .update(JSON.stringify(fonts));
for (const font of fonts) inputs.update(readFileSync(require.resolve(font.source)));
const inputsHash = inputs.digest("hex");
const unchanged =
  existsSync(inputsFile) &&
  readFileSync(inputsFile, "utf8") === inputsHash &&
  fonts.every((font) => existsSync(join(outputDir, font.output)));

mkdirSync(outputDir, { recursive: true });
for (const font of unchanged ? [] : fonts) {
  const target = join(outputDir, font.output);
  const subset = await subsetFont(readFileSync(require.resolve(font.source)), characters, {
    targetFormat: "woff2",
    variationAxes: font.axes,
  });
  if (!existsSync(target) || !readFileSync(target).equals(subset)) writeFileSync(target, subset);
}
if (!unchanged) writeFileSync(inputsFile, inputsHash);
console.log(
  `Fuentes${unchanged ? " (sin cambios)" : ""}: ${fonts.map((font) => font.output).join(", ")} en ${outputDir}.`,
);
