/**
 * The day the visit tests offer windows on: a weekday three days or more after the inbox's
 * clock, as a Buenos Aires date (YYYY-MM-DD), so the agenda's minimum notice and its week days
 * both allow it whatever day the suite runs.
 */
export function weekdayAhead(now: Date): string {
  const day = new Date(now.getTime() + 3 * 86_400_000);
  while ([0, 6].includes(day.getUTCDay())) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}
