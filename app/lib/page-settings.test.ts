import { afterEach, expect, test, vi } from "vitest";

import { pageSettingsAttributes, readPageSettings, type PageSettings } from "./page-settings.ts";

afterEach(() => vi.unstubAllGlobals());

/** A document whose frame carries these attributes, or none. */
function pageWith(attributes: Record<string, string> | undefined) {
  vi.stubGlobal("document", {
    querySelector: () => attributes && { getAttribute: (name: string) => attributes[name] ?? null },
  });
}

test("the island reads back exactly what the frame renders", () => {
  const settings: PageSettings = {
    whatsappNumber: "5491145678901",
    formServiceUrl: "https://leads.example.com",
    offPlanFormId: "consulta-inversion-pozo",
  };
  pageWith(pageSettingsAttributes(settings));
  expect(readPageSettings()).toEqual(settings);
});

test("the site's own origin stays the empty address, not «no service»", () => {
  pageWith(pageSettingsAttributes({ whatsappNumber: "1", formServiceUrl: "", offPlanFormId: "x" }));
  expect(readPageSettings().formServiceUrl).toBe("");
});

test("a page without the frame posts nowhere", () => {
  pageWith(undefined);
  expect(readPageSettings().formServiceUrl).toBe("none");
});
