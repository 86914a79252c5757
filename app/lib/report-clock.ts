import { buenosAiresDay } from "./buenos-aires-time.ts";

/**
 * The report's clock after a visit (issue 46 item 7, decision 0043). The promise is the one the
 * site publishes on every form, «recibí el informe en 24-48 horas» (SITE_DELIVERY_HOURS, a fact
 * the owner edits and publishes): the report is due by the visit's end plus the promise's upper
 * bound, and late after that instant. Hours are elapsed hours, the same in every zone; the day
 * the owner reads («hoy», «mañana») is a Buenos Aires day, whatever the server's TZ.
 */

/** "24-48" as its two bounds, in hours; the latest is the promise kept. */
export function promisedHours(deliveryHours: string): { earliest: number; latest: number } {
  const match = /^(\d+)-(\d+)$/.exec(deliveryHours.trim());
  if (!match) throw new Error(`Plazo de entrega ilegible: «${deliveryHours}» (se espera como 24-48).`);
  const [earliest, latest] = [Number(match[1]), Number(match[2])].sort((a, b) => a - b) as [number, number];
  return { earliest, latest };
}

/** When the report is promised by: the visit's end plus the promise's upper bound. */
export function reportDueAt(visitEndsAt: string, deliveryHours: string): string {
  return new Date(Date.parse(visitEndsAt) + promisedHours(deliveryHours).latest * 3_600_000).toISOString();
}

export type ReportState = "due" | "late" | "delivered";

/** Due until its instant, late from it on (at that very instant it is already late), delivered once marked. */
export function reportState(report: { dueAt: string; deliveredAt: string | null }, now: Date): ReportState {
  if (report.deliveredAt) return "delivered";
  return now.getTime() >= Date.parse(report.dueAt) ? "late" : "due";
}

/**
 * The due instant as the owner reads it, on Buenos Aires clocks: how many Buenos Aires days away
 * (0 today, 1 tomorrow, -1 yesterday), the date «14/12» and the clock «15:00».
 */
export type ReportDue = { daysAway: number; date: string; clock: string; iso: string };

const clockFormat = new Intl.DateTimeFormat("es-AR", {
  timeZone: "America/Argentina/Buenos_Aires",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

export function reportDue(dueAt: string, now: Date): ReportDue {
  const due = new Date(dueAt);
  const dueDay = buenosAiresDay(due);
  const today = buenosAiresDay(now);
  // Calendar days between two dates: their UTC midnights differ by whole days.
  const daysAway = Math.round((Date.parse(dueDay) - Date.parse(today)) / 86_400_000);
  return {
    daysAway,
    date: `${dueDay.slice(8, 10)}/${dueDay.slice(5, 7)}`,
    clock: clockFormat.format(due),
    iso: dueAt,
  };
}
