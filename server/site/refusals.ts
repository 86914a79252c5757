import { contentProblems, type SiteContent } from "./site-content.ts";

/** A refusal worded for the owner; the served site is untouched. */
export class PublishRefused extends Error {
  override readonly name = "PublishRefused";
}

/** Refuses a content with facts or towers to correct, naming each, before anything is built. */
export function refuseProblems(content: SiteContent): void {
  const problems = contentProblems(content);
  if (problems.length === 0) return;
  throw new PublishRefused(`Hay datos para corregir antes de publicar: ${problems.join("; ")}.`);
}

/**
 * One publication, undo, preview or catch-up at a time in this instance: each
 * writes the build folders and moves `current`, so a second is refused, not queued.
 */
export class OneAtATime {
  private busy: string | undefined;

  get idle(): boolean {
    return this.busy === undefined;
  }

  async run<T>(what: string, work: () => Promise<T>): Promise<T> {
    if (this.busy) {
      throw new PublishRefused(
        `Ya hay una publicación en curso (${this.busy}); esperá a que termine y volvé a intentar.`,
      );
    }
    this.busy = what;
    try {
      return await work();
    } finally {
      this.busy = undefined;
    }
  }
}
