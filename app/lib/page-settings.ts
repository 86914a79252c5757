import type { SiteConfig } from "../config/site-config.ts";

/**
 * The few settings the public pages' island acts on: where WhatsApp messages
 * go and where the forms post. The pages carry them as attributes of their
 * frame (routes/sections/site-frame.tsx), so the island reads them from the
 * page and its bytes never depend on what the owner publishes: a publication
 * re-renders the pages and reuses the island (docs/decisions/0030).
 */
export type PageSettings = Pick<SiteConfig, "whatsappNumber" | "formServiceUrl" | "offPlanFormId">;

const attributeOf = {
  whatsappNumber: "data-whatsapp",
  formServiceUrl: "data-form-service",
  offPlanFormId: "data-off-plan-form",
} as const satisfies Record<keyof PageSettings, string>;

/** The attributes the frame renders, from the published configuration. */
export function pageSettingsAttributes(settings: PageSettings): Record<string, string> {
  return Object.fromEntries(
    (Object.keys(attributeOf) as (keyof PageSettings)[]).map((key) => [attributeOf[key], settings[key]]),
  );
}

/** The settings of the page the island runs in, read when it acts on them. */
export function readPageSettings(): PageSettings {
  const frame = document.querySelector(`[${attributeOf.whatsappNumber}]`);
  const read = (key: keyof PageSettings) => frame?.getAttribute(attributeOf[key]) ?? "";
  return {
    whatsappNumber: read("whatsappNumber"),
    // A page without the frame has no service to post to.
    formServiceUrl: frame ? read("formServiceUrl") : "none",
    offPlanFormId: read("offPlanFormId"),
  };
}
