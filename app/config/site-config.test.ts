import { describe, expect, test } from "vitest";

import { loadSiteConfig, SiteConfigError } from "./site-config.ts";

const realValues = {
  SITE_BUSINESS_NAME: "Estudio Pérez Tasaciones",
  SITE_APPRAISER_NAME: "Lic. Ana Pérez",
  SITE_REGISTRATION_NUMBER: "1234",
  SITE_WHATSAPP_NUMBER: "5491145678901",
  SITE_PHONE_DISPLAY: "+54 9 11 4567-8901",
  SITE_STREET_ADDRESS: "Juana Manso 1000",
  SITE_EMAIL: "ana@estudioperez.com.ar",
  SITE_URL: "https://www.estudioperez.com.ar/",
  SITE_FORM_SERVICE_URL: "https://forms.estudioperez.com.ar",
  SITE_REGISTRY_URL: "https://www.colegio.org.ar/matriculados",
};

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadSiteConfig(env);
  } catch (error) {
    if (error instanceof SiteConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("site configuration", () => {
  test("runs out of the box on example values and says which ones", () => {
    const { config, examplesInUse } = loadSiteConfig({});
    expect(config.whatsappNumber).toMatch(/^\d+$/);
    expect(config.currencies).toEqual(["ARS", "USD"]);
    expect(config.paymentMethods).toEqual(["Cash", "Credit Card", "Bank Transfer"]);
    expect(config.openingDays).toHaveLength(5);
    expect([config.opens, config.closes]).toEqual(["09:00", "18:00"]);
    expect(examplesInUse).toEqual(expect.arrayContaining(["SITE_WHATSAPP_NUMBER", "SITE_URL", "SITE_EMAIL"]));
  });

  test("takes every real value from the environment and reports no examples", () => {
    const { config, examplesInUse } = loadSiteConfig(realValues);
    expect(examplesInUse).toEqual([]);
    expect(config.businessName).toBe("Estudio Pérez Tasaciones");
    expect(config.siteUrl).toBe("https://www.estudioperez.com.ar");
    expect(config.registryUrl).toBe("https://www.colegio.org.ar/matriculados");
  });

  test("parses numbers and lists", () => {
    const { config } = loadSiteConfig({ SITE_YEARS_OF_EXPERIENCE: "20", SITE_CURRENCIES: "USD, ARS" });
    expect(config.yearsOfExperience).toBe(20);
    expect(config.currencies).toEqual(["USD", "ARS"]);
  });

  test.each([
    ["SITE_WHATSAPP_NUMBER", "+54 9 11 4567-8901"],
    ["SITE_EMAIL", "no-es-un-email"],
    ["SITE_URL", "www.sin-protocolo.com"],
    ["SITE_YEARS_OF_EXPERIENCE", "muchos"],
    ["SITE_OPENS", "9"],
    ["SITE_OFFPLAN_DISCOUNT_PERCENT", "130"],
    ["SITE_FORM_SERVICE_URL", "ninguno"],
    ["SITE_FORM_SERVICE_URL", "ftp://leads.example.com"],
    ["LEADS_RETENTION_MONTHS", "0"],
    ["LEADS_RETENTION_MONTHS", "dos años"],
    ["SITE_REGISTRY_URL", "cucicba matriculados"],
    ["SITE_REGISTRY_URL", "javascript:alert(1)"],
  ])("rejects %s=%j naming the variable", (variable, value) => {
    const problems = problemsOf({ [variable]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(variable);
  });

  test("lists every invalid variable at once", () => {
    const problems = problemsOf({ SITE_EMAIL: "x", SITE_URL: "y" });
    expect(problems.map((problem) => problem.split("=")[0])).toEqual(["SITE_EMAIL", "SITE_URL"]);
  });

  test("the lead service: same origin by default, 'none' for a static site, or an origin", () => {
    expect(loadSiteConfig({}).config.formServiceUrl).toBe("");
    expect(loadSiteConfig({ SITE_FORM_SERVICE_URL: "none" }).config.formServiceUrl).toBe("none");
    expect(
      loadSiteConfig({ SITE_FORM_SERVICE_URL: "https://leads.example.com/" }).config.formServiceUrl,
    ).toBe("https://leads.example.com");
  });

  test("leads are kept 24 months unless configured", () => {
    expect(loadSiteConfig({}).config.leadsRetentionMonths).toBe(24);
    expect(loadSiteConfig({ LEADS_RETENTION_MONTHS: "36" }).config.leadsRetentionMonths).toBe(36);
  });

  test("an empty variable falls back to the default", () => {
    expect(loadSiteConfig({ SITE_EMAIL: "  " }).examplesInUse).toContain("SITE_EMAIL");
  });

  test("a service URL that is not an origin names the variable", () => {
    expect(problemsOf({ SITE_FORM_SERVICE_URL: "leads.example.com" })[0]).toMatch(/^SITE_FORM_SERVICE_URL=/);
  });
});
