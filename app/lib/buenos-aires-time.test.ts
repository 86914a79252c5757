import { expect, test } from "vitest";

import {
  buenosAiresDay,
  buenosAiresDayAndTime,
  buenosAiresTime,
  dayText,
  startOfWeekInBuenosAires,
} from "./buenos-aires-time.ts";

test("a day and a time are Buenos Aires' whatever the machine's zone: 02:59 UTC is still the day before", () => {
  expect(buenosAiresDay(new Date("2026-11-25T02:59:00Z"))).toBe("2026-11-24");
  expect(buenosAiresDay(new Date("2026-11-25T03:00:00Z"))).toBe("2026-11-25");
  // An afternoon reads on a 24-hour clock, day first.
  expect(buenosAiresTime(new Date("2026-11-25T18:50:00Z"))).toBe("25/11/2026 15:50");
});

test("the week starts on Monday at 00:00 in Buenos Aires, also from a Sunday night", () => {
  expect(startOfWeekInBuenosAires(new Date("2026-11-25T18:50:00Z")).toISOString()).toBe(
    "2026-11-23T03:00:00.000Z",
  );
  // Sunday 23:30 in Buenos Aires is Monday 02:30 UTC: still last week.
  expect(startOfWeekInBuenosAires(new Date("2026-11-30T02:30:00Z")).toISOString()).toBe(
    "2026-11-23T03:00:00.000Z",
  );
});

test("days as the owner reads them", () => {
  expect(dayText("2026-05-04")).toBe("04/05/2026");
  expect(dayText("2026-05-04", false)).toBe("04/05");
  const now = new Date("2026-11-25T18:50:00Z");
  expect(buenosAiresDayAndTime(new Date("2026-11-23T11:10:00Z"), now)).toBe("lunes 08:10");
  expect(buenosAiresDayAndTime(new Date("2026-11-16T11:10:00Z"), now)).toBe("16/11 08:10");
});
