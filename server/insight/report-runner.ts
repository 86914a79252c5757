import type { Worker } from "node:worker_threads";

import type { ResultPeriod } from "#app/features/inbox/inbox-service.ts";
import { Jobs } from "../jobs.ts";
import type { StorageOptions } from "../storage/store.ts";
import type { ReportRequest } from "./report-worker.ts";
import { buildReport, type Report, type ReportRows } from "./results.ts";

/** Builds /bandeja/resultados' report: in this thread (tests), or on a worker thread (the service). */
export type ReportRunner = {
  build(period: ResultPeriod, now: Date): Promise<Report>;
  close(): Promise<void>;
};

export function reportsInThread(store: ReportRows): ReportRunner {
  return { build: (period, now) => buildReport(store, period, now), close: async () => {} };
}

/**
 * Reports built on one worker thread with its own connection to the database, so reading a
 * year of counts and leads never holds the event loop that answers visitors and stores leads
 * (on SQLite every read is synchronous). The same period asked again while it is being built
 * shares the answer: reloading cannot queue work.
 */
export function reportsOnWorker(storage: StorageOptions, jobs = new Jobs()): ReportRunner {
  let worker: Worker | undefined;
  let nextId = 0;
  const pending = new Map<number, { resolve: (report: Report) => void; reject: (error: Error) => void }>();
  const building = new Map<ResultPeriod, Promise<Report>>();

  const failAll = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    worker = undefined;
  };
  const started = () => {
    if (worker) return worker;
    const thread = jobs.thread("Resultados", new URL("./report-worker.ts", import.meta.url), storage);
    thread.unref();
    thread.on("message", (message: { id: number; report?: Report; error?: string }) => {
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.report) waiting?.resolve(message.report);
      else waiting?.reject(new Error(message.error));
    });
    thread.on("error", failAll);
    thread.on("exit", () => failAll(new Error("el cálculo de resultados se detuvo")));
    return (worker = thread);
  };

  return {
    build(period, now) {
      const running = building.get(period);
      if (running) return running;
      const report = new Promise<Report>((resolve, reject) => {
        const id = (nextId += 1);
        pending.set(id, { resolve, reject });
        started().postMessage({ id, period, now: now.getTime() } satisfies ReportRequest);
      }).finally(() => building.delete(period));
      building.set(period, report);
      return report;
    },
    async close() {
      await worker?.terminate();
    },
  };
}
