import { Jobs, type Stoppable } from "../../jobs.ts";
import type { RetryRows } from "../../storage/store.ts";

/**
 * One retry queue for everything the service must deliver at least once: the
 * leads' notifications (the outbox) and the owner's weekly summary. Due rows
 * are claimed in the database, delivered, and on failure tried again with
 * exponential backoff (30 s, 1 min, 2 min … capped at 6 h; given up after 15
 * tries, about a day and a half). The schedule lives in the database, so a
 * restart resumes where it stopped.
 */

export type Backoff = { firstDelayMs: number; maxDelayMs: number; maxAttempts: number };

export const defaultBackoff: Backoff = { firstDelayMs: 30_000, maxDelayMs: 6 * 3_600_000, maxAttempts: 15 };

/** When to try again after `attempts` failed tries, or null to give up. */
export function nextAttemptAt(attempts: number, now: Date, backoff: Backoff): Date | null {
  if (attempts >= backoff.maxAttempts) return null;
  const delay = Math.min(backoff.firstDelayMs * 2 ** (attempts - 1), backoff.maxDelayMs);
  return new Date(now.getTime() + delay);
}

export type RetryQueueOptions<Item extends { attempts: number }> = {
  rows: RetryRows<Item>;
  /** Delivers one item; a throw is a failed attempt, its message kept on the row. */
  deliver: (item: Item) => Promise<void>;
  /** Runs at the start of each round, before the due rows are read (the weekly summary queues its week). */
  beforeRound?: (now: Date) => Promise<void>;
  backoff?: Backoff;
  /** How many due rows one read claims. */
  batch?: number;
  now?: () => Date;
  /** Where its poll runs (server/jobs.ts), under `name` (its failures are logged with it). */
  jobs?: Jobs;
  name?: string;
};

export class RetryQueue<Item extends { attempts: number }> {
  private readonly options: RetryQueueOptions<Item>;
  private readonly backoff: Backoff;
  private readonly now: () => Date;
  private poll: Stoppable | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(options: RetryQueueOptions<Item>) {
    this.options = options;
    this.backoff = options.backoff ?? defaultBackoff;
    this.now = options.now ?? (() => new Date());
  }

  /** Delivers now and then every `pollMs`. */
  start(pollMs: number): void {
    this.poll = (this.options.jobs ?? new Jobs()).every(this.options.name ?? "Envíos", pollMs, () =>
      this.kick(),
    );
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
    this.poll?.stop();
    await this.running;
  }

  /** Resolves once nothing is being delivered (for tests and shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async round(): Promise<void> {
    const { rows, deliver, beforeRound, batch = 20 } = this.options;
    await beforeRound?.(this.now());
    for (;;) {
      const due = await rows.due(this.now(), batch);
      if (due.length === 0) return;
      for (const item of due) {
        if (this.stopped) return;
        try {
          await deliver(item);
          await rows.sent(item, this.now());
        } catch (error) {
          const now = this.now();
          await rows.failed(item, {
            error: error instanceof Error ? error.message : String(error),
            retryAt: nextAttemptAt(item.attempts + 1, now, this.backoff),
            now,
          });
        }
      }
    }
  }
}
