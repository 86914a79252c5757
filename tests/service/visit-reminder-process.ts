/**
 * One process of the reminders' job, for the kill -9 test (visit-reminder-kill.test.ts): opens
 * the visits feature on the database the test names, at the test's clock, runs one round and
 * prints what it did. With VISIT_STOP_BEFORE_MARK it announces the moment the e-mail has gone
 * to the SMTP server and its reminder is not yet marked, and waits there to be killed.
 * VISIT_MARK says when the mark comes: "held" (the service's way: before the final dot) or
 * "after-acceptance" (after the server's 250, the order that repeats a reminder across a kill).
 */
import type { StorageOptions } from "../../server/storage/store.ts";
import { smtpHeldMailer, type HeldMailer } from "../../server/visits/held-mail.ts";
import { openVisits } from "./visit-reminder-setup.ts";

const storage = JSON.parse(process.env.VISIT_STORAGE!) as StorageOptions;
const now = new Date(process.env.VISIT_NOW!);
const smtpUrl = `smtp://127.0.0.1:${process.env.VISIT_SMTP_PORT}`;
const stop = process.env.VISIT_STOP_BEFORE_MARK === "1";

async function betweenSendAndMark(): Promise<void> {
  if (!stop) return;
  process.stdout.write("between-send-and-mark\n");
  await new Promise(() => setInterval(() => {}, 60_000));
}

const held = smtpHeldMailer(smtpUrl);
const reminderMailer: HeldMailer =
  process.env.VISIT_MARK === "after-acceptance"
    ? async (mail, commit) => {
        await held(mail, async () => {}); // accepted by the server (250) before anything is marked
        await betweenSendAndMark();
        await commit();
      }
    : (mail, commit) =>
        held(mail, async () => {
          await betweenSendAndMark();
          await commit();
        });

const opened = await openVisits({ storage, now: () => now, smtpPort: 0, mailer: reminderMailer });
const round = await opened.reminders!.runDue();
process.stdout.write(
  `${JSON.stringify({ round, zone: Intl.DateTimeFormat().resolvedOptions().timeZone })}\n`,
);
await opened.platform.close();
