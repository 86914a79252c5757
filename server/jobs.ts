import { Worker } from "node:worker_threads";

/**
 * Every timer and worker thread of the service, in one place (decision 0033): the outbox and the
 * weekly summary's polls, the daily retention, the follower of published versions, the off-site
 * copy's rounds and its thread, the results' thread. Each one is named; a run that throws is
 * reported with its name and the next run still comes; nothing keeps the process alive by itself
 * (the server's socket does: threads are unref'd by their owners once running); and `stop` clears every timer and ends every thread, so a closed
 * service leaves nothing running (`active` names what is left, for the tests).
 */
export class Jobs {
  private readonly timers = new Map<Alarm, string>();
  private readonly threads = new Map<Worker, string>();
  private readonly log: (line: string) => void;
  private stopped = false;

  constructor(log: (line: string) => void = (line) => console.error(line)) {
    this.log = log;
  }

  /** Runs `work` every `everyMs` until stopped; `work` is not run at once. */
  every(name: string, everyMs: number, work: () => unknown): Stoppable {
    const alarm = this.alarm(name, () => {
      alarm.in(everyMs);
      return work();
    });
    alarm.in(everyMs);
    return { stop: () => alarm.cancel() };
  }

  /**
   * A single run of `work` that can be set, moved and cancelled: `in(ms)` replaces any run still
   * waiting (the off-site copy's next round, a burst's one kick).
   */
  alarm(name: string, work: () => unknown): Alarm {
    let timer: NodeJS.Timeout | undefined;
    let dueAt = Infinity;
    const alarm: Alarm = {
      in: (ms) => {
        alarm.cancel();
        if (this.stopped) return;
        dueAt = Date.now() + ms;
        this.timers.set(alarm, name);
        timer = setTimeout(() => {
          timer = undefined;
          dueAt = Infinity;
          this.timers.delete(alarm);
          this.run(name, work);
        }, ms);
        timer.unref();
      },
      cancel: () => {
        clearTimeout(timer);
        timer = undefined;
        dueAt = Infinity;
        this.timers.delete(alarm);
      },
      get dueAt() {
        return dueAt;
      },
      get waiting() {
        return timer !== undefined;
      },
    };
    return alarm;
  }

  /**
   * A worker thread running `module` with `workerData`, ended by `stop` if its owner has not ended
   * it. Its owner unrefs it once it is running (until then, awaiting its first answer must keep
   * the process alive).
   */
  thread(name: string, module: URL, workerData: unknown): Worker {
    const thread = new Worker(module, { workerData });
    this.threads.set(thread, name);
    thread.once("exit", () => this.threads.delete(thread));
    return thread;
  }

  /** The names of the timers set and the threads alive. */
  active(): string[] {
    return [...this.timers.values(), ...this.threads.values()];
  }

  /** Clears every timer, ends every thread, and refuses new timers. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const alarm of [...this.timers.keys()]) alarm.cancel();
    await Promise.all([...this.threads.keys()].map((thread) => thread.terminate()));
    this.threads.clear();
  }

  private run(name: string, work: () => unknown): void {
    try {
      const result = work();
      if (result instanceof Promise) result.catch((error: unknown) => this.report(name, error));
    } catch (error) {
      this.report(name, error);
    }
  }

  private report(name: string, error: unknown): void {
    this.log(`${name}: falló (${error instanceof Error ? error.message : String(error)}).`);
  }
}

export type Stoppable = { stop(): void };

export type Alarm = {
  /** Runs the work in `ms`, instead of any run still waiting. */
  in(ms: number): void;
  cancel(): void;
  /** When the waiting run is due (ms since the epoch), Infinity when none waits. */
  readonly dueAt: number;
  readonly waiting: boolean;
};
