import type { SiteConfig } from "../../config/site-config.ts";
import { htmlLang, langOf } from "../../site-map.ts";

/** The language of a page's structured data: the page's own (its path decides). */
const inLanguage = (path: string) => htmlLang[langOf(path)];

/** schema.org structured data for the pages (https://schema.org). */

const areaServed = {
  "@type": "Place",
  name: "Puerto Madero, Ciudad Autónoma de Buenos Aires, Argentina",
};

function postalAddress(site: SiteConfig) {
  return {
    "@type": "PostalAddress",
    streetAddress: site.streetAddress,
    addressLocality: site.locality,
    postalCode: site.postalCode,
    addressRegion: "CABA",
    addressCountry: "AR",
  };
}

/** The business itself: shown on the home page. */
export function realEstateAgent(site: SiteConfig, description: string, path = "/") {
  return {
    "@context": "https://schema.org",
    "@type": "RealEstateAgent",
    "@id": `${site.siteUrl}/#negocio`,
    name: site.businessName,
    description,
    url: `${site.siteUrl}/`,
    image: `${site.siteUrl}/social-card.png`,
    telephone: site.phoneDisplay,
    email: site.email,
    address: postalAddress(site),
    areaServed,
    openingHoursSpecification: {
      "@type": "OpeningHoursSpecification",
      dayOfWeek: site.openingDays,
      opens: site.opens,
      closes: site.closes,
    },
    currenciesAccepted: site.currencies.join(", "),
    paymentAccepted: site.paymentMethods.join(", "),
    priceRange: "$$$",
    identifier: `${site.professionalBody} ${site.registrationNumber}`,
    hasCredential: credential(site, path),
    inLanguage: inLanguage(path),
  };
}

/** The appraiser's registration, as anyone can check it in the body's public registry. */
export function credential(site: SiteConfig, path = "/") {
  return {
    "@type": "EducationalOccupationalCredential",
    credentialCategory: langOf(path) === "en" ? "Professional licence" : "Matrícula profesional",
    identifier: site.registrationNumber,
    recognizedBy: { "@type": "Organization", name: site.professionalBody, url: site.registryUrl },
  };
}

export type Crumb = { name: string; path: string };

/** Inicio › Torres › Alvear Tower, with absolute URLs. */
export function breadcrumbList(site: SiteConfig, page: { path: string; crumbs: readonly Crumb[] }) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    "@id": `${site.siteUrl}${page.path}#ruta`,
    itemListElement: page.crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: `${site.siteUrl}${crumb.path}`,
    })),
  };
}

/** A page reached through its breadcrumbs, about one thing (`about`) when given. */
export function webPageWithBreadcrumb(
  site: SiteConfig,
  page: {
    path: string;
    name: string;
    description: string;
    about?: { "@id": string };
    type?: "WebPage" | "AboutPage";
  },
) {
  return {
    "@context": "https://schema.org",
    "@type": page.type ?? "WebPage",
    "@id": `${site.siteUrl}${page.path}#pagina`,
    name: page.name,
    description: page.description,
    url: `${site.siteUrl}${page.path}`,
    inLanguage: inLanguage(page.path),
    isPartOf: { "@type": "WebSite", name: site.businessName, url: `${site.siteUrl}/` },
    breadcrumb: { "@id": `${site.siteUrl}${page.path}#ruta` },
    ...(page.about ? { about: page.about } : {}),
  };
}

/**
 * A residential building. Only confirmed facts go in: the street address when
 * it is confirmed, `geo` only for a coordinate taken from a source.
 */
export function apartmentComplex(
  site: SiteConfig,
  building: {
    path: string;
    name: string;
    image: string;
    streetAddress?: string;
    geo?: { lat: number; lng: number };
    units?: number;
  },
) {
  return {
    "@context": "https://schema.org",
    "@type": "ApartmentComplex",
    "@id": `${site.siteUrl}${building.path}#edificio`,
    name: building.name,
    url: `${site.siteUrl}${building.path}`,
    image: `${site.siteUrl}${building.image}`,
    address: {
      "@type": "PostalAddress",
      ...(building.streetAddress ? { streetAddress: building.streetAddress } : {}),
      addressLocality: "Puerto Madero",
      addressRegion: "CABA",
      addressCountry: "AR",
    },
    ...(building.geo
      ? { geo: { "@type": "GeoCoordinates", latitude: building.geo.lat, longitude: building.geo.lng } }
      : {}),
    ...(building.units === undefined
      ? {}
      : { numberOfAccommodationUnits: { "@type": "QuantitativeValue", value: building.units } }),
    containedInPlace: areaServed,
  };
}

function provider(site: SiteConfig) {
  return { "@type": "RealEstateAgent", "@id": `${site.siteUrl}/#negocio`, name: site.businessName };
}

/** A page describing one service the business offers. */
export function service(
  site: SiteConfig,
  page: { path: string; name: string; description: string; serviceType: string },
) {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: page.name,
    description: page.description,
    serviceType: page.serviceType,
    url: `${site.siteUrl}${page.path}`,
    provider: provider(site),
    areaServed,
    inLanguage: inLanguage(page.path),
  };
}

/** Any other page. */
export function webPage(site: SiteConfig, page: { path: string; name: string; description: string }) {
  return {
    "@context": "https://schema.org",
    "@type": "WebPage",
    name: page.name,
    description: page.description,
    url: `${site.siteUrl}${page.path}`,
    inLanguage: inLanguage(page.path),
    isPartOf: { "@type": "WebSite", name: site.businessName, url: `${site.siteUrl}/` },
    about: provider(site),
  };
}
