import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

import { generateX25519Identity, identityToRecipient } from "age-encryption";
import { afterAll, expect, test } from "vitest";

import { loadSiteConfig } from "../../app/config/site-config.ts";
import { clientDirOf } from "../../server/build-layout.ts";
import { headerPolicyFile } from "../../server/headers.ts";
import { OwnerAuth } from "../../server/inbox/owner-auth.ts";
import { startRetentionJob } from "../../server/inbox/retention.ts";
import { reportsOnWorker } from "../../server/insight/report-runner.ts";
import { Jobs } from "../../server/jobs.ts";
import { loadServiceConfig } from "../../server/leads/service-config.ts";
import { startLeadService } from "../../server/leads/service.ts";
import type { SiteBuilder } from "../../server/site/site-builder.ts";
import { startSitePublishing } from "../../server/site/site-publishing.ts";
import { startSmtpCatcher } from "./smtp-catcher.ts";

/**
 * Every timer and thread of the service runs through one jobs module (server/jobs.ts): started as
 * `npm start` starts them (the outbox, the weekly summary, the off-site copy's thread, the
 * follower of published versions, the retention, the results' thread), each is listed while it
 * runs, and closing the parts in the order server/serve.ts closes them leaves none behind.
 */
const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
const tempDir = (prefix: string) => {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
};

/** One page and a header policy: enough for the publisher to serve the installed build. */
const standInBuilder: SiteBuilder = async (_env, outDir) => {
  mkdirSync(clientDirOf(outDir), { recursive: true });
  writeFileSync(join(clientDirOf(outDir), "index.html"), "construida");
  mkdirSync(dirname(headerPolicyFile(outDir)), { recursive: true });
  writeFileSync(headerPolicyFile(outDir), JSON.stringify({ formServiceUrl: "", scriptHashes: [] }));
};

test(
  "the service's timers and threads are listed while it runs and none is left once it is closed",
  { timeout: 120_000 },
  async () => {
    const smtp = await startSmtpCatcher();
    const dataDir = tempDir("jobs-data-");
    const config = loadServiceConfig({
      LEADS_DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      LEADS_NOTIFY_TO: "titular@example.com",
      LEADS_WEEKLY_SUMMARY: "on",
      LEADS_BACKUP_URL: `file://${tempDir("jobs-copies-")}`,
      LEADS_BACKUP_RECIPIENT: await identityToRecipient(await generateX25519Identity()),
    });
    const site = loadSiteConfig({}).config;
    const lines: string[] = [];
    const jobs = new Jobs((line) => lines.push(line));

    const service = await startLeadService({ config, site, stylesheets: [], jobs });
    const installed = tempDir("jobs-installed-");
    await standInBuilder({}, installed);
    const publishing = await startSitePublishing({
      store: service.store,
      config,
      env: {},
      installedBuildDir: installed,
      build: standInBuilder,
      jobs,
    });
    const auth = new OwnerAuth(service.store, { now: () => new Date(), hasFactor: async () => false });
    const retention = startRetentionJob({
      store: service.store,
      auth,
      months: 24,
      now: () => new Date(),
      jobs,
    });
    await retention.firstRun;
    const reports = reportsOnWorker({ dataDir }, jobs);
    await reports.build("semana", new Date());

    expect(jobs.active().sort()).toEqual([
      "Avisos de leads",
      "Copia fuera del servidor",
      "Resultados",
      "Resumen semanal",
      "Retención",
      "Seguir la versión publicada",
    ]);

    // As server/serve.ts shuts down: the inbox (retention, results), publishing, the lead service.
    retention.stop();
    await reports.close();
    publishing.publisher.stop();
    await service.close();
    await smtp.stop();
    // The threads' exits are reported on the next turns of the event loop.
    await expect.poll(() => jobs.active()).toEqual([]);
    expect(lines).toEqual([]);
  },
);
