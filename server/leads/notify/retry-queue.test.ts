import { expect, test } from "vitest";

import type { RetryRows } from "../../storage/store.ts";
import { RetryQueue, type Backoff } from "./retry-queue.ts";

type Item = {
  name: string;
  attempts: number;
  dueAt: number;
  sentAt?: number;
  gaveUpAt?: number;
  error?: string;
};

/** The rows in memory, claimed as the database claims them: a due row is not due again until retried. */
function memoryRows(items: Item[]): RetryRows<Item> {
  return {
    async due(now, limit) {
      const due = items.filter((item) => !item.sentAt && !item.gaveUpAt && item.dueAt <= now.getTime());
      for (const item of due) item.dueAt = now.getTime() + 120_000;
      return due.slice(0, limit);
    },
    async sent(item, now) {
      item.sentAt = now.getTime();
      item.attempts += 1;
    },
    async failed(item, { error, retryAt, now }) {
      item.attempts += 1;
      item.error = error;
      if (retryAt) item.dueAt = retryAt.getTime();
      else item.gaveUpAt = now.getTime();
    },
  };
}

const backoff: Backoff = { firstDelayMs: 1_000, maxDelayMs: 4_000, maxAttempts: 4 };

test("one queue delivers what is due, retries a failure on the backoff schedule and gives up after the last try", async () => {
  let now = 0;
  const items: Item[] = [
    { name: "works", attempts: 0, dueAt: 0 },
    { name: "fails", attempts: 0, dueAt: 0 },
    { name: "later", attempts: 0, dueAt: 60_000 },
  ];
  const delivered: string[] = [];
  const queue = new RetryQueue({
    rows: memoryRows(items),
    backoff,
    now: () => new Date(now),
    async deliver(item) {
      if (item.name === "fails") throw new Error("550 rejected");
      delivered.push(item.name);
    },
  });
  const tick = async () => {
    queue.kick();
    await queue.idle();
  };

  await tick();
  expect(delivered).toEqual(["works"]);
  const fails = items[1]!;
  expect(fails).toMatchObject({ attempts: 1, dueAt: 1_000, error: "550 rejected" });

  // 1 s, then 2 s, then the fourth try is the last.
  for (const [at, dueAt] of [
    [1_000, 3_000],
    [3_000, 7_000],
  ] as const) {
    now = at;
    await tick();
    expect(fails.dueAt).toBe(dueAt);
  }
  now = 7_000;
  await tick();
  expect(fails).toMatchObject({ attempts: 4, gaveUpAt: 7_000 });

  now = 60_000;
  await tick();
  expect(delivered).toEqual(["works", "later"]);
  await queue.stop();
});

test("a round that meets an unreachable database ends quietly; the rows wait for the next one", async () => {
  let reachable = false;
  const waiting: Item = { name: "waiting", attempts: 0, dueAt: 0 };
  const rows = memoryRows([waiting]);
  const queue = new RetryQueue({
    rows: {
      ...rows,
      due: (now, limit) => (reachable ? rows.due(now, limit) : Promise.reject(new Error("ECONNREFUSED"))),
    },
    now: () => new Date(0),
    deliver: async () => {},
  });
  queue.kick();
  await queue.idle();
  expect(waiting.attempts).toBe(0);
  expect(waiting.sentAt).toBeUndefined();
  reachable = true;
  queue.kick();
  await queue.idle();
  expect(waiting).toMatchObject({ attempts: 1, sentAt: 0 });
  await queue.stop();
});
