import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { expect, test } from "vitest";

import { releaseChecklist } from "../release-checklist.ts";
import { photoSlots } from "./photo-slots.ts";

const photoItems = (published: Set<string>, photosDir: string) =>
  releaseChecklist({}, {}, {}, published, photosDir).filter((item) => item.fix.kind === "photo");

test("the checklist lists every slot still drawn; a published photo or one in images/photos/ is not", () => {
  const photosDir = mkdtempSync(join(tmpdir(), "checklist-photos-"));
  expect(photoSlots).toHaveLength(32);
  expect(photoItems(new Set(), photosDir)).toHaveLength(32);
  expect(photoItems(new Set(["tower/alvear-tower"]), photosDir)).toHaveLength(31);
  mkdirSync(join(photosDir, "property-types"));
  writeFileSync(join(photosDir, "property-types", "loft.jpg"), "");
  const items = photoItems(new Set(["tower/alvear-tower"]), photosDir);
  expect(items).toHaveLength(30);
  expect(items.map((item) => item.text)).toContain(
    "Torre Renoir I & II: todavía muestra un dibujo generado, no una foto.",
  );
});
