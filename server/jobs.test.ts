import { once } from "node:events";

import { afterEach, expect, test, vi } from "vitest";

import { Jobs } from "./jobs.ts";

afterEach(() => {
  vi.useRealTimers();
});

test("a repeated job runs at its interval, and a run that throws or rejects is reported by name without ending it", async () => {
  vi.useFakeTimers();
  const lines: string[] = [];
  const jobs = new Jobs((line) => lines.push(line));
  let runs = 0;
  jobs.every("Retención", 1_000, () => {
    runs += 1;
    if (runs === 2) throw new Error("disco lleno");
    if (runs === 3) return Promise.reject(new Error("base inalcanzable"));
  });

  expect(runs).toBe(0);
  await vi.advanceTimersByTimeAsync(999);
  expect(runs).toBe(0);
  await vi.advanceTimersByTimeAsync(3_001);
  expect(runs).toBe(4);
  expect(lines).toEqual(["Retención: falló (disco lleno).", "Retención: falló (base inalcanzable)."]);
  expect(jobs.active()).toEqual(["Retención"]);
  await jobs.stop();
});

test("an alarm runs once, a new time replaces the waiting one, and a cancelled alarm never runs", async () => {
  vi.useFakeTimers();
  const jobs = new Jobs();
  const ran: number[] = [];
  const alarm = jobs.alarm("Copia fuera del servidor", () => ran.push(Date.now()));
  const start = Date.now();

  expect(alarm.waiting).toBe(false);
  expect(alarm.dueAt).toBe(Infinity);
  alarm.in(60_000);
  alarm.in(1_000);
  expect(alarm.dueAt).toBe(start + 1_000);
  await vi.advanceTimersByTimeAsync(120_000);
  expect(ran).toEqual([start + 1_000]);
  expect(alarm.waiting).toBe(false);
  expect(jobs.active()).toEqual([]);

  alarm.in(1_000);
  alarm.cancel();
  await vi.advanceTimersByTimeAsync(5_000);
  expect(ran).toHaveLength(1);
  await jobs.stop();
});

test("stopping clears every timer, refuses new ones and ends every thread", async () => {
  const jobs = new Jobs();
  jobs.every("Avisos de leads", 60_000, () => {});
  const alarm = jobs.alarm("Resumen semanal", () => {});
  alarm.in(60_000);
  // A thread that would run forever on its own.
  const thread = jobs.thread("Resultados", new URL("data:text/javascript,setInterval(() => {}, 1000)"), 0);
  await once(thread, "online");
  expect(jobs.active().sort()).toEqual(["Avisos de leads", "Resultados", "Resumen semanal"]);

  const exited = once(thread, "exit");
  await jobs.stop();
  await exited;
  expect(jobs.active()).toEqual([]);
  expect(alarm.waiting).toBe(false);
  alarm.in(10);
  expect(alarm.waiting).toBe(false);
  expect(jobs.active()).toEqual([]);
});

test("a thread its owner ends leaves the list by itself", async () => {
  const jobs = new Jobs();
  const thread = jobs.thread("Copia fuera del servidor", new URL("data:text/javascript,"), undefined);
  await once(thread, "exit");
  expect(jobs.active()).toEqual([]);
});
