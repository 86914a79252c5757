import { parentPort, workerData } from "node:worker_threads";

import type { ResultPeriod } from "#app/features/inbox/inbox-service.ts";
import { Store, type StorageOptions } from "../storage/store.ts";
import { buildReport } from "./results.ts";

/**
 * The results' reads on a thread of their own (decision 0017): a year of counts and leads is
 * read, summed and sorted here, on this thread's own connection, while the main thread keeps
 * answering visitors. The ended days' sums stay cached in this thread.
 */
export type ReportRequest = { id: number; period: ResultPeriod; now: number };

const store = Store.openOnWorker(workerData as StorageOptions);
parentPort!.on("message", ({ id, period, now }: ReportRequest) => {
  buildReport(store, period, new Date(now)).then(
    (report) => parentPort!.postMessage({ id, report }),
    (error: unknown) =>
      parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) }),
  );
});
