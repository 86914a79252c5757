import { expect, test } from "vitest";

import { composePublicationEmail } from "./publication-email.ts";

test("the owner's e-mail lists tower changes as «Torre X: pisos 30 → 32», escaped in its HTML", () => {
  const mail = composePublicationEmail(
    {
      previousNumber: undefined,
      photoChanges: [],
      version: {
        id: "v1",
        number: 1,
        createdAt: new Date("2026-11-25T12:00:00Z"),
        publishedBy: "titular@ejemplo.com",
        kind: "publicación",
        restoredNumber: null,
        facts: {},
        changes: [],
        towers: {},
        towerChanges: [
          { slug: "torre-x", name: "X", fact: "floors", before: "30", after: "32" },
          { slug: "mulieris", name: "Mulieris", fact: "torre", before: "publicada", after: "retirada" },
          { slug: "nueva", name: 'Río "&" Sol', fact: "torre", before: "", after: "agregada" },
        ],
        buildId: "v1",
        state: "ready",
      },
    },
    { businessName: "Estudio", email: "contacto@ejemplo.com", siteUrl: "https://ejemplo.com" },
  );
  expect(mail.text).toContain("Torre X: pisos 30 → 32");
  expect(mail.text).toContain("Torre Mulieris: retirada");
  expect(mail.subject).toContain("3 cambios");
  expect(mail.html).toContain("Río &quot;&amp;&quot; Sol");
});

test("an undo is worded by the version it brings back, and names the inbox's own button", () => {
  const restored = (restoredNumber: number) =>
    composePublicationEmail(
      {
        previousNumber: 3,
        photoChanges: [],
        version: {
          id: "v4",
          number: 4,
          createdAt: new Date("2026-11-25T12:00:00Z"),
          publishedBy: "titular@ejemplo.com",
          kind: "restauración",
          restoredNumber,
          facts: {},
          changes: [
            { variable: "SITE_OPENING_DAYS", before: "Monday,Tuesday", after: "Monday,Tuesday,Saturday" },
          ],
          towers: {},
          towerChanges: [],
          buildId: "v4",
          state: "ready",
        },
      },
      { businessName: "Estudio", email: "contacto@ejemplo.com", siteUrl: "https://ejemplo.com" },
    );
  const mail = restored(2);
  expect(mail.subject).toMatch(/^El sitio volvió a la versión 2 \(queda como versión 4\)/);
  expect(mail.text).toContain("elegí «Volver a la versión 3»");
  expect(mail.text).toContain("Cambió «Días de atención»: Lunes, Martes → Lunes, Martes, Sábado");
  expect(restored(0).subject).toMatch(/^El sitio volvió a los datos de la instalación/);
});
