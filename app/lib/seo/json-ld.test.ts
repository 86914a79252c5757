import { describe, expect, test } from "vitest";

import { loadSiteConfig } from "../../config/site-config.ts";
import { realEstateAgent, service, webPage } from "./json-ld.ts";

const { config: site } = loadSiteConfig({ SITE_URL: "https://www.ejemplo.com.ar" });

describe("JSON-LD", () => {
  test("the agent has address, phone, hours, currencies, payment methods and area served", () => {
    const agent = realEstateAgent(site, "Tasaciones en Puerto Madero");
    expect(agent["@type"]).toBe("RealEstateAgent");
    expect(agent.telephone).toBe(site.phoneDisplay);
    expect(agent.address).toMatchObject({
      "@type": "PostalAddress",
      streetAddress: site.streetAddress,
      addressCountry: "AR",
    });
    expect(agent.openingHoursSpecification).toEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      opens: "09:00",
      closes: "18:00",
    });
    expect(agent.currenciesAccepted).toBe("ARS, USD");
    expect(agent.paymentAccepted).toBe("Cash, Credit Card, Bank Transfer");
    expect(agent.areaServed.name).toContain("Puerto Madero");
  });

  test("a service page names its provider and URL", () => {
    const data = service(site, {
      path: "/tasaciones",
      name: "Tasación",
      description: "d",
      serviceType: "Tasación",
    });
    expect(data).toMatchObject({ "@type": "Service", url: "https://www.ejemplo.com.ar/tasaciones" });
    expect(data.provider).toMatchObject({ "@type": "RealEstateAgent", name: site.businessName });
  });

  test("a web page belongs to the site", () => {
    const data = webPage(site, { path: "/tasaciones-online", name: "n", description: "d" });
    expect(data).toMatchObject({ "@type": "WebPage", url: "https://www.ejemplo.com.ar/tasaciones-online" });
  });

  test("serialises to JSON", () => {
    expect(() => JSON.parse(JSON.stringify(realEstateAgent(site, "x")))).not.toThrow();
  });
});
