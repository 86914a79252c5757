import type { OfferMade, VisitAfter, VisitAgendaService } from "#app/features/visits/agenda-service.ts";
import { reportDue, reportState } from "#app/lib/report-clock.ts";
import { whatsappDigits } from "#app/lib/phone-digits.ts";
import { buildWhatsAppUrl } from "#app/lib/whatsapp.ts";
import { langOf } from "#app/site-map.ts";
import type { Handles } from "../storage/store.ts";
import { visitHoursText, withinVisitHours } from "#app/content/tower-access.ts";
import {
  buenosAiresClock,
  buenosAiresDate,
  buenosAiresInstant,
  windowProblem,
  type Availability,
} from "./agenda.ts";
import type { BuildingAccessOf } from "./building-access.ts";
import { visitFactLabels, windowText, type VisitLang } from "./pick-page.ts";
import { visitLinkPath } from "./routes.ts";
import type { InspectionVisit, VisitAccess, VisitDesk, VisitOffer, VisitProperty } from "./visit-desk.ts";
import { visitWords } from "./visit-words.ts";
import { whatsappReminderText } from "./reminders.ts";
import type { CalendarFeed } from "./calendar-feed.ts";
import { buenosAiresTime } from "#app/lib/buenos-aires-time.ts";

const weekdayNames = ["Lunes", "Martes", "Miércoles", "Jueves", "Viernes", "Sábado", "Domingo"];
const clock = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The owner's side of the visits (decision 0039): her availability at /bandeja/agenda and
 * «Proponer visita» on a lead — the offer's link, the wa.me message in the lead's language, and
 * the e-mail when the lead left an address.
 */
export function createAgendaService(options: {
  desk: VisitDesk;
  store: Handles<"inspectionVisits" | "leads">;
  /** The published site: its address and name, and the delivery hours the report's clock keeps. */
  site: () => { siteUrl: string; businessName: string; deliveryHours: string };
  /** Sends the offer to the lead's address; absent when the service has no SMTP. */
  mailOffer?: (offer: { to: string; lang: VisitLang; link: string; windows: string[] }) => Promise<void>;
  now: () => Date;
  /** A published building's access by the tower a lead names (the site's door, decision 0044). */
  buildingAccess?: BuildingAccessOf;
  /** A change the owner made wrote notices: the e-mails' job may send them now. */
  onNotices?: () => void;
  /** The owner's private calendar feed (calendar-feed.ts). */
  feed: Pick<CalendarFeed, "replace" | "state">;
}): VisitAgendaService {
  const { desk, store, now } = options;
  const rows = store.inspectionVisits;

  async function whatsappReminders() {
    const due = await rows.dueWhatsAppReminders(now().toISOString());
    const listed = await Promise.all(
      due.map(async ({ reminder, visit }) => {
        const lead = await store.leads.get(visit.leadId);
        const offer = await rows.offerOfVisit(visit.id);
        const lang: VisitLang = offer?.lang === "en" ? "en" : "es";
        const message = whatsappReminderText(lang, visit, lead?.contact, options.site().businessName);
        if (!message.url) return undefined;
        return {
          id: reminder.id,
          clientName: lead?.contact.name?.trim() || "Consulta sin nombre",
          kindText: reminder.kind === "client-24h" ? "24 h antes" : "2 h antes",
          visitText: windowText("es", visit),
          whatsappUrl: message.url,
        };
      }),
    );
    return listed.filter((item) => item !== undefined);
  }

  function afterOf(visit: InspectionVisit, at: Date): VisitAfter {
    return {
      id: visit.id,
      state: visit.state,
      started: Date.parse(visit.startsAt) <= at.getTime(),
      ...(visit.state === "done" && visit.reportDueAt
        ? {
            report: {
              state: reportState({ dueAt: visit.reportDueAt, deliveredAt: visit.reportDeliveredAt }, at),
              due: reportDue(visit.reportDueAt, at),
            },
          }
        : {}),
    };
  }

  return {
    whatsappReminders,

    async afterVisit(leadId, visitId, intent) {
      if (intent === "informe") return (await desk.deliverReport(leadId, visitId)) ? "marked" : "closed";
      const outcome = ({ hecha: "done", "no-vino": "no-show", reprogramada: "rescheduled" } as const)[intent];
      const settled = await desk.settleByOwner(leadId, visitId, outcome, options.site().deliveryHours);
      if (settled !== "settled") return settled;
      if (outcome === "rescheduled") options.onNotices?.();
      return "marked";
    },

    async reportsToDeliver() {
      const at = now();
      const open = await rows.reportsToDeliver();
      return Promise.all(
        open.map(async (visit) => {
          const lead = await store.leads.get(visit.leadId);
          const dueAt = visit.reportDueAt ?? visit.endsAt;
          return {
            visitId: visit.id,
            leadId: visit.leadId,
            clientName: lead?.contact.name?.trim() || "Consulta sin nombre",
            visitText: windowText("es", visit),
            state:
              reportState({ dueAt, deliveredAt: null }, at) === "late" ? ("late" as const) : ("due" as const),
            due: reportDue(dueAt, at),
          };
        }),
      );
    },

    async calendarFeed() {
      const feed = await options.feed.state();
      return (
        feed && {
          createdAtText: windowText("es", { startsAt: feed.createdAt, endsAt: feed.createdAt }).replace(
            / a \d\d:\d\d$/,
            "",
          ),
        }
      );
    },

    async replaceCalendarFeed() {
      const httpsUrl = await options.feed.replace();
      return { httpsUrl, webcalUrl: httpsUrl.replace(/^https?:/, "webcal:") };
    },

    async sendWhatsAppReminder(id) {
      const item = (await whatsappReminders()).find((entry) => entry.id === id);
      if (!item) return undefined;
      return (await rows.markWhatsAppSent(id, now().toISOString())) ? item.whatsappUrl : undefined;
    },

    async agenda() {
      const availability = await desk.availability();
      return {
        days: weekdayNames.map((name, index) => {
          const day = availability.days.find((entry) => entry.weekday === index + 1);
          return {
            weekday: index + 1,
            name,
            on: !!day,
            opens: day?.opens ?? "09:00",
            closes: day?.closes ?? "18:00",
          };
        }),
        bufferMinutes: availability.bufferMinutes,
        noticeHours: availability.noticeHours,
        durationMinutes: availability.durationMinutes,
        offerHours: availability.offerHours,
        exceptions: availability.exceptions
          .map((entry) =>
            entry.opens ? `${entry.date} ${entry.opens}-${entry.closes}` : `${entry.date} cerrado`,
          )
          .join("\n"),
      };
    },

    async saveAgenda(form) {
      const days: Availability["days"] = [];
      for (let weekday = 1; weekday <= 7; weekday++) {
        if (form[`dia-${weekday}`] !== "si") continue;
        const opens = form[`desde-${weekday}`] ?? "";
        const closes = form[`hasta-${weekday}`] ?? "";
        if (!clock.test(opens) || !clock.test(closes) || opens >= closes)
          return {
            problem: `${weekdayNames[weekday - 1]}: el horario de inicio tiene que ser anterior al de fin.`,
          };
        days.push({ weekday, opens, closes });
      }
      const exceptions: Availability["exceptions"] = [];
      for (const line of (form.excepciones ?? "")
        .split(/\r?\n/)
        .map((text) => text.trim())
        .filter(Boolean)) {
        const closed = /^(\d{4}-\d{2}-\d{2})\s+cerrado$/i.exec(line);
        const open = /^(\d{4}-\d{2}-\d{2})\s+(\d{2}:\d{2})\s*-\s*(\d{2}:\d{2})$/.exec(line);
        if (closed) exceptions.push({ date: closed[1]! });
        else if (open && clock.test(open[2]!) && clock.test(open[3]!) && open[2]! < open[3]!)
          exceptions.push({ date: open[1]!, opens: open[2]!, closes: open[3]! });
        else
          return {
            problem: `No se entiende «${line}»: escribí «2026-12-24 cerrado» o «2026-12-26 10:00-13:00».`,
          };
      }
      const number = (name: string, max: number) => {
        const value = Number(form[name]);
        return Number.isInteger(value) && value >= 0 && value <= max ? value : undefined;
      };
      const bufferMinutes = number("buffer", 240);
      const noticeHours = number("aviso", 24 * 14);
      const durationMinutes = number("duracion", 480);
      const offerHours = number("vigencia", 24 * 14);
      if (bufferMinutes === undefined || noticeHours === undefined || !durationMinutes || !offerHours)
        return {
          problem: "Revisá los números: traslado y aviso desde 0, duración y vencimiento mayores que 0.",
        };
      await rows.setAgenda("availability", {
        days,
        bufferMinutes,
        noticeHours,
        durationMinutes,
        offerHours,
        exceptions,
      } satisfies Availability);
      return {};
    },

    async personVisits(leadIds) {
      const labels = visitFactLabels;
      const yesNo = (on: boolean) => (on ? labels.yes : labels.no);
      const table: string[][] = [];
      for (const leadId of leadIds) {
        const lead = await store.leads.get(leadId);
        if (!lead) continue;
        for (const offer of (await rows.offersOf(leadId)).reverse()) {
          const visit = offer.visitId ? await rows.visit(offer.visitId) : undefined;
          const property = visit?.property as VisitProperty | undefined;
          const access = visit?.access as VisitAccess | undefined;
          table.push([
            buenosAiresTime(lead.receivedAt),
            stateText(offer, visit, now()),
            visit ? windowText("es", visit) : "",
            property?.tower ?? "",
            property?.floor ?? "",
            property?.unit ?? "",
            property?.street ?? "",
            access ? visitWords.es.openers[access.opener] : "",
            access?.guestList ?? "",
            access ? yesNo(access.parking) : "",
            access ? yesNo(access.occupied) : "",
            access?.notes ?? "",
            buenosAiresTime(new Date(offer.createdAt)),
            offer.windows.map((window) => windowText("es", window)).join(" / "),
          ]);
        }
      }
      return {
        title: "Visitas de inspección",
        header: [
          "Consulta recibida",
          "Estado",
          labels.when,
          labels.tower,
          labels.floor,
          labels.unit,
          labels.street,
          labels.opener,
          labels.guestList,
          labels.parking,
          labels.occupied,
          labels.notes,
          "Horarios propuestos el",
          "Horarios propuestos",
        ],
        rows: table,
      };
    },

    async forLead(leadId) {
      const lead = await store.leads.get(leadId);
      if (!lead) return undefined;
      const lang: VisitLang = langOf(lead.page ?? "/") === "en" ? "en" : "es";
      const availability = await desk.availability();
      const open = await rows.openOffers(now().toISOString());
      const mine = await rows.offersOf(leadId);
      const stamp = (iso: string) =>
        windowText("es", { startsAt: iso, endsAt: iso }).replace(/ a \d\d:\d\d$/, "");
      const offers = await Promise.all(
        mine.map(async (offer) => {
          const visit = offer.visitId ? await rows.visit(offer.visitId) : undefined;
          return {
            createdAtText: stamp(offer.createdAt),
            expiresAtText: stamp(offer.expiresAt),
            stateText: stateText(offer, visit, now()),
            windows: offer.windows.map((window) => windowText("es", window)),
            ...(visit ? { visitText: windowText("es", visit), visit: afterOf(visit, now()) } : {}),
          };
        }),
      );
      const elsewhere = open
        .filter((offer) => offer.leadId !== leadId)
        .flatMap((offer) => offer.windows.map((window) => windowText("es", window)));
      return {
        leadName: lead.contact.name ?? "Consulta sin nombre",
        lang,
        hasEmail: !!lead.contact.email,
        durationMinutes: availability.durationMinutes,
        offers,
        offeredElsewhere: [...new Set(elsewhere)],
      };
    },

    async propose(leadId, asked) {
      const lead = await store.leads.get(leadId);
      if (!lead) return { problem: "La consulta ya no existe." };
      if (asked.length < 1 || asked.length > 3) return { problem: "Elegí de 1 a 3 horarios." };
      const availability = await desk.availability();
      const at = now();
      const windows = [];
      // The building lets visits in only within its hours: a window outside them is refused here,
      // before the client picks a time the guard will not honour (decision 0044).
      const tower = String(lead.values.torre ?? lead.values.edificio ?? "").trim();
      const building = tower ? options.buildingAccess?.(tower) : undefined;
      const buildingHours = building?.access.visitHours;
      for (const [index, window] of asked.entries()) {
        if (!/^\d{4}-\d{2}-\d{2}$/.test(window.date) || !clock.test(window.start))
          return { problem: `Horario ${index + 1}: falta el día o la hora.` };
        const minutes =
          Number.isInteger(window.minutes) && window.minutes >= 15
            ? window.minutes
            : availability.durationMinutes;
        const start = buenosAiresInstant(window.date, window.start);
        const candidate = {
          startsAt: start.toISOString(),
          endsAt: new Date(start.getTime() + minutes * 60_000).toISOString(),
        };
        const problem = windowProblem(availability, candidate, at);
        if (problem === "too-soon")
          return {
            problem: `Horario ${index + 1}: falta menos que el aviso mínimo (${availability.noticeHours} h).`,
          };
        if (problem === "outside-hours")
          return {
            problem: `Horario ${index + 1}: ${buenosAiresDate(start)} a esa hora está fuera de tu agenda.`,
          };
        if (
          buildingHours &&
          (buenosAiresDate(new Date(candidate.endsAt)) !== buenosAiresDate(start) ||
            !withinVisitHours(buildingHours, {
              from: buenosAiresClock(start),
              to: buenosAiresClock(new Date(candidate.endsAt)),
            }))
        )
          return {
            problem: `Horario ${index + 1}: ${building!.name} permite visitas de ${visitHoursText(buildingHours)}; elegí un horario dentro de ese rango.`,
          };
        windows.push(candidate);
      }
      const lang: VisitLang = langOf(lead.page ?? "/") === "en" ? "en" : "es";
      const { token } = await desk.offer(leadId, lang, windows);
      const link = `${options.site().siteUrl.replace(/\/+$/, "")}${visitLinkPath(token)}`;
      const texts = windows.map((window) => windowText(lang, window));
      const message = visitWords[lang].offer.whatsapp(options.site().businessName, link);
      const digits = lead.contact.phone ? whatsappDigits(lead.contact.phone) : undefined;
      const email = lead.contact.email?.trim();
      let emailed: OfferMade["emailed"] = email ? "no-mail-server" : "no-address";
      if (email && options.mailOffer) {
        // The offer is made either way; a refused e-mail is the owner's to know, with WhatsApp at hand.
        emailed = await options.mailOffer({ to: email, lang, link, windows: texts }).then(
          () => "sent" as const,
          (error: unknown) => {
            console.error(
              `Visitas: no se pudo enviar la propuesta por e-mail (${error instanceof Error ? error.message : String(error)}).`,
            );
            return "failed" as const;
          },
        );
      }
      return {
        link,
        ...(digits ? { whatsappUrl: buildWhatsAppUrl(digits, message) } : {}),
        emailed,
        windows: windows.map((window) => windowText("es", window)),
      };
    },
  };
}

/** An offer's state as the owner reads it: its visit's, or whether the client may still pick. */
function stateText(offer: VisitOffer, visit: InspectionVisit | undefined, now: Date): string {
  if (visit) return visitStateText[visit.state];
  return offer.state === "open" && offer.expiresAt > now.toISOString() ? "Esperando respuesta" : "Vencida";
}

const visitStateText = {
  confirmed: "Visita confirmada",
  cancelled: "Cancelada",
  done: "Visita hecha",
  "no-show": "No vino",
  rescheduled: "Reprogramada",
} as const;
