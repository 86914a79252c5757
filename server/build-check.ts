/**
 * A dry build, as a publication builds: the same builder (group leader, flock, nice, the project's
 * build script) with the server's configuration, into a folder of its own under the data folder,
 * removed afterwards. deploy/doctor.sh runs it as the service's user inside the unit's own sandbox
 * (systemd-run with the unit's properties), so a server that cannot publish is found before the
 * owner presses «Publicar» (decision 0034):
 *   node server/build-check.ts
 * Exit 0 and the seconds it took; otherwise exit 1 and the reason in the owner's words.
 */
import { existsSync, realpathSync, rmSync } from "node:fs";
import { join } from "node:path";

import { buildDir } from "./build-layout.ts";
import { loadServiceConfig } from "./leads/service-config.ts";
import { buildFailureWords } from "./site/build-failure.ts";
import { buildWithProjectScript } from "./site/site-builder.ts";
import { versionsDirOf } from "./site/site-publishing.ts";

/** The dry build's folder, in the data folder (the only place the service writes). */
export const buildCheckFolder = "prueba-de-construccion";

const { dataDir } = loadServiceConfig(process.env);
const outDir = join(dataDir, buildCheckFolder);
const servedLink = join(versionsDirOf(dataDir), "current");
// The build served now seeds the images, as a publication's does (the release's own otherwise).
const served = existsSync(servedLink) ? realpathSync(servedLink) : buildDir;

rmSync(outDir, { recursive: true, force: true });
const started = Date.now();
try {
  await buildWithProjectScript(process.env, outDir, served);
  console.log(`La construcción de prueba terminó en ${Math.round((Date.now() - started) / 1000)} s.`);
} catch (error) {
  console.error(buildFailureWords(error, "el sitio"));
  console.error(error instanceof Error ? error.message.slice(-1_500) : String(error));
  process.exitCode = 1;
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
