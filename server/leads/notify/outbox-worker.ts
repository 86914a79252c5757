import type { Jobs } from "../../jobs.ts";
import type { ServiceForms } from "../forms.ts";
import type { Lead, Handles, OutboxItem } from "../../storage/store.ts";
import type { NotificationChannel } from "../../storage/schema.ts";
import { RetryQueue, type Backoff } from "./retry-queue.ts";

export { defaultBackoff, nextAttemptAt, type Backoff } from "./retry-queue.ts";

/**
 * Delivers the queued notifications. Each lead's e-mail and webhook sit in
 * the outbox table from the moment the lead is stored; this worker sends them
 * through the service's one retry queue (retry-queue.ts).
 */
export type Deliver = (lead: Lead, form: NonNullable<ReturnType<ServiceForms>>) => Promise<void>;

export class OutboxWorker {
  private readonly queue: RetryQueue<OutboxItem>;
  private readonly pollMs: number;

  constructor(options: {
    store: Handles<"leads" | "notifications">;
    forms: ServiceForms;
    channels: Partial<Record<NotificationChannel, Deliver>>;
    backoff?: Backoff;
    pollMs?: number;
    now?: () => Date;
    jobs?: Jobs;
  }) {
    const { store, forms, channels } = options;
    this.pollMs = options.pollMs ?? 5_000;
    this.queue = new RetryQueue({
      name: "Avisos de leads",
      jobs: options.jobs,
      rows: store.notifications,
      backoff: options.backoff,
      now: options.now,
      async deliver(item) {
        const lead = await store.leads.get(item.leadId);
        const send = channels[item.channel];
        const form = lead && forms(lead.formId);
        if (!lead || !form) throw new Error("lead o formulario desconocido");
        if (!send) throw new Error(`canal ${item.channel} no configurado`);
        await send(lead, form);
      },
    });
  }

  start(): void {
    this.queue.start(this.pollMs);
  }

  /** Runs a delivery round now (or right after the current one). */
  kick(): void {
    this.queue.kick();
  }

  /** Stops polling and waits for the delivery in progress. */
  stop(): Promise<void> {
    return this.queue.stop();
  }

  /** Resolves once nothing is being delivered (for tests and shutdown). */
  idle(): Promise<void> {
    return this.queue.idle();
  }
}
