import ical, {
  ICalAttendeeRole,
  ICalAttendeeStatus,
  ICalCalendarMethod,
  ICalEventStatus,
} from "ical-generator";

import type { InspectionVisit } from "./visit-desk.ts";
import type { VisitLang } from "./pick-page.ts";
import { visitWords } from "./visit-words.ts";
import type { VisitAccess, VisitProperty } from "./visit-desk.ts";
import { buildingLines, type BuildingAccess } from "./building-access.ts";

/** Who the invitation is from and for. */
export type InvitationParties = {
  business: { name: string; email: string; siteUrl: string };
  client: { name: string; email?: string };
};

/**
 * `visita.ics` for one visit (RFC 5545, with RFC 5546's METHOD): one UID for the visit's whole
 * life (its id at the site's host), SEQUENCE its change count, DTSTART/DTEND and DTSTAMP in
 * UTC (so a client's calendar in any zone shows the Buenos Aires time right, and the file is
 * the same whatever the server's TZ), LOCATION the address with floor and unit, DESCRIPTION the
 * access details and the link, ORGANIZER the business, ATTENDEE the client when there is an
 * address. A cancellation is METHOD:CANCEL with STATUS:CANCELLED.
 */
export function visitInvitation(
  visit: InspectionVisit,
  parties: InvitationParties,
  options: { lang: VisitLang; link: string; building?: BuildingAccess | undefined },
): { method: "REQUEST" | "CANCEL"; content: string } {
  // Rescheduled by the owner from the inbox: this visit is off the calendars; new times come as a new offer.
  const cancelled = visit.state === "cancelled" || visit.state === "rescheduled";
  const method = cancelled ? "CANCEL" : "REQUEST";
  const host = new URL(parties.business.siteUrl).hostname;
  const calendar = ical({
    prodId: { company: parties.business.name, product: "Visitas", language: options.lang.toUpperCase() },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: `${visit.id}@${host}`,
    sequence: visit.sequence,
    stamp: new Date(visit.updatedAt),
    start: new Date(visit.startsAt),
    end: new Date(visit.endsAt),
    summary: visitSummary(options.lang, parties),
    location: visitAddress(options.lang, visit.property as VisitProperty),
    description: visitDescription(options.lang, visit.access as VisitAccess, options.link, options.building),
    url: options.link,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: parties.business.name, email: parties.business.email },
    attendees: parties.client.email
      ? [
          {
            name: parties.client.name,
            email: parties.client.email,
            role: ICalAttendeeRole.REQ,
            status: cancelled ? ICalAttendeeStatus.DECLINED : ICalAttendeeStatus.ACCEPTED,
          },
        ]
      : [],
  });
  return { method, content: calendar.toString() };
}

/**
 * The owner's private feed (decision 0041): every visit still confirmed, as one calendar her
 * phone subscribes to (no METHOD: a subscription is not a scheduling message). It holds what she
 * needs on the way: when, where, the client's name, who opens, parking, whether it is occupied,
 * how many names the guard needs, and the lead's page in the inbox for the rest. The client's
 * phone and e-mail, the names and DNI for the guard and the free-text notes stay in the inbox:
 * a subscribed calendar is copied to Apple's or Google's servers and to every device, and a
 * secret address leaks more easily than a passkey.
 */
export function visitFeed(
  visits: {
    visit: InspectionVisit;
    clientName: string;
    inboxLink: string;
    building?: BuildingAccess | undefined;
  }[],
  business: InvitationParties["business"],
): string {
  const host = new URL(business.siteUrl).hostname;
  const calendar = ical({
    prodId: { company: business.name, product: "Visitas", language: "ES" },
    name: `Visitas · ${business.name}`,
    ttl: 15 * 60,
  });
  for (const { visit, clientName, inboxLink, building } of visits) {
    const access = visit.access as VisitAccess;
    const words = visitWords.es;
    const guests = access.guestList.split(/\r?\n/).filter((line) => line.trim()).length;
    calendar.createEvent({
      id: `${visit.id}@${host}`,
      sequence: visit.sequence,
      stamp: new Date(visit.updatedAt),
      start: new Date(visit.startsAt),
      end: new Date(visit.endsAt),
      summary: `Visita: ${clientName}`,
      location: visitAddress("es", visit.property as VisitProperty),
      description: [
        `${words.opener} ${words.openers[access.opener]}`,
        guests > 0 && `Personas a autorizar en la guardia: ${guests} (nombres y DNI en la bandeja)`,
        `Cochera: ${access.parking ? "sí" : "no"}`,
        `Habitada: ${access.occupied ? "sí" : "no"}`,
        // The building's rules are the owner's published facts, not the client's data.
        ...buildingLines("es", building, { withPhone: true }),
        `Teléfono, e-mail y notas en la bandeja: ${inboxLink}`,
      ]
        .filter(Boolean)
        .join("\n"),
      url: inboxLink,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

function visitSummary(lang: VisitLang, parties: InvitationParties): string {
  return lang === "es"
    ? `Visita de tasación: ${parties.client.name} · ${parties.business.name}`
    : `Valuation visit: ${parties.client.name} · ${parties.business.name}`;
}

export function visitAddress(lang: VisitLang, property: VisitProperty): string {
  const words = visitWords[lang];
  // The street first when there is one (it names the building), then floor and unit.
  return [
    property.tower,
    property.street,
    property.floor && `${words.floor} ${property.floor}`,
    property.unit && `${words.unit} ${property.unit}`,
    property.street ? "" : "Puerto Madero, Buenos Aires",
  ]
    .filter(Boolean)
    .join(", ");
}

function visitDescription(
  lang: VisitLang,
  access: VisitAccess,
  link: string,
  building: BuildingAccess | undefined,
): string {
  const words = visitWords[lang];
  // The building's rules with its reception's phone: the invitation goes to the owner and the client of a confirmed visit.
  const rules = buildingLines(lang, building, { withPhone: true });
  return [
    `${words.opener} ${words.openers[access.opener]}`,
    access.guestList && `${words.guestList}:\n${access.guestList}`,
    `${words.parking}: ${access.parking ? words.yes : words.no}`,
    `${words.occupied}: ${access.occupied ? words.yes : words.no}`,
    access.notes && `${words.notesLabel}: ${access.notes}`,
    rules.length > 0 && `${words.building.heading} (${building!.name}):\n${rules.join("\n")}`,
    link,
  ]
    .filter(Boolean)
    .join("\n");
}
