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
  expect(mail.text).toContain("Torre Mulieris: la torre publicada → retirada");
  expect(mail.subject).toContain("3 cambios");
  expect(mail.html).toContain("Río &quot;&amp;&quot; Sol");
});
