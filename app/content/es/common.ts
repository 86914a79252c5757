import { site } from "../../config/site.ts";
import { sectionPages } from "../../site-map.ts";
import type { NavItem, Stat } from "../types.ts";
import { claims } from "./claims.ts";

/**
 * Copy shared by every page (Spanish, Argentina). The business facts and the
 * claims come from the site configuration, so each number is written once.
 */

/** The three numbers that sum up the practice, set large on several pages. */
export const keyStats: readonly Stat[] = [
  { value: claims.deliveryFigure, label: "para recibir tu informe" },
  { value: claims.experience, label: `años tasando en Puerto Madero` },
  { value: claims.towers, label: "torres relevadas una por una" },
];

/** Values the lead forms receive as their preselection. */
export const presets = {
  generalConsultation: "Consulta general",
  saleConsultation: "Consulta Venta",
} as const;

/** Texts a WhatsApp link arrives with. */
export const whatsappTexts = {
  contact: "Hola, necesito una tasación profesional en Puerto Madero",
  offPlanAdvice: "Hola, quiero asesoramiento para invertir en un proyecto en pozo en Puerto Madero",
} as const;

export const header = {
  homeLabel: `${site.businessName}, inicio`,
  navLabel: "Principal",
  menuOpen: "Abrir menú",
  menuClose: "Cerrar menú",
  menuTitle: "Menú",
  contact: "Contacto",
  contactHint: "Abre WhatsApp en una pestaña nueva",
} as const;

/** Every page with a label, for the footer (labels and order come from the page list). */
export const pageLinks: readonly NavItem[] = sectionPages.flatMap((page) =>
  "label" in page ? [{ path: page.path, label: page.label }] : [],
);

/** The main menu: the pages with a menu label. */
export const nav: readonly NavItem[] = sectionPages.flatMap((page) =>
  "menuLabel" in page ? [{ path: page.path, label: page.menuLabel }] : [],
);

/** Every service page, for the 404 page and the express online page. */
export const serviceLinks: readonly NavItem[] = pageLinks.filter((link) => link.path !== "/");

const spanishDays: Record<string, string> = {
  Monday: "lunes",
  Tuesday: "martes",
  Wednesday: "miércoles",
  Thursday: "jueves",
  Friday: "viernes",
  Saturday: "sábado",
  Sunday: "domingo",
};

/** "Lunes a viernes, de 09:00 a 18:00" from the configured days and hours. */
export function officeHours(days: readonly string[], opens: string, closes: string): string {
  const names = days.map((day) => spanishDays[day] ?? day);
  const span = names.length > 2 ? `${names[0]} a ${names.at(-1)}` : names.join(" y ");
  return `${span.charAt(0).toUpperCase()}${span.slice(1)}, de ${opens} a ${closes} h`;
}

export const footer = {
  tagline:
    "Tasaciones profesionales en Puerto Madero, con informe firmado y entregado en " + claims.delivery + ".",
  registration: claims.registration,
  contactTitle: "Contacto",
  servicesTitle: "Servicios",
  phoneLabel: "Teléfono",
  emailLabel: "Email",
  addressLabel: "Oficina",
  hoursLabel: "Horario",
  hours: officeHours(site.openingDays, site.opens, site.closes),
  address: `${site.streetAddress}, ${site.locality}`,
  rights: `© ${new Date().getFullYear()} ${site.businessName}`,
  privacy: "Política de privacidad",
} as const;

/** Labels of the tower and property-type cards. */
export const catalogue = {
  amenitiesLabel: "Amenities",
  addressLabel: "Dirección",
  statusLabel: "Estado",
  zoneLabel: "Zona",
  towerImageAlt: (name: string) => `Ilustración de ${name} sobre el agua de los diques`,
  typeImageAlt: (tipo: string) => `Ilustración de línea: ${tipo.toLowerCase()}`,
} as const;

/** The WhatsApp call to action of the home page. */
export const whatsappCta = {
  eyebrow: "Hablemos",
  title: "¿Preferís escribirnos directo?",
  text: "Contanos qué propiedad querés tasar y te respondemos en el día, en horario de oficina.",
  button: `WhatsApp ${site.phoneDisplay}`,
  hint: "Se abre en una pestaña nueva",
} as const;

export { claims };
