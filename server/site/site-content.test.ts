import { describe, expect, test } from "vitest";

import {
  changesBetween,
  contentProblems,
  hasChanges,
  installedContent,
  sameContent,
  withDrafts,
  type SiteContent,
} from "./site-content.ts";

/** A publication's content (decision 0020): the facts, towers and photos merged, compared and checked as one. */
const env = { SITE_WHATSAPP_NUMBER: "5491100000000" };
const photo = (hash: string, es = "Frente de la torre") => ({
  hash: hash.repeat(64),
  alt: { es, en: "Front" },
});
const added = { nombre: "Nueva Marina", dock: 1 as const, status: "terminado" as const, toConfirm: [] };
const published: SiteContent = {
  facts: { SITE_WHATSAPP_NUMBER: "5491122223333" },
  towers: { "torre-nueva": added },
  photos: { "tower/alvear-tower": photo("a"), "tower/torre-nueva": photo("b") },
};

describe("the content of a publication", () => {
  test("drafts go on top of each channel; an emptied one returns that place to the deployment's", () => {
    const content = withDrafts(published, {
      facts: { SITE_WHATSAPP_NUMBER: "  ", SITE_EMAIL: " titular@ejemplo.com " },
      towers: { "torre-nueva": null, "alvear-tower": { floors: [55] } },
      photos: { "tower/torre-nueva": { hash: null, alt: { es: "", en: "" } } },
    });
    expect(content).toEqual({
      facts: { SITE_EMAIL: "titular@ejemplo.com" },
      towers: { "alvear-tower": { floors: [55] } },
      photos: { "tower/alvear-tower": photo("a") },
    });
  });

  test("changes are told as the pages show them, a retired tower's photo by the tower's name", () => {
    const after: SiteContent = {
      facts: { SITE_WHATSAPP_NUMBER: env.SITE_WHATSAPP_NUMBER },
      towers: {},
      photos: { "tower/alvear-tower": photo("a") },
    };
    const changes = changesBetween(published, after, env);
    expect(changes.facts).toEqual([
      { variable: "SITE_WHATSAPP_NUMBER", before: "5491122223333", after: "5491100000000" },
    ]);
    expect(changes.towers).toMatchObject([{ slug: "torre-nueva", fact: "torre", after: "retirada" }]);
    expect(changes.photos).toMatchObject([
      { slot: "tower/torre-nueva", label: "Foto de Torre Nueva Marina" },
    ]);
    expect(hasChanges(changes)).toBe(true);
  });

  test("a fact written as the environment already has it changes nothing", () => {
    const same = { ...installedContent, facts: { SITE_WHATSAPP_NUMBER: env.SITE_WHATSAPP_NUMBER } };
    expect(hasChanges(changesBetween(installedContent, same, env))).toBe(false);
    // …but it is another content: a preview built from one does not stand for the other.
    expect(sameContent(installedContent, same)).toBe(false);
  });

  test("the same edits are the same content, whatever their order; one alt text apart is not", () => {
    const reordered: SiteContent = {
      facts: { ...published.facts },
      towers: { ...published.towers },
      photos: { "tower/torre-nueva": photo("b"), "tower/alvear-tower": photo("a") },
    };
    expect(sameContent(published, reordered)).toBe(true);
    const retexted = {
      ...reordered,
      photos: { ...reordered.photos, "tower/alvear-tower": photo("a", "Otra") },
    };
    expect(sameContent(published, retexted)).toBe(false);
  });

  test("a fact and a tower to correct are both named before anything is built", () => {
    const problems = contentProblems({
      facts: { SITE_WHATSAPP_NUMBER: "no es un número" },
      towers: { "alvear-tower": { floors: [] } },
      photos: {},
    });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(/^Número de WhatsApp: /);
  });
});
