import type { IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";

import type { SiteConfig } from "#app/config/site-config.ts";
import type { SiteEditor, SitePhotoEditor } from "#app/features/inbox/inbox-service.ts";
import type { VisitAgendaService } from "#app/features/visits/agenda-service.ts";
import { createAppHandler, type AppHandler } from "../app-handler.ts";
import type { Jobs } from "../jobs.ts";
import { isOwnProxy, requestClientAddress } from "../leads/client-address.ts";
import type { PublishedSite } from "../site/published-site.ts";
import type { BackupStatus } from "../backup/backup-state.ts";
import type { ServiceConfig } from "../leads/service-config.ts";
import type { Store, StorageOptions } from "../storage/store.ts";
import { smtpSender } from "../leads/notify/email.ts";
import { reportsInThread, reportsOnWorker } from "../insight/report-runner.ts";
import { createInboxService } from "./inbox-service.ts";
import { OwnerAuth } from "./owner-auth.ts";
import { startRetentionJob, type RetentionJob } from "./retention.ts";
import { factorMailer, firstFactorCodeMailer } from "./second-factor/factor-mail.ts";
import { relyingParties } from "./second-factor/relying-party.ts";
import { createSecondFactors } from "./second-factor/second-factors.ts";

/**
 * The owner's inbox put together on the lead service's store: the React
 * Router handler for /bandeja, the daily retention job and the results' thread;
 * `close` ends both.
 */
export type InboxApp = { handler: AppHandler; retention: RetentionJob; close(): Promise<void> };

export async function startInboxApp(options: {
  buildDir: string;
  store: Store;
  site: Pick<
    SiteConfig,
    "offPlanFormId" | "deliveryHours" | "businessName" | "email" | "siteUrl" | "formServiceUrl"
  >;
  /** dataDir: where deploy/doctor.sh leaves its findings (none shown without it). */
  config: Pick<ServiceConfig, "trustedProxies" | "proxySecret" | "smtp"> &
    Partial<Pick<ServiceConfig, "dataDir">>;
  /**
   * The site published now (server/site/published-site.ts): the forms that read the leads,
   * the towers' names in the results, the name in e-mails and the authenticator's issuer.
   */
  published: () => PublishedSite;
  retentionMonths: number;
  /** The database again, for the results' worker thread (decision 0017); without it, results are built in this thread. */
  reportsOffThread?: StorageOptions;
  /** The off-site copy, whose state every inbox page shows. */
  backup?: { status(): Promise<BackupStatus> };
  /** The site's editor (/bandeja/sitio), where this server publishes the site. */
  siteEditor?: SiteEditor;
  /** The catalogue's photos (/bandeja/sitio/fotos). */
  sitePhotoEditor?: SitePhotoEditor;
  /** The inbox's clock: session timeouts, throttle delays, counts, retention. */
  now?: () => Date;
  /** Where the retention's timer and the results' thread run (server/jobs.ts). */
  jobs?: Jobs;
  /** The visits' pages, when the visits feature runs (decision 0039). */
  visits?: VisitAgendaService;
}): Promise<InboxApp> {
  const { store, config } = options;
  const now = options.now ?? (() => new Date());
  // Every password sign-in asks for a factor, or for the first one (decision 0024).
  const auth = new OwnerAuth(store, { now, hasFactor: () => store.secondFactors.anyFactor() });
  const { site } = options;
  const send = config.smtp && smtpSender(config.smtp.url, config.smtp.to);
  const secondFactor = createSecondFactors({
    store,
    auth,
    relyingPartyOf: relyingParties([site.siteUrl, site.formServiceUrl]),
    issuer: () => options.published().site.businessName,
    onChange: factorMailer(send, () => options.published().site, now),
    mailFirstFactorCode: send && firstFactorCodeMailer(send, () => options.published().site),
    now,
  });
  const reports = options.reportsOffThread
    ? reportsOnWorker(options.reportsOffThread, options.jobs)
    : reportsInThread(store);
  const inbox = createInboxService({
    store,
    auth,
    secondFactor,
    forms: (formId) => options.published().forms(formId),
    published: options.published,
    offPlanFormId: options.site.offPlanFormId,
    retentionMonths: options.retentionMonths,
    reports,
    backup: options.backup,
    dataDir: config.dataDir,
    site: options.siteEditor,
    sitePhotos: options.sitePhotoEditor,
    // The visits' tables exist when their feature runs (decision 0038).
    ...(options.visits
      ? { visitFunnel: (from: string, to: string) => store.inspectionVisits.funnel(from, to) }
      : {}),
    now,
  });
  const handler = await createAppHandler({
    buildDir: options.buildDir,
    inbox,
    visits: options.visits,
    describeClient: (request: IncomingMessage) => {
      const peer = request.socket.remoteAddress ?? "";
      const address = requestClientAddress(request, config);
      // A TLS front end says so in X-Forwarded-Proto; only a trusted proxy is believed.
      const forwardedProto = String(request.headers["x-forwarded-proto"] ?? "")
        .split(",")[0]
        ?.trim();
      const https =
        (request.socket as TLSSocket).encrypted === true ||
        (isOwnProxy(peer, request.headers, config) && forwardedProto === "https");
      return { address, protocol: https ? "https" : "http" };
    },
  });
  const retention = startRetentionJob({
    store,
    auth,
    secondFactor,
    months: options.retentionMonths,
    now,
    jobs: options.jobs,
  });
  return {
    handler,
    retention,
    async close() {
      retention.stop();
      await reports.close();
    },
  };
}
