import { expect, test } from "vitest";

import { composePublicationEmail } from "../publication-email.ts";
import type { SiteVersion } from "../../storage/site-version-rows.ts";
import { photoChanges } from "./photo-store.ts";

const site = {
  businessName: "Estudio",
  email: "contacto@estudio.example",
  siteUrl: "https://estudio.example",
};
const version: SiteVersion = {
  id: "v2",
  number: 2,
  createdAt: new Date("2026-11-26T12:00:00Z"),
  publishedBy: "titular@ejemplo.com",
  kind: "publicación",
  restoredNumber: null,
  facts: {},
  changes: [],
  towers: {},
  towerChanges: [],
  buildId: "v2",
  state: "ready",
};

test("the publication e-mail names each photo changed, before and after, and counts it", () => {
  const hash = "ab".repeat(32);
  const changes = photoChanges(
    {},
    { "tower/alvear-tower": { hash, alt: { es: "Oceana desde el dique", en: "Oceana" } } },
  );
  const email = composePublicationEmail({ version, previousNumber: 1, photoChanges: changes }, site);
  expect(email.subject).toBe("Se publicó la versión 2 del sitio: 1 cambio");
  expect(email.text).toContain(
    `Cambió la «Foto de Torre Alvear Tower»: dibujo generado → foto «Oceana desde el dique»`,
  );
  expect(email.html).toContain("Foto de Torre Alvear Tower");
});

test("back to the drawing, and new texts for the same photo, are changes too", () => {
  const photo = { hash: "cd".repeat(32), alt: { es: "Fachada", en: "Facade" } };
  expect(photoChanges({ "property-type/loft": photo }, {})).toMatchObject([
    { label: "Foto de Tipo de propiedad: Loft", after: "dibujo generado" },
  ]);
  expect(
    photoChanges(
      { "property-type/loft": photo },
      { "property-type/loft": { ...photo, alt: { es: "Fachada", en: "Front" } } },
    ),
  ).toHaveLength(1);
  expect(photoChanges({ "property-type/loft": photo }, { "property-type/loft": photo })).toEqual([]);
});
