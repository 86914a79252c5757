/**
 * Facts about the running service that root's scripts in deploy/ need too: where it keeps things
 * and how it answers. The service's code imports them from here, and deploy/lib.sh asks for them
 * through server/deploy-facts.ts, so the shell never restates one. No imports: the scripts run it
 * from a plain clone, before any dependency is installed.
 */

/** The port the service listens on when PORT is not set. */
export const defaultServicePort = 3000;

/** The SQLite database, in LEADS_DATA_DIR. */
export const sqliteFileName = "leads.sqlite";

/** Where deploy/doctor.sh leaves its findings for the inbox, in LEADS_DATA_DIR. */
export const doctorFindingsFile = "doctor.json";

/**
 * The largest request the service reads (the owner's photo upload): a drained oversize upload
 * stops here, so a 50 MB photo still gets its message; nginx lets this much through.
 */
export const uploadRequestBytes = 64 * 1024 * 1024;

/** Whether the service can store a lead: `{ ok }` to anyone, with details to who holds the secret. */
export const healthPath = "/api/health";

/**
 * Carries LEADS_PROXY_SECRET to ask health for its details (decision 0040). nginx never sets it,
 * so only who can read the environment file can.
 */
export const healthDetailsHeader = "x-health-details";
