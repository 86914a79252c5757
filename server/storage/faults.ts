import { statSync } from "node:fs";

/**
 * How the store meets a failing database: a deadline on each wait, the SQLite
 * file deleted or replaced under a running service, and one sentence for the
 * owner naming the cause, whatever the driver threw.
 */

/** How long a lead's write or a health check may wait for the database before it is a 503. */
export const answerWithinMs = 2_000;

/** A problem with the storage, worded for the owner (health, the log, start-up). */
export class StorageProblem extends Error {}

export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new StorageProblem(`la base de leads no respondió en ${ms / 1000} s`)),
      ms,
    );
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** One sentence naming why the database cannot store a lead, from whatever the driver threw. */
export function storageProblem(error: unknown): string {
  if (error instanceof StorageProblem) return error.message;
  const text = [error, (error as { cause?: unknown } | undefined)?.cause]
    .map((part) =>
      part instanceof Error ? `${(part as NodeJS.ErrnoException).code ?? ""} ${part.message}` : "",
    )
    .join(" ");
  if (/readonly|read-only|EROFS|EACCES|permission denied/i.test(text))
    return `la base de leads es de solo lectura para este servicio (${oneLine(text)})`;
  if (/SQLITE_FULL|database or disk is full|ENOSPC|No space left|disk full/i.test(text))
    return `el disco de la base de leads está lleno (${oneLine(text)})`;
  if (/ECONNREFUSED|ENOTFOUND|timeout|terminated|Connection/i.test(text))
    return `la base de leads no responde (${oneLine(text)})`;
  return oneLine(error instanceof Error ? error.message : String(error));
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim().slice(0, 300);

/**
 * SQLite: the file a store opened, and its identity then. Deleted (or replaced)
 * while open, every write would go to a file no one will read again,
 * acknowledged and then lost at the next start.
 */
export class FileGuard {
  private readonly file: string | undefined;
  private identity: string | undefined;

  constructor(file: string | undefined) {
    this.file = file;
  }

  /** Called once the database is open and proven: from now on, the file must stay this one. */
  remember(): void {
    this.identity = this.file && identityOf(this.file);
  }

  assertInPlace(): void {
    if (!this.file || this.identity === undefined) return;
    const now = identityOf(this.file);
    if (now === this.identity) return;
    throw new StorageProblem(
      now === undefined
        ? `el archivo ${this.file} ya no existe (fue borrado con el servicio en marcha); reinicie el servicio`
        : `el archivo ${this.file} fue reemplazado con el servicio en marcha; reinicie el servicio`,
    );
  }
}

function identityOf(file: string): string | undefined {
  const stats = statSync(file, { throwIfNoEntry: false });
  return stats && `${stats.dev}:${stats.ino}`;
}
