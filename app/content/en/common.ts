import { site } from "../../config/site.ts";
import { sectionPages } from "../../site-map.ts";
import type { NavItem, Stat } from "../types.ts";
import { claims } from "./claims.ts";

/**
 * Copy shared by every English page (for owners and investors abroad). The
 * business facts and the claims come from the site configuration, so each
 * number is written once; here they are formatted for English readers.
 */

/** The three numbers that sum up the practice, set large on several pages. */
export const keyStats: readonly Stat[] = [
  { value: claims.deliveryFigure, label: "to receive your report" },
  { value: claims.experience, label: "years appraising in Puerto Madero" },
  { value: claims.towers, label: "towers surveyed one by one" },
];

/**
 * Values the lead forms receive as their preselection: stored as the Spanish
 * site stores them (the owner's inbox is in Spanish), shown in English by the forms.
 */
export const presets = {
  generalConsultation: "Consulta general",
  saleConsultation: "Consulta Venta",
} as const;

/** Texts a WhatsApp link arrives with: they say the visitor prefers English. */
export const whatsappTexts = {
  contact: "Hello, I need a professional appraisal in Puerto Madero. I prefer to continue in English.",
  offPlanAdvice:
    "Hello, I would like advice on investing in an off-plan project in Puerto Madero. I prefer to continue in English.",
} as const;

export const header = {
  homeLabel: `${site.businessName}, home`,
  navLabel: "Main",
  menuOpen: "Open menu",
  menuClose: "Close menu",
  menuTitle: "Menu",
  contact: "Contact",
  contactHint: "Opens WhatsApp in a new tab",
} as const;

/** Every page with a label, for the footer (labels and order come from the page list). */
export const pageLinks: readonly NavItem[] = sectionPages.flatMap((page) =>
  "label" in page.en ? [{ path: page.en.path, label: page.en.label }] : [],
);

/** The main menu: the pages with a menu label. */
export const nav: readonly NavItem[] = sectionPages.flatMap((page) =>
  "menuLabel" in page.en ? [{ path: page.en.path, label: page.en.menuLabel }] : [],
);

/** Every service page, for the 404 page and the express online page. */
export const serviceLinks: readonly NavItem[] = pageLinks.filter((link) => link.path !== "/en");

/** "Monday to Friday, 9:00 to 18:00 (Buenos Aires time)" from the configured days and hours. */
export function officeHours(days: readonly string[], opens: string, closes: string): string {
  const span = days.length > 2 ? `${days[0]} to ${days.at(-1)}` : days.join(" and ");
  return `${span}, ${opens} to ${closes} (Buenos Aires time)`;
}

export const footer = {
  tagline: `Professional appraisals in Puerto Madero, Buenos Aires, with a signed report delivered in ${claims.delivery}.`,
  registration: claims.registration,
  contactTitle: "Contact",
  servicesTitle: "Services",
  phoneLabel: "Phone",
  emailLabel: "Email",
  addressLabel: "Office",
  hoursLabel: "Hours",
  hours: officeHours(site.openingDays, site.opens, site.closes),
  address: `${site.streetAddress}, ${site.locality}, Buenos Aires`,
  rights: `© ${new Date().getFullYear()} ${site.businessName}`,
  privacy: "Privacy policy",
} as const;

/** Labels of the tower and property-type cards. */
export const catalogue = {
  amenitiesLabel: "Amenities",
  addressLabel: "Address",
  statusLabel: "Status",
  zoneLabel: "Area",
  towerImageAlt: (name: string) => `Illustration of ${name} over the water of the docks`,
  typeImageAlt: (tipo: string) => `Line illustration: ${tipo.toLowerCase()}`,
} as const;

/** The WhatsApp call to action of the home page. */
export const whatsappCta = {
  eyebrow: "Let's talk",
  title: "Would you rather message us directly?",
  text: "Tell us which property you want appraised and we will reply the same day, during office hours. In English, of course.",
  button: `WhatsApp ${site.phoneDisplay}`,
  hint: "Opens in a new tab",
} as const;

export { claims };
