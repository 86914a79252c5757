import { createHash, randomBytes } from "node:crypto";

import type { PublicationProgressView, PublicationWork } from "#app/features/inbox/inbox-service.ts";

/**
 * What the owner sees while a publication or a preview builds (decision 0020):
 * the route starts the work and answers at once; the page then reads its
 * progress by id until it is done, with the version and the seconds it took.
 * Also the publications waiting for the owner's confirmation: the route
 * remembers one under a single-use token named in the confirmation step's way
 * back, so the confirmation goes on to publish by itself.
 * This instance's memory only: a restart forgets them (the database keeps
 * every version; an interrupted build is marked failed at the next start).
 */

type Job = {
  id: string;
  work: PublicationWork;
  startedAt: number;
  endedAt?: number;
  outcome?: { ok: true; number?: number; pages?: number } | { ok: false; message: string };
};

/** Jobs kept for their pages to read once finished. */
const keptJobs = 20;
/** How long a publication waits for the owner's confirmation before its token stops working. */
const confirmationWindowMs = 15 * 60_000;

const holderHash = (holder: string) => createHash("sha256").update(holder).digest("hex");

export type WorkOutcome = { number?: number; pages?: number };

export class PublicationProgress {
  private readonly jobs = new Map<string, Job>();
  private readonly waiting = new Map<string, { work: PublicationWork; holder: string; until: number }>();
  private readonly now: () => number;

  constructor(now: () => number = Date.now) {
    this.now = now;
  }

  /**
   * Starts a piece of work and returns its id at once. Its refusals (PublishRefused, or
   * anything thrown) become the job's outcome, in the words given by `refusal`.
   */
  start(work: PublicationWork, run: () => Promise<WorkOutcome>, refusal: (error: unknown) => string): string {
    const id = randomBytes(9).toString("base64url");
    const job: Job = { id, work, startedAt: this.now() };
    this.jobs.set(id, job);
    for (const old of [...this.jobs.keys()].slice(0, Math.max(0, this.jobs.size - keptJobs)))
      this.jobs.delete(old);
    void run().then(
      (outcome) => this.finish(job, { ok: true, ...outcome }),
      (error: unknown) => this.finish(job, { ok: false, message: refusal(error) }),
    );
    return id;
  }

  /** A job's progress, or undefined for an id this instance does not know. */
  view(id: string): PublicationProgressView | undefined {
    const job = this.jobs.get(id);
    return job && this.viewOf(job);
  }

  /** The job under way, if any: its page disables «Publicar» and «Ver vista previa». */
  running(): PublicationProgressView | undefined {
    const job = [...this.jobs.values()].find((candidate) => !candidate.outcome);
    return job && this.viewOf(job);
  }

  /**
   * Keeps a publication (or undo) for after the owner's confirmation; the token names it once, for
   * its `holder` only (the session that asked, by its token; only its hash is kept, decision 0035).
   */
  hold(work: PublicationWork, holder: string): string {
    const token = randomBytes(18).toString("base64url");
    const now = this.now();
    for (const [key, held] of this.waiting) if (held.until <= now) this.waiting.delete(key);
    this.waiting.set(token, { work, holder: holderHash(holder), until: now + confirmationWindowMs });
    return token;
  }

  /** The work held under a token for this holder, left in place (the page that shows it first). */
  peek(token: string, holder: string): PublicationWork | undefined {
    const held = this.waiting.get(token);
    if (!held || held.holder !== holderHash(holder) || held.until <= this.now()) return undefined;
    return held.work;
  }

  /** The work held under a token, for the same holder, once: undefined if unknown, another's, used or expired. */
  take(token: string, holder: string): PublicationWork | undefined {
    const work = this.peek(token, holder);
    if (work) this.waiting.delete(token);
    return work;
  }

  private finish(job: Job, outcome: NonNullable<Job["outcome"]>): void {
    job.endedAt = this.now();
    job.outcome = outcome;
  }

  private viewOf(job: Job): PublicationProgressView {
    const seconds = Math.max(0, Math.round(((job.endedAt ?? this.now()) - job.startedAt) / 1000));
    const { outcome } = job;
    if (!outcome) return { id: job.id, work: job.work, state: "en-curso", seconds };
    if (!outcome.ok) return { id: job.id, work: job.work, state: "fallo", seconds, message: outcome.message };
    return {
      id: job.id,
      work: job.work,
      state: "listo",
      seconds,
      number: outcome.number,
      pages: outcome.pages,
    };
  }
}
