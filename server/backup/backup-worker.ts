import { parentPort, workerData } from "node:worker_threads";

import { smtpSender } from "../leads/notify/email.ts";
import { Store } from "../storage/store.ts";
import { readPublishedSite } from "../site/published-site.ts";
import { BackupService } from "./backup-service.ts";
import type { BackupWorkerData, WorkerReply, WorkerRequest } from "./backup-on-worker.ts";

/**
 * The off-site copy's thread (decision 0019): its own connection to the database, the backup
 * service on it. The main thread posts a kick per stored lead and asks for rounds and drills;
 * reading changed rows, compressing, encrypting, uploading and restoring for the drill happen here.
 */
const { storage, settings, schedule, mail } = workerData as BackupWorkerData;
const store = Store.openOnWorker(storage);
const backup = new BackupService({
  store,
  settings,
  schedule,
  send: mail && smtpSender(mail.smtpUrl, mail.to),
  site: async () => (await readPublishedSite(store.siteVersions, process.env)).site,
});

const work: Record<WorkerRequest["method"], () => Promise<unknown>> = {
  start: () => backup.start(),
  cycle: () => backup.cycle(),
  drill: () => backup.drill(),
  stop: async () => {
    await backup.stop();
    await store.close();
  },
};

parentPort!.on("message", (request: WorkerRequest | "kick") => {
  if (request === "kick") return backup.kick();
  work[request.method]().then(
    (result) => parentPort!.postMessage({ id: request.id, result } satisfies WorkerReply),
    (error: unknown) =>
      parentPort!.postMessage({
        id: request.id,
        error: error instanceof Error ? error.message : String(error),
      } satisfies WorkerReply),
  );
});
