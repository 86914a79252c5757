import { expect, test } from "vitest";

import { promisedHours, reportDue, reportDueAt, reportState } from "./report-clock.ts";

test("the published promise «24-48» keeps its upper bound; a reversed or unreadable one is handled", () => {
  expect(promisedHours("24-48")).toEqual({ earliest: 24, latest: 48 });
  expect(promisedHours(" 72-24 ")).toEqual({ earliest: 24, latest: 72 });
  expect(() => promisedHours("48 h")).toThrow(/24-48/);
});

test("a visit ending Monday 11:00 in Buenos Aires is due Wednesday 11:00 with 24-48 h, Tuesday 11:00 with 12-24", () => {
  // Monday 7 December 2026, 10:00-11:00 in Buenos Aires (13:00-14:00 UTC).
  expect(reportDueAt("2026-12-07T14:00:00.000Z", "24-48")).toBe("2026-12-09T14:00:00.000Z");
  expect(reportDueAt("2026-12-07T14:00:00.000Z", "12-24")).toBe("2026-12-08T14:00:00.000Z");
});

test("due until the promised instant, late from it on, delivered once marked whatever the hour", () => {
  const dueAt = "2026-12-09T14:00:00.000Z";
  expect(reportState({ dueAt, deliveredAt: null }, new Date("2026-12-09T13:59:59.999Z"))).toBe("due");
  expect(reportState({ dueAt, deliveredAt: null }, new Date(dueAt))).toBe("late");
  expect(
    reportState({ dueAt, deliveredAt: "2026-12-10T09:00:00.000Z" }, new Date("2026-12-20T00:00:00Z")),
  ).toBe("delivered");
});

test("the owner reads the due time on Buenos Aires days and clocks: 23:30 there is still the day before in UTC terms", () => {
  // Due Wednesday 9 December 23:30 in Buenos Aires = Thursday 02:30 UTC.
  const dueAt = "2026-12-10T02:30:00.000Z";
  // Wednesday 21:00 in Buenos Aires (Thursday 00:00 UTC): due today, not tomorrow.
  expect(reportDue(dueAt, new Date("2026-12-10T00:00:00.000Z"))).toEqual({
    daysAway: 0,
    date: "09/12",
    clock: "23:30",
    iso: dueAt,
  });
  // Tuesday 22:00 in Buenos Aires (Wednesday 01:00 UTC): tomorrow.
  expect(reportDue(dueAt, new Date("2026-12-09T01:00:00.000Z")).daysAway).toBe(1);
  // Friday morning: two days ago.
  expect(reportDue(dueAt, new Date("2026-12-11T12:00:00.000Z")).daysAway).toBe(-2);
});
