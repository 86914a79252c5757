import { describe, expect, test } from "vitest";

import { loadSiteConfig } from "../../config/site-config.ts";
import {
  apartmentComplex,
  breadcrumbList,
  realEstateAgent,
  service,
  webPage,
  webPageWithBreadcrumb,
} from "./json-ld.ts";

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

describe("JSON-LD of the tower and licence pages", () => {
  test("the agent's credential names the registration, the body and its public registry", () => {
    const agent = realEstateAgent(site, "x");
    expect(agent.hasCredential).toEqual({
      "@type": "EducationalOccupationalCredential",
      credentialCategory: "Matrícula profesional",
      identifier: site.registrationNumber,
      recognizedBy: { "@type": "Organization", name: site.professionalBody, url: site.registryUrl },
    });
  });

  test("breadcrumbs are numbered from 1 with absolute URLs", () => {
    const data = breadcrumbList(site, {
      path: "/torres/mulieris",
      crumbs: [
        { name: "Inicio", path: "/" },
        { name: "Torres", path: "/tasar-departamentos" },
        { name: "Mulieris", path: "/torres/mulieris" },
      ],
    });
    expect(data["@type"]).toBe("BreadcrumbList");
    expect(data.itemListElement.map((item) => [item.position, item.item])).toEqual([
      [1, "https://www.ejemplo.com.ar/"],
      [2, "https://www.ejemplo.com.ar/tasar-departamentos"],
      [3, "https://www.ejemplo.com.ar/torres/mulieris"],
    ]);
  });

  test("a building carries its address, and geo only when given a sourced coordinate", () => {
    const base = { path: "/torres/mulieris", name: "Mulieris", image: "/generated/social/m.png" };
    const withoutGeo = apartmentComplex(site, { ...base, streetAddress: "Azucena Villaflor 489" });
    expect(withoutGeo).toMatchObject({
      "@type": "ApartmentComplex",
      address: {
        streetAddress: "Azucena Villaflor 489",
        addressLocality: "Puerto Madero",
        addressCountry: "AR",
      },
    });
    expect(withoutGeo).not.toHaveProperty("geo");
    const withGeo = apartmentComplex(site, { ...base, geo: { lat: -34.6122, lng: -58.3603 } });
    expect(withGeo.geo).toEqual({ "@type": "GeoCoordinates", latitude: -34.6122, longitude: -58.3603 });
    expect(withGeo.address).not.toHaveProperty("streetAddress");
  });

  test("the page points at its breadcrumbs and at what it is about", () => {
    const data = webPageWithBreadcrumb(site, {
      path: "/torres/mulieris",
      name: "n",
      description: "d",
      about: { "@id": "https://www.ejemplo.com.ar/torres/mulieris#edificio" },
    });
    expect(data.breadcrumb).toEqual({ "@id": "https://www.ejemplo.com.ar/torres/mulieris#ruta" });
    expect(data.inLanguage).toBe("es-AR");
  });
});
