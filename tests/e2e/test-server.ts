import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The server the browser tests run against (playwright.config.ts starts it):
 * the production build with its lead service, on a port of its own, storing
 * leads in a folder of its own (a new one for each run), which the
 * tests read back (see lead-service.ts).
 */
export const testServerPort = Number(process.env.E2E_PORT ?? 4173);

/**
 * A new folder for every run, made by the runner (the one process without TEST_WORKER_INDEX) and
 * handed to its workers and its web server through the environment they inherit. A fixed name
 * would let another run on the machine (or a `playwright test --list`) empty it mid-run.
 */
if (process.env.TEST_WORKER_INDEX === undefined && !process.env.E2E_LEADS_DATA_DIR)
  process.env.E2E_LEADS_DATA_DIR = mkdtempSync(join(tmpdir(), `leads-e2e-${testServerPort}-`));

export const testLeadsDataDir = process.env.LEADS_DATA_DIR ?? process.env.E2E_LEADS_DATA_DIR!;
