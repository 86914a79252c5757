/**
 * `npm start` / `npm run serve`: the production build and the lead service on
 * one origin. Static files get the same status codes, redirects and headers as
 * the production nginx configuration (both come from server/headers.ts).
 *   PORT (default 3000), HOST (default 127.0.0.1), BUILD_DIR (default build),
 *   plus the lead service's variables (README, "Configuration").
 * SIGTERM or SIGINT stops it gracefully: no new connections, requests in
 * flight finish (their leads are stored and answered), then the database closes.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { loadSiteConfig, SiteConfigError } from "#app/config/site-config.ts";
import { buildDir, clientDirOf, notFoundFile } from "./build-layout.ts";
import { readHeaderPolicy } from "./headers.ts";
import { guardProcessAgainstRequests } from "./http/request-guard.ts";
import { Jobs } from "./jobs.ts";
import { stylesheetLinks } from "./leads/pages.ts";
import { loadServiceConfig, ServiceConfigError } from "./leads/service-config.ts";
import { leadsFeature } from "./leads/feature.ts";
import { Platform } from "./platform/platform.ts";
import { sqliteFileName } from "./storage/store.ts";
import { inboxFeature } from "./inbox/feature.ts";
import { visitsFeature } from "./visits/door.ts";
import { closePrivateFiles, createPrivateFolder, dataFolderProblem, privateUmask } from "./private-files.ts";
import { createSiteServer } from "./site-server.ts";
import { PublishedSiteSource } from "./site/published-site.ts";
import { sitePublishingFeature } from "./site/feature.ts";
import { inboxRoot } from "#app/features/inbox/paths.ts";

// Only the service reads what it writes (the database, its published builds, the owner's photos),
// whatever umask the shell or unit had; and one request that throws is answered 500, never the end
// of every other request in flight (server/http/request-guard.ts says why that hides nothing).
process.umask(privateUmask);
guardProcessAgainstRequests();

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
const clientDir = clientDirOf(buildDir);
/** Longest a shutdown waits for requests in flight before closing their connections. */
const drainMs = 10_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function loadConfiguration() {
  try {
    return { site: loadSiteConfig(process.env).config, config: loadServiceConfig(process.env) };
  } catch (error) {
    // One sentence naming each bad variable, never a stack trace.
    if (error instanceof SiteConfigError)
      fail(`Configuración del sitio inválida: ${error.problems.join("; ")}.`);
    if (error instanceof ServiceConfigError) fail(error.message);
    throw error;
  }
}

const { site, config } = loadConfiguration();
// A data folder others can read is refused, not repaired: whoever opened it may have meant to.
const openFolder = dataFolderProblem(config.dataDir);
if (openFolder) fail(openFolder);
createPrivateFolder(config.dataDir);
// What an earlier version wrote under another umask.
closePrivateFiles(config.dataDir);
if (!existsSync(join(clientDir, "index.html")))
  fail(`No hay un sitio construido en ${clientDir}: ejecutá npm run build.`);

const errorPageSource = join(clientDir, notFoundFile);
// What the owner published, read by every part of the service; the environment's until publishing starts.
const published = new PublishedSiteSource(process.env);
// Every timer and worker thread of the service, all ended at shutdown.
const jobs = new Jobs();
// The site's stylesheets, for the pages the service writes itself (refusals, a client's visit link).
const stylesheets = existsSync(errorPageSource) ? stylesheetLinks(readFileSync(errorPageSource, "utf8")) : [];
// The features of the service, each in its own room, registered with the platform in the order
// they start (decision 0038). Their tables are applied when the platform opens the database.
const sameOrigin = site.formServiceUrl === "";
const features = [leadsFeature, ...(sameOrigin ? [sitePublishingFeature] : []), visitsFeature, inboxFeature];
const platform = await Platform.open({
  storage: { dataDir: config.dataDir, databaseUrl: config.databaseUrl },
  features,
  jobs,
  site,
}).catch((error: unknown) =>
  fail(`No se pudo abrir la base de leads: ${error instanceof Error ? error.message : String(error)}`),
);
const { service } = await platform
  .start(leadsFeature, {
    config,
    published: () => published.current(),
    stylesheets,
  })
  .catch((error: unknown) =>
    fail(`No se pudo abrir la base de leads: ${error instanceof Error ? error.message : String(error)}`),
  );

// The owner publishes the site from the inbox only where this server serves its pages (same origin).
const publishing = sameOrigin
  ? (
      await platform.start(sitePublishingFeature, {
        config,
        env: process.env,
        installedBuildDir: buildDir,
        published,
      })
    ).publishing
  : undefined;

// The inspection visit: the client's link /visita/<token> and its tables (decision 0039).
const visits = await platform.start(visitsFeature, {
  config,
  published: () => published.current(),
  stylesheets,
});

const { inbox } = await platform.start(inboxFeature, {
  buildDir,
  site,
  config,
  published: () => published.current(),
  // The same setting /privacidad states, read from the environment at start.
  retentionMonths: site.leadsRetentionMonths,
  reportsOffThread: { dataDir: config.dataDir, databaseUrl: config.databaseUrl },
  backup: service.backup,
  siteEditor: publishing?.editor,
  sitePhotoEditor: publishing?.photoEditor,
  visits: visits.agenda,
});

const server = createSiteServer({
  clientDir,
  policy: readHeaderPolicy(buildDir),
  paths: platform.paths,
  leads: service.api,
  app: inbox.handler,
  served: publishing?.served,
});

server.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EADDRINUSE")
    fail(
      `El puerto ${port} ya está en uso en ${host}: cerrá el otro programa o elegí otro, por ejemplo PORT=${port + 1} npm start`,
    );
  if (error.code === "EACCES")
    fail(`Sin permiso para usar el puerto ${port}: elegí uno mayor que 1024 con PORT.`);
  fail(`No se pudo iniciar el servidor: ${error.message}`);
});

server.listen(port, host, () => {
  const storage = config.databaseUrl
    ? "PostgreSQL (DATABASE_URL)"
    : `SQLite en ${join(config.dataDir, sqliteFileName)}`;
  console.log(`Sitio disponible en http://${host}:${port}/`);
  // Browsers refuse passkeys on an IP address: on this machine the inbox is opened by name (decision 0018).
  const inboxHost = host === "127.0.0.1" ? "localhost" : host;
  console.log(`Bandeja del titular: http://${inboxHost}:${port}${inboxRoot}`);
  console.log(
    `Leads: ${storage}; avisos: ${[config.smtp && "email", config.webhook && "webhook"].filter(Boolean).join(" y ") || "ninguno"}`,
  );
  if (config.trustedProxies.check("127.0.0.1", "ipv4") && !config.proxySecret)
    console.log(
      "LEADS_TRUSTED_PROXIES nombra 127.0.0.1 y falta LEADS_PROXY_SECRET: se sigue creyendo a cualquier programa de este servidor como si fuera nginx. Ejecutá de nuevo deploy/install.sh para que nginx se identifique con el secreto.",
    );
  console.log(
    `Copia fuera del servidor: ${config.backup ? `${config.backup.url}, cifrada para ${config.backup.recipient}` : "desactivada (LEADS_BACKUP_URL)"}`,
  );
});

let stopping = false;
async function shutDown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: cerrando (se terminan los envíos en curso)…`);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const forced = setTimeout(() => server.closeAllConnections(), drainMs);
  await closed;
  clearTimeout(forced);
  // Each feature ends its own work, last started first (the inbox, publishing, the leads'
  // outbox finishing its delivery), then the database closes and the last timers are cleared.
  await platform.close();
  await jobs.stop();
  process.exit(0);
}
process.on("SIGTERM", () => void shutDown("SIGTERM"));
process.on("SIGINT", () => void shutDown("SIGINT"));
