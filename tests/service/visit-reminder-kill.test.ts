/**
 * A reminder across kill -9 is sent exactly once (issue 46, decision 0041), on a real SQLite
 * file and a real PostgreSQL server, through a real SMTP server, at a faked clock: a real child
 * process runs the reminders' job and is killed with SIGKILL after the e-mail went to the SMTP
 * server and before its reminder was marked sent; a second process inside the claim's lease
 * leaves it alone; a third after the lease takes it over. The SMTP server holds one e-mail.
 * The control case marks after the server's acceptance instead (the plain order): the same kill
 * then gives two e-mails, so the kill lands where the test says it does. The processes run
 * under Asia/Tokyo, UTC and America/Argentina/Buenos_Aires in turn.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

import { describe, expect, test, vi } from "vitest";

import type { StorageOptions } from "../../server/storage/store.ts";
import { reminderLeaseMs } from "../../server/visits/reminders.ts";
import { storageBackends } from "../tools/storage-backends.ts";
import { startSmtpCatcher } from "./smtp-catcher.ts";
import { confirmedAt, confirmVisit, morning, openVisits } from "./visit-reminder-setup.ts";

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const child = fileURLToPath(new URL("./visit-reminder-process.ts", import.meta.url));
/** John's 24 h reminder is due Tuesday 8 December 13:00 UTC (10:00 in Buenos Aires). */
const due = new Date("2026-12-08T13:00:00.000Z");
const at = (ms: number) => new Date(due.getTime() + ms).toISOString();

type Run = {
  storage: StorageOptions;
  smtpPort: number;
  now: string;
  zone: string;
  mark: "held" | "after-acceptance";
  stopBeforeMark?: boolean;
};

/** Runs one round in a child process; when it stops before the mark, kills it there with SIGKILL. */
function runRound(
  run: Run,
): Promise<{ round?: { sent: number; dropped: number; failed: number }; killed: boolean }> {
  return new Promise((resolve, reject) => {
    const process_ = spawn(process.execPath, [child], {
      env: {
        ...process.env,
        TZ: run.zone,
        VISIT_STORAGE: JSON.stringify(run.storage),
        VISIT_NOW: run.now,
        VISIT_SMTP_PORT: String(run.smtpPort),
        VISIT_MARK: run.mark,
        VISIT_STOP_BEFORE_MARK: run.stopBeforeMark ? "1" : "0",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let errors = "";
    let killed = false;
    process_.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (!killed && out.includes("between-send-and-mark\n")) {
        killed = true;
        process_.kill("SIGKILL");
      }
    });
    process_.stderr.on("data", (chunk: Buffer) => (errors += chunk.toString()));
    process_.once("error", reject);
    process_.once("exit", (code, signal) => {
      if (killed) return resolve({ killed: signal === "SIGKILL" });
      if (code !== 0) return reject(new Error(`the round's process ended ${code ?? signal}: ${errors}`));
      const line = out.trim().split("\n").at(-1)!;
      resolve({
        ...(JSON.parse(line) as { round: { sent: number; dropped: number; failed: number } }),
        killed,
      });
    });
  });
}

describe.each(storageBackends("visit_reminder_kill"))("kill -9 on $name", (backend) => {
  test.each([
    { mark: "held", mails: 1 },
    { mark: "after-acceptance", mails: 2 },
  ] as const)(
    "marked $mark: a reminder killed between sending and marking reaches the client $mails time(s)",
    async ({ mark, mails }) => {
      const storage = await backend.options();
      const catcher = await startSmtpCatcher();
      try {
        const setUp = await openVisits({ storage, now: () => confirmedAt, smtpPort: catcher.port });
        const { visit } = await confirmVisit(
          setUp,
          { name: "John Smith", email: "john@example.com", phone: null, page: "/en/property-valuation" },
          morning,
        );
        // The confirmation's two notices go first, in this process; the kill is the reminder's.
        expect(await setUp.reminders!.runDue()).toEqual({ sent: 2, dropped: 0, failed: 0 });
        const notices = catcher.begun();
        await setUp.platform.close();
        const run = { storage, smtpPort: catcher.port, mark } as const;

        // Killed with the e-mail handed to the SMTP server and the reminder not yet marked.
        const first = await runRound({ ...run, now: at(0), zone: "Asia/Tokyo", stopBeforeMark: true });
        expect(first.killed).toBe(true);
        const afterKill = catcher.received.length - notices;
        // The e-mail's data had reached the SMTP server when the process died.
        expect(catcher.begun() - notices).toBe(1);
        // Inside the lease another process leaves the claimed reminder alone.
        expect((await runRound({ ...run, now: at(60_000), zone: "UTC" })).round).toEqual({
          sent: 0,
          dropped: 0,
          failed: 0,
        });
        // After it, a restarted process takes it over and sends it; later rounds find nothing.
        expect(
          (
            await runRound({
              ...run,
              now: at(reminderLeaseMs + 1_000),
              zone: "America/Argentina/Buenos_Aires",
            })
          ).round,
        ).toEqual({
          sent: 1,
          dropped: 0,
          failed: 0,
        });
        expect((await runRound({ ...run, now: at(reminderLeaseMs + 120_000), zone: "UTC" })).round).toEqual({
          sent: 0,
          dropped: 0,
          failed: 0,
        });

        const toJohn = catcher.received.slice(notices).filter((mail) => mail.to.includes("john@example.com"));
        console.log(
          `kill -9 on ${backend.name}, marked ${mark}: ${afterKill} e-mail(s) held by the SMTP server after the kill, ${toJohn.length} in all`,
        );
        expect(toJohn.map((mail) => mail.message.headers.get("subject"))).toEqual(
          Array.from({ length: mails }, () => "Visit reminder: Wednesday 9 December at 10:00 to 11:00"),
        );
        expect(afterKill).toBe(mark === "held" ? 0 : 1);

        const check = await openVisits({ storage, now: () => due, smtpPort: catcher.port });
        try {
          const [reminder] = (await check.platform.store.inspectionVisits.remindersOf(visit.id)).filter(
            (entry) => entry.kind === "client-24h",
          );
          expect(reminder!.sentAt).toBe(at(reminderLeaseMs + 1_000));
          expect(reminder!.attempts).toBe(2);
        } finally {
          await check.platform.close();
        }
      } finally {
        await catcher.stop();
      }
    },
  );
});
