import { readFile } from "node:fs/promises";
import { join } from "node:path";

import type { ServerFinding } from "#app/features/inbox/inbox-service.ts";
import { buenosAiresTime } from "#app/lib/buenos-aires-time.ts";

/** Where deploy/doctor.sh leaves its findings for the inbox, in the data folder. */
export const doctorFindingsFile = "doctor.json";

/**
 * Parts of the server this very answer proves working once the service started after the check:
 * a «service stopped» seen before it started no longer holds.
 */
const provenByThisAnswer = new Set(["servicio"]);

/**
 * The problems deploy/doctor.sh found on its last run (decisions 0027 and 0035), each with when it
 * was seen; none when it never ran (a laptop, a server set up by hand) or its file is unreadable.
 * What the service's own answer disproves is left out: a finding that no longer holds disappears.
 */
export async function readServerFindings(
  dataDir: string,
  /** When this service started: a finding about itself seen earlier is stale. */
  startedAt: Date,
): Promise<ServerFinding[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(join(dataDir, doctorFindingsFile), "utf8"));
  } catch {
    return [];
  }
  const { problems, checkedAt } = (parsed ?? {}) as { problems?: unknown; checkedAt?: unknown };
  if (!Array.isArray(problems)) return [];
  const seen =
    typeof checkedAt === "string" && !Number.isNaN(Date.parse(checkedAt)) ? new Date(checkedAt) : null;
  const parts = problems.flatMap((problem: unknown) => {
    const { part, message } = (problem ?? {}) as Record<string, unknown>;
    return typeof part === "string" && typeof message === "string" ? [part] : [];
  });
  return [...new Set(parts)]
    .filter((part) => !(provenByThisAnswer.has(part) && (!seen || seen < startedAt)))
    .map((part) => ({ part, seenText: seen && buenosAiresTime(seen) }));
}
