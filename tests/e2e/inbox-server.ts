import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { loadSiteConfig } from "../../app/config/site-config.ts";
import type { LeadValues } from "../../app/features/leads/forms/types.ts";
import { deploymentEnvironment } from "../../scripts/publishing-server.ts";
import { buildDir, clientDirOf } from "../../server/build-layout.ts";
import { readHeaderPolicy } from "../../server/headers.ts";
import { startInboxApp } from "../../server/inbox/inbox-app.ts";
import { OwnerAuth } from "../../server/inbox/owner-auth.ts";
import { issueFirstFactorCode, printedCodeLifetimeMs } from "../../server/inbox/second-factor/owner-codes.ts";
import { relyingParties } from "../../server/inbox/second-factor/relying-party.ts";
import { createSecondFactors } from "../../server/inbox/second-factor/second-factors.ts";
import { loadServiceConfig } from "../../server/leads/service-config.ts";
import { startLeadService } from "../../server/leads/service.ts";
import type { Store } from "../../server/storage/store.ts";
import type { BackupRunner } from "../../server/backup/backup-on-worker.ts";
import { createSiteServer, type SiteServerOptions } from "../../server/site-server.ts";
import { Jobs } from "../../server/jobs.ts";
import { stylesheetLinks } from "../../server/leads/pages.ts";
import { Platform } from "../../server/platform/platform.ts";
import { visitsFeature } from "../../server/visits/door.ts";
import type { SitePublisher } from "../../server/site/site-publisher.ts";
import { followPublications, PublishedSiteSource } from "../../server/site/published-site.ts";
import type { SiteBuilder } from "../../server/site/site-builder.ts";
import { startSitePublishing } from "../../server/site/site-publishing.ts";
import { enrolOwner, type EnrolledOwner } from "../inbox/enrolled-owner.ts";
import { formBody } from "../inbox/sample-leads.ts";

/**
 * The whole `npm start` server (site, lead service, inbox) started inside the
 * test on a free loopback port, with a fresh SQLite database and an inbox
 * clock that only the test moves (session timeouts, login delays) instead of
 * waiting. Nothing in the product reads a test switch: the clock is handed in
 * the way server/serve.ts hands in the real one.
 */
/** The built site's stylesheets, for the pages the service writes (the client's visit link). */
function visitStylesheets(): string[] {
  const notFound = join(clientDirOf(buildDir), "404.html");
  return existsSync(notFound) ? stylesheetLinks(readFileSync(notFound, "utf8")) : [];
}

export const ownerEmail = "titular@ejemplo.com";
export const ownerPassword = "una contraseña larga y segura";

export type InboxServer = {
  url: string;
  /** The service's data folder (LEADS_DATA_DIR), removed at stop. */
  dataDir: string;
  /**
   * The site's publisher, called as the route calls it once the fresh second
   * factor is given (tests/e2e/site-publication.spec.ts does the same).
   */
  publisher: SitePublisher;
  /** The server's own database, for tests that set up data the forms cannot (visit counts). */
  store: Store;
  /** Moves the inbox's clock forward. */
  advance(ms: number): void;
  /** The inbox's clock (authenticator codes are computed for it). */
  now(): Date;
  /** Posts a lead the way a browser's form does (JSON answer), returns its id. */
  submit(formId: string, values: LeadValues, extra?: Record<string, string>): Promise<string>;
  /** Creates the owner and enrols the authenticator app through the first sign-in, as the owner does. */
  setOwner(): Promise<void>;
  /** Creates only the account, as `owner:password` does: returns the first-factor code it prints. */
  createAccount(): Promise<string>;
  /** The suite's owner once enrolled (setOwner, the default). */
  owner(): EnrolledOwner;
  /**
   * The owner's authenticator code for the next time step: the inbox's clock
   * moves 30 s, since each step's code opens one door once.
   */
  ownerCode(): string;
  /** The off-site copy, when started with LEADS_BACKUP_URL in `env`. */
  backup?: BackupRunner;
  /** The site's publisher (publishing and undoing as the route does after the fresh second factor). */
  publishing: Awaited<ReturnType<typeof startSitePublishing>>;
  /** Status of a stored lead, read straight from the database ("gone" once deleted). */
  statusOf(id: string): Promise<string>;
  stop(): Promise<void>;
};

/**
 * The server this worker started last: the fixtures' confirmation answers
 * with its owner's code (tests/e2e/inbox-fixtures.ts).
 */
export let latestInboxServer: InboxServer | undefined;

export async function startInboxServer(
  options: {
    owner?: boolean;
    env?: Record<string, string>;
    /** A data folder to start on (a restart): kept when the server stops. */
    dataDir?: string;
    /** How a publication builds the pages (default: the project's real build). */
    build?: SiteBuilder;
    /** The server's socket limits (a short body stall limit, to see a stall answered). */
    limits?: SiteServerOptions["limits"];
  } = {},
): Promise<InboxServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "inbox-e2e-"));
  const site = loadSiteConfig(process.env).config;
  const config = loadServiceConfig({ LEADS_DATA_DIR: dataDir, LEADS_RATE_LIMIT: "0", ...options.env });
  const published = new PublishedSiteSource(deploymentEnvironment());
  // Stands still unless the test moves it: a delay of one second stays one second however slow the machine.
  const started = Date.now();
  let offset = 0;
  const now = () => new Date(started + offset);
  // The database with the visits' tables, as `npm start` opens it through the platform (decision 0038).
  const platform = await Platform.open({
    storage: { dataDir, databaseUrl: config.databaseUrl },
    features: [visitsFeature],
    jobs: new Jobs(),
    site,
    now,
  });
  const service = await startLeadService({
    config,
    site,
    published: () => published.current(),
    stylesheets: [],
    store: platform.store,
  });
  const visits = await platform.start(visitsFeature, {
    config,
    published: () => published.current(),
    stylesheets: visitStylesheets(),
  });
  // The site's editor, as `npm start` has it; publishing itself is refused until a second factor exists.
  const publishing = await startSitePublishing({
    store: service.store,
    config,
    env: deploymentEnvironment(),
    installedBuildDir: buildDir,
    build: options.build,
  });
  await followPublications(published, publishing.publisher, service.store.siteVersions);
  const inbox = await startInboxApp({
    published: () => published.current(),
    buildDir,
    store: service.store,
    site,
    config,
    retentionMonths: site.leadsRetentionMonths,
    backup: service.backup,
    siteEditor: publishing.editor,
    sitePhotoEditor: publishing.photoEditor,
    now,
    visits: visits.agenda,
  });
  const server = createSiteServer({
    clientDir: clientDirOf(buildDir),
    policy: readHeaderPolicy(buildDir),
    paths: {
      claims: (pathname) => platform.paths.claims(pathname),
      handle: (request, response, url) =>
        platform.routeOf(url.pathname)
          ? platform.paths.handle(request, response, url)
          : service.api.handleApi(request, response, url),
    },
    leads: service.api,
    app: inbox.handler,
    served: publishing.served,
    log: () => {},
    limits: options.limits,
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const auth = new OwnerAuth(service.store, {
    now,
    hasFactor: () => service.store.secondFactors.anyFactor(),
  });
  const factors = createSecondFactors({
    store: service.store,
    auth,
    relyingPartyOf: relyingParties([]),
    issuer: () => site.businessName,
    now,
  });
  let enrolled: EnrolledOwner | undefined;
  const account = { email: ownerEmail, password: ownerPassword };
  const setOwner = async () => {
    enrolled = await enrolOwner(service.store, auth, factors, account, now);
  };
  const createAccount = async () => {
    await auth.setOwner(ownerEmail, ownerPassword);
    const printed = await issueFirstFactorCode(service.store.secondFactors, now(), printedCodeLifetimeMs, {
      replace: true,
    });
    return printed.code;
  };
  if (options.owner !== false) await setOwner();

  const handle: InboxServer = {
    url,
    publisher: publishing.publisher,
    store: service.store,
    backup: service.backup,
    publishing,
    dataDir,
    advance: (ms) => (offset += ms),
    now,
    setOwner,
    createAccount,
    owner() {
      if (!enrolled) throw new Error("no enrolled owner in this server");
      return enrolled;
    },
    ownerCode() {
      if (!enrolled) throw new Error("no enrolled owner in this server");
      offset += 30_000;
      return enrolled.codeAt(now());
    },
    async submit(formId, values, extra = {}) {
      const response = await fetch(`${url}/api/form/submit/${formId}`, {
        method: "POST",
        headers: { Accept: "application/json", "Content-Type": "application/x-www-form-urlencoded" },
        body: formBody(values, { _page: "/", _handoff: "tab-refused", ...extra }),
      });
      const answer = (await response.json()) as { ok: boolean; id?: string; error?: string };
      if (response.status !== 201 || !answer.id)
        throw new Error(`submit ${formId}: ${response.status} ${answer.error}`);
      return answer.id;
    },
    async statusOf(id) {
      const row = await service.store.db
        .selectFrom("leads")
        .select("status")
        .where("id", "=", id)
        .executeTakeFirst();
      return row?.status ?? "gone";
    },
    async stop() {
      inbox.retention.stop();
      publishing.publisher.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await service.close();
      await platform.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
  latestInboxServer = handle;
  return handle;
}
