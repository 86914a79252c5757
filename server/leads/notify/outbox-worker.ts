import type { ServiceForms } from "../forms.ts";
import type { Lead, LeadStore, OutboxItem } from "../storage/lead-store.ts";
import type { NotificationChannel } from "../storage/schema.ts";

/**
 * Delivers the queued notifications. Each lead's e-mail and webhook sit in
 * the outbox table from the moment the lead is stored; this worker sends them,
 * and on failure schedules the next try with exponential backoff (30 s, 1 min,
 * 2 min … capped at 6 h; given up after 15 tries, about a day and a half). The
 * schedule lives in the database, so a restart resumes where it stopped.
 */
export type Deliver = (lead: Lead, form: NonNullable<ReturnType<ServiceForms>>) => Promise<void>;

export type Backoff = { firstDelayMs: number; maxDelayMs: number; maxAttempts: number };

export const defaultBackoff: Backoff = { firstDelayMs: 30_000, maxDelayMs: 6 * 3_600_000, maxAttempts: 15 };

/** When to try again after `attempts` failed tries, or null to give up. */
export function nextAttemptAt(attempts: number, now: Date, backoff: Backoff): Date | null {
  if (attempts >= backoff.maxAttempts) return null;
  const delay = Math.min(backoff.firstDelayMs * 2 ** (attempts - 1), backoff.maxDelayMs);
  return new Date(now.getTime() + delay);
}

export class OutboxWorker {
  private readonly store: LeadStore;
  private readonly forms: ServiceForms;
  private readonly channels: Partial<Record<NotificationChannel, Deliver>>;
  private readonly backoff: Backoff;
  private readonly pollMs: number;
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(options: {
    store: LeadStore;
    forms: ServiceForms;
    channels: Partial<Record<NotificationChannel, Deliver>>;
    backoff?: Backoff;
    pollMs?: number;
    now?: () => Date;
  }) {
    this.store = options.store;
    this.forms = options.forms;
    this.channels = options.channels;
    this.backoff = options.backoff ?? defaultBackoff;
    this.pollMs = options.pollMs ?? 5_000;
    this.now = options.now ?? (() => new Date());
  }

  start(): void {
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Runs a delivery round now (or right after the current one). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.round()
      .catch(() => {
        // The database is unreachable: the rows wait for the next poll.
      })
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Stops polling and waits for the delivery in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Resolves once nothing is being delivered (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async round(): Promise<void> {
    for (;;) {
      const due = await this.store.dueNotifications(this.now(), 20);
      if (due.length === 0) return;
      for (const item of due) {
        if (this.stopped) return;
        await this.deliver(item);
      }
    }
  }

  private async deliver(item: OutboxItem): Promise<void> {
    const lead = await this.store.get(item.leadId);
    const send = this.channels[item.channel];
    const form = lead && this.forms(lead.formId);
    try {
      if (!lead || !form) throw new Error("lead o formulario desconocido");
      if (!send) throw new Error(`canal ${item.channel} no configurado`);
      await send(lead, form);
      await this.store.markSent(item, this.now());
    } catch (error) {
      const now = this.now();
      const message = error instanceof Error ? error.message : String(error);
      await this.store.markFailed(item, message, nextAttemptAt(item.attempts + 1, now, this.backoff), now);
    }
  }
}
