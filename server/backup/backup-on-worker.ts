import type { Worker } from "node:worker_threads";

import { Jobs } from "../jobs.ts";
import type { Handles, StorageOptions } from "../storage/store.ts";
import {
  backupStatus,
  defaultSchedule,
  type BackupSchedule,
  type BackupSettings,
  type BackupStatus,
  type Drill,
} from "./backup-state.ts";

/**
 * The service's off-site copy on a worker thread (decision 0019). On SQLite every query is
 * synchronous: on the main thread, reading a round's changed rows, sealing them, taking the daily
 * snapshot and restoring for the weekly drill all held the event loop that stores leads. Here the
 * main thread only posts a kick per stored lead and reads the copy's state for health and the
 * inbox from the database; the worker has its own connection and does the rest.
 */
export type BackupWorkerData = {
  storage: StorageOptions;
  settings: BackupSettings;
  schedule?: Partial<BackupSchedule>;
  /** The owner's e-mail for copies behind and failed drills (SMTP_URL and LEADS_NOTIFY_TO). */
  mail?: { smtpUrl: string; to: readonly string[] };
};

const jobName = "Copia fuera del servidor";

/** Kicks from the main thread reach the worker at most this often. */
const kickEveryMs = 200;

export type WorkerRequest = { id: number; method: "start" | "cycle" | "drill" | "stop" };
export type WorkerReply = { id: number; result?: unknown; error?: string };

/** What the service and the inbox use of the copy, wherever it runs. */
export type BackupRunner = {
  /** A lead was stored: copy it within seconds. */
  kick(): void;
  status(): Promise<BackupStatus>;
  /** One round now (after any in progress). */
  cycle(): Promise<void>;
  /** A drill now. */
  drill(): Promise<Drill>;
  stop(): Promise<void>;
};

/**
 * Starts the worker and resolves once its capture is installed (rejects as `start` would). A
 * worker that dies is started again after `restartAfterMs`: the queue is in the database, so the
 * new one copies what the old one left.
 */
export async function startBackupOnWorker(
  data: BackupWorkerData,
  /** The main thread's store: the state for health and the inbox is read on it. */
  store: Handles<"backups" | "kind">,
  {
    log = (line) => console.error(line),
    restartAfterMs = 5_000,
    onThread,
    jobs = new Jobs(log),
  }: {
    log?: (line: string) => void;
    restartAfterMs?: number;
    /** Where the thread and the timers run (server/jobs.ts). */
    jobs?: Jobs;
    /** Each thread as it starts (a test ends one to play a crash). */
    onThread?: (thread: Worker) => void;
  } = {},
): Promise<BackupRunner> {
  const startedAt = new Date();
  const alertAfterMs = data.schedule?.alertAfterMs ?? defaultSchedule.alertAfterMs;
  const warnAfterMs = data.schedule?.warnAfterMs ?? defaultSchedule.warnAfterMs;
  let nextId = 0;
  const pending = new Map<number, { resolve: (result: unknown) => void; reject: (error: Error) => void }>();
  let stopping = false;
  let alive = false;

  const spawn = () => {
    const thread = jobs.thread(jobName, new URL("./backup-worker.ts", import.meta.url), data);
    alive = true;
    onThread?.(thread);
    thread.on("message", ({ id, result, error }: WorkerReply) => {
      const waiting = pending.get(id);
      pending.delete(id);
      if (error === undefined) waiting?.resolve(result);
      else waiting?.reject(new Error(error));
    });
    thread.on("error", (error) =>
      log(`Copia fuera del servidor: el proceso de copia falló (${error.message}).`),
    );
    thread.on("exit", () => {
      if (thread === worker) alive = false;
      for (const waiting of pending.values())
        waiting.reject(new Error("la copia fuera del servidor se detuvo"));
      pending.clear();
      if (stopping || thread !== worker) return;
      log(
        `Copia fuera del servidor: el proceso de copia terminó; vuelve a empezar en ${restartAfterMs / 1000} s.`,
      );
      restart.in(restartAfterMs);
    });
    return thread;
  };
  const restart = jobs.alarm(`${jobName}: reinicio`, () => {
    worker = spawn();
    ask("start")
      .then(() => worker.unref())
      .catch((error: unknown) => log(`Copia fuera del servidor: no volvió a empezar (${String(error)}).`));
  });
  let worker = spawn();
  const ask = <T>(method: WorkerRequest["method"]) =>
    new Promise<T>((resolve, reject) => {
      // A message to a thread that ended is dropped without a word: the answer would never come.
      if (!alive)
        return reject(new Error("la copia fuera del servidor se detuvo; vuelve a empezar en segundos"));
      const id = (nextId += 1);
      pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      worker.postMessage({ id, method } satisfies WorkerRequest);
    });

  try {
    await ask("start");
  } catch (error) {
    stopping = true;
    await worker.terminate();
    throw error;
  }
  // The service's own work keeps the process alive; `stop` ends the copy in order.
  worker.unref();
  // One message per burst, not per lead: waking the thread costs more than the kick it carries,
  // and a round starts a second after its kick anyway.
  const kickPosted = jobs.alarm(`${jobName}: aviso`, () => worker.postMessage("kick"));
  return {
    kick() {
      if (!kickPosted.waiting) kickPosted.in(kickEveryMs);
    },
    status: () => backupStatus(store, { startedAt, alertAfterMs, warnAfterMs, now: new Date() }),
    cycle: () => ask<void>("cycle"),
    drill: () => ask<Drill>("drill"),
    async stop() {
      stopping = true;
      kickPosted.cancel();
      restart.cancel();
      await ask("stop").catch(() => {});
      await worker.terminate();
    },
  };
}
