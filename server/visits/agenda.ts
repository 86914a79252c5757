/**
 * The owner's availability for visits (decision 0039): the week's days and hours, the travel
 * buffer kept between two visits, the minimum notice before a visit, how long a visit lasts and
 * how long an offer stays open by default, and single days that differ. Times are Buenos Aires
 * clock times; instants are computed per date with the zone's own offset.
 */
export type Availability = {
  /** ISO weekdays (1 Monday … 7 Sunday) with their hours, "HH:MM". */
  days: { weekday: number; opens: string; closes: string }[];
  bufferMinutes: number;
  noticeHours: number;
  durationMinutes: number;
  offerHours: number;
  /** A date ("2026-12-24") closed, or open other hours. */
  exceptions: { date: string; opens?: string; closes?: string }[];
};

export const defaultAvailability: Availability = {
  days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens: "09:00", closes: "18:00" })),
  bufferMinutes: 30,
  noticeHours: 12,
  durationMinutes: 60,
  offerHours: 48,
  exceptions: [],
};

export const buenosAires = "America/Argentina/Buenos_Aires";

const offsetFormat = new Intl.DateTimeFormat("en-US", { timeZone: buenosAires, timeZoneName: "longOffset" });
const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: buenosAires,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});
const clockFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: buenosAires,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** The instant a Buenos Aires date and clock time name ("2026-12-10", "10:00"). */
export function buenosAiresInstant(day: string, clock: string): Date {
  // The zone's offset at noon of that day (Argentina has no daylight saving today; nothing here assumes it).
  const noon = new Date(`${day}T12:00:00Z`);
  const name = offsetFormat.formatToParts(noon).find((part) => part.type === "timeZoneName")!.value;
  const offset = name === "GMT" ? "Z" : name.replace("GMT", "");
  return new Date(`${day}T${clock}:00${offset}`);
}

export const buenosAiresDate = (moment: Date) => dayFormat.format(moment);
export const buenosAiresClock = (moment: Date) => clockFormat.format(moment);

/** The ISO weekday of a Buenos Aires date. */
function weekdayOf(day: string): number {
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}

/** The hours a date is open for visits, or undefined when it is closed. */
export function hoursOn(
  availability: Availability,
  day: string,
): { opens: string; closes: string } | undefined {
  const exception = availability.exceptions.find((entry) => entry.date === day);
  if (exception)
    return exception.opens && exception.closes
      ? { opens: exception.opens, closes: exception.closes }
      : undefined;
  const regular = availability.days.find((entry) => entry.weekday === weekdayOf(day));
  return regular && { opens: regular.opens, closes: regular.closes };
}

/**
 * Why a window cannot be offered or picked, or undefined when it can: inside the day's hours
 * (on Buenos Aires clocks) and no sooner than the minimum notice.
 */
export function windowProblem(
  availability: Availability,
  window: { startsAt: string; endsAt: string },
  now: Date,
): "outside-hours" | "too-soon" | undefined {
  const start = new Date(window.startsAt);
  const end = new Date(window.endsAt);
  if (start.getTime() - now.getTime() < availability.noticeHours * 3_600_000) return "too-soon";
  const day = buenosAiresDate(start);
  const hours = hoursOn(availability, day);
  if (!hours || buenosAiresDate(new Date(end.getTime() - 1)) !== day) return "outside-hours";
  if (buenosAiresClock(start) < hours.opens || buenosAiresClock(new Date(end.getTime())) > hours.closes)
    return "outside-hours";
  return undefined;
}

/** The availability as stored, read back whole: anything missing or malformed takes the default. */
export function availabilityOf(stored: unknown): Availability {
  if (!stored || typeof stored !== "object") return defaultAvailability;
  const value = stored as Partial<Availability>;
  const minutes = (entry: unknown, fallback: number, max: number) =>
    typeof entry === "number" && Number.isInteger(entry) && entry >= 0 && entry <= max ? entry : fallback;
  return {
    days: Array.isArray(value.days) ? value.days : defaultAvailability.days,
    bufferMinutes: minutes(value.bufferMinutes, defaultAvailability.bufferMinutes, 240),
    noticeHours: minutes(value.noticeHours, defaultAvailability.noticeHours, 24 * 14),
    durationMinutes: minutes(value.durationMinutes, defaultAvailability.durationMinutes, 480),
    offerHours: minutes(value.offerHours, defaultAvailability.offerHours, 24 * 14),
    exceptions: Array.isArray(value.exceptions) ? value.exceptions : [],
  };
}
