import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The server the browser tests run against (playwright.config.ts starts it):
 * the production build with its lead service, on a port of its own, storing
 * leads in a folder of its own (emptied at the start of each run), which the
 * tests read back (see lead-service.ts).
 */
export const testServerPort = Number(process.env.E2E_PORT ?? 4173);

export const testLeadsDataDir = process.env.LEADS_DATA_DIR ?? join(tmpdir(), `leads-e2e-${testServerPort}`);
