/**
 * Days, weeks and times on Buenos Aires clocks, for everything the owner reads
 * or the service counts by day (the inbox, e-mails, visit counts, the weekly
 * summary, the backups' glance). Argentina has no daylight saving today, but
 * nothing here assumes it: the zone's own offset is asked for every date.
 * Formatters are made once: building one costs about 70 µs, using it about 1.
 */
export const buenosAiresTimeZone = "America/Argentina/Buenos_Aires";

const isoDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: buenosAiresTimeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const dateAndClock = new Intl.DateTimeFormat("es-AR", {
  timeZone: buenosAiresTimeZone,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const weekdayAndClock = new Intl.DateTimeFormat("es-AR", {
  timeZone: buenosAiresTimeZone,
  weekday: "long",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const dayMonthAndClock = new Intl.DateTimeFormat("es-AR", {
  timeZone: buenosAiresTimeZone,
  day: "2-digit",
  month: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const weekdayAndOffset = new Intl.DateTimeFormat("en-US", {
  timeZone: buenosAiresTimeZone,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  weekday: "short",
  timeZoneName: "longOffset",
});

/** The date on Buenos Aires clocks, "2026-05-01": the day a visit is counted in. */
export function buenosAiresDay(moment: Date): string {
  return isoDate.format(moment);
}

/** "14/05/2026 12:00", on Buenos Aires clocks. */
export function buenosAiresTime(moment: Date): string {
  return dateAndClock.format(moment).replace(",", "");
}

/** "lunes 08:10" within the last six days; "16/11 08:10" before. */
export function buenosAiresDayAndTime(moment: Date, now: Date): string {
  const recent = now.getTime() - moment.getTime() < 6 * 86_400_000;
  return (recent ? weekdayAndClock : dayMonthAndClock).format(moment).replace(",", "");
}

/** A day written "2026-05-04" as the owner reads it: "04/05/2026" (or "04/05" without the year). */
export function dayText(isoDay: string, withYear = true): string {
  const dayAndMonth = `${isoDay.slice(8, 10)}/${isoDay.slice(5, 7)}`;
  return withYear ? `${dayAndMonth}/${isoDay.slice(0, 4)}` : dayAndMonth;
}

/** Monday 00:00 of the week `now` falls in, on Buenos Aires clocks. */
export function startOfWeekInBuenosAires(now: Date): Date {
  const parts = Object.fromEntries(
    weekdayAndOffset.formatToParts(now).map((part) => [part.type, part.value]),
  );
  const daysSinceMonday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(parts.weekday!);
  const offset = parts.timeZoneName === "GMT" ? "Z" : parts.timeZoneName!.replace("GMT", "");
  const midnight = new Date(`${parts.year}-${parts.month}-${parts.day}T00:00:00${offset}`);
  return new Date(midnight.getTime() - daysSinceMonday * 24 * 60 * 60_000);
}
