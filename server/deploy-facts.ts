/**
 * Prints the service's facts the deploy scripts need as KEY=value lines, for deploy/lib.sh
 * (`load_deploy_facts`): file names, the health path and header, the default port. Run with
 * Node alone from a clone: server/service-facts.ts imports nothing.
 */
import {
  defaultServicePort,
  doctorFindingsFile,
  healthDetailsHeader,
  healthPath,
  sqliteFileName,
} from "./service-facts.ts";

const deployFacts = {
  SERVICE_DEFAULT_PORT: String(defaultServicePort),
  SQLITE_FILE: sqliteFileName,
  DOCTOR_FINDINGS_FILE: doctorFindingsFile,
  HEALTH_PATH: healthPath,
  HEALTH_DETAILS_HEADER: healthDetailsHeader,
};

/** Values the shell may take as they are: no quoting, spaces or expansions to get wrong. */
const shellSafe = /^[A-Za-z0-9./_-]+$/;

for (const [key, value] of Object.entries(deployFacts)) {
  if (!shellSafe.test(value)) throw new Error(`${key}=${value} is not safe for the shell as it is.`);
  console.log(`${key}=${value}`);
}
