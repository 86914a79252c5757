import { readFile } from "node:fs/promises";
import { join } from "node:path";

import type { ServerFinding } from "#app/features/inbox/inbox-service.ts";
import { buenosAiresTime } from "#app/lib/buenos-aires-time.ts";

/** Where deploy/doctor.sh leaves its findings for the inbox, in the data folder. */
export const doctorFindingsFile = "doctor.json";

/**
 * Parts a running service disproves by answering at all: a finding about them written before it
 * started no longer holds (the doctor saw the service stopped; it serves this page now).
 */
const disprovedByServing = new Set(["servicio"]);

/** When this process started: the service has served since then. */
const servingSince = new Date(Date.now() - performance.now());

/**
 * The problems deploy/doctor.sh found on its last run (decision 0027), each saying when it was
 * seen (decision 0034); none when it never ran (a laptop, a server set up by hand) or its file is
 * unreadable. One the running service disproves is left out.
 */
export async function readServerFindings(
  dataDir: string,
  since: Date = servingSince,
): Promise<ServerFinding[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(join(dataDir, doctorFindingsFile), "utf8"));
  } catch {
    return [];
  }
  const { problems, checkedAt } = (parsed ?? {}) as { problems?: unknown; checkedAt?: unknown };
  if (!Array.isArray(problems)) return [];
  const seen = typeof checkedAt === "string" ? new Date(checkedAt) : undefined;
  const known = seen && !Number.isNaN(seen.getTime()) ? seen : undefined;
  return problems.flatMap((problem: unknown) => {
    const { part, message } = (problem ?? {}) as Record<string, unknown>;
    if (typeof part !== "string" || typeof message !== "string") return [];
    if (disprovedByServing.has(part) && (!known || known < since)) return [];
    return [{ part, message: known ? `${message} (visto el ${buenosAiresTime(known)})` : message }];
  });
}
