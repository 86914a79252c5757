import type { SiteConfig } from "../../config/site-config.ts";

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
export function realEstateAgent(site: SiteConfig, description: string) {
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
    inLanguage: "es-AR",
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
    inLanguage: "es-AR",
    isPartOf: { "@type": "WebSite", name: site.businessName, url: `${site.siteUrl}/` },
    about: provider(site),
  };
}
