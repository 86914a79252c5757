import { readFile } from "node:fs/promises";
import { join } from "node:path";

import type { ServerFinding } from "#app/features/inbox/inbox-service.ts";

/** Where deploy/doctor.sh leaves its findings for the inbox, in the data folder. */
export const doctorFindingsFile = "doctor.json";

/**
 * The problems deploy/doctor.sh found on its last run (decision 0027); none when it never ran
 * (a laptop, a server set up by hand) or its file is unreadable.
 */
export async function readServerFindings(dataDir: string): Promise<ServerFinding[]> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(join(dataDir, doctorFindingsFile), "utf8"));
  } catch {
    return [];
  }
  const problems = (parsed as { problems?: unknown } | null)?.problems;
  if (!Array.isArray(problems)) return [];
  return problems.flatMap((problem: unknown) => {
    const { part, message } = (problem ?? {}) as Record<string, unknown>;
    return typeof part === "string" && typeof message === "string" ? [{ part, message }] : [];
  });
}
