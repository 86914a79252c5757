import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { expect, test } from "vitest";

import { photosManifestVariable, readUploadedPhotos } from "./build-channel.ts";

const dir = mkdtempSync(join(tmpdir(), "photos-channel-"));
const master = join(dir, "a.jpg");
writeFileSync(master, "x");
const manifest = (content: unknown) => {
  const path = join(dir, `m-${Math.random()}.json`);
  writeFileSync(path, JSON.stringify(content));
  return { [photosManifestVariable]: path };
};

test("unset: no photos, the build as deployed", () => {
  expect(readUploadedPhotos({})).toEqual({});
});

test("a well-formed manifest is read slot by slot", () => {
  const alt = { es: "Fachada", en: "Facade" };
  expect(readUploadedPhotos(manifest({ "tower/oceana": { file: master, alt } }))).toEqual({
    "tower/oceana": { file: master, alt },
  });
});

test("a relative path, a missing file or a missing alt text stops the build", () => {
  expect(() => readUploadedPhotos({ [photosManifestVariable]: "fotos.json" })).toThrow(/ruta absoluta/);
  expect(() =>
    readUploadedPhotos(manifest({ "tower/oceana": { file: join(dir, "no.jpg"), alt: { es: "a", en: "b" } } })),
  ).toThrow(/tower\/oceana/);
  expect(() => readUploadedPhotos(manifest({ "tower/oceana": { file: master, alt: { es: "Fachada" } } }))).toThrow(
    /textos/,
  );
  expect(() => readUploadedPhotos(manifest(["tower/oceana"]))).toThrow(/objeto JSON/);
});
