import type { SiteConfig } from "#app/config/site-config.ts";
import type { BackupSchedule } from "../backup/backup-state.ts";
import { startBackupOnWorker, type BackupRunner } from "../backup/backup-on-worker.ts";
import { languages, pathIn, thanksPath, type Lang } from "#app/site-map.ts";
import type { Jobs } from "../jobs.ts";
import { installedSite, type PublishedSite } from "../site/published-site.ts";
import { createLeadApi } from "./api.ts";
import type { ServiceForms } from "./forms.ts";
import { composeLeadEmail, smtpSender } from "./notify/email.ts";
import { OutboxWorker, type Backoff, type Deliver } from "./notify/outbox-worker.ts";
import { WeeklySummaryJob } from "./notify/weekly-summary.ts";
import { webhookBody, webhookSender } from "./notify/webhook.ts";
import type { ServiceConfig } from "./service-config.ts";
import { Store } from "../storage/store.ts";
import type { NotificationChannel } from "../storage/schema.ts";

/** The lead service put together: storage, the HTTP side and the notification worker. */
export type LeadService = {
  store: Store;
  api: ReturnType<typeof createLeadApi>;
  worker: OutboxWorker;
  /** The owner's Monday summary, when LEADS_WEEKLY_SUMMARY is on and e-mail is configured. */
  weeklySummary?: WeeklySummaryJob;
  /** Off-site copies, when LEADS_BACKUP_URL is set (on a worker thread of their own). */
  backup?: BackupRunner;
  /** Stops the worker (after its current delivery) and closes the database. */
  close(): Promise<void>;
};

export async function startLeadService(options: {
  config: ServiceConfig;
  /** The deployment's configuration: the site's address and the form service are the installer's. */
  site: SiteConfig;
  /**
   * The site published now, read at each use (server/site/published-site.ts): the forms'
   * options, the pages counted, the name and address every e-mail and page carries, the
   * WhatsApp number. Without it, the deployment's own site.
   */
  published?: () => PublishedSite;
  /** Stylesheet links of the built site for the service's own pages. */
  stylesheets: readonly string[];
  backoff?: Backoff;
  pollMs?: number;
  now?: () => Date;
  backupSchedule?: Partial<BackupSchedule>;
  /** Where the outbox's and the weekly summary's polls and the off-site copy's thread run (server/jobs.ts). */
  jobs?: Jobs;
  /** The platform's open database (server/platform/): the platform closes it. Without it, the service opens and closes its own. */
  store?: Store;
}): Promise<LeadService> {
  const { config, site } = options;
  const storage = { dataDir: config.dataDir, databaseUrl: config.databaseUrl };
  const ownsStore = !options.store;
  const store = options.store ?? (await Store.open(storage));
  const installed = options.published ? undefined : installedSite(site, options.now);
  const published = options.published ?? (() => installed!);
  const forms: ServiceForms = (formId) => published().forms(formId);
  let backup: BackupRunner | undefined;
  if (config.backup)
    backup = await startBackupOnWorker(
      {
        storage,
        settings: config.backup,
        schedule: options.backupSchedule,
        // The thread reads the published name from the database when it writes an alert.
        mail: config.smtp && { smtpUrl: config.smtp.url, to: config.smtp.to },
      },
      store,
      { jobs: options.jobs },
    ).catch(async (error: unknown) => {
      if (ownsStore) await store.close();
      throw error;
    });
  else await store.backups.removeCapture();

  const channels: Partial<Record<NotificationChannel, Deliver>> = {};
  if (config.smtp) {
    const send = smtpSender(config.smtp.url, config.smtp.to);
    channels.email = (lead, form) => send(composeLeadEmail(lead, form.definition, published().site));
  }
  if (config.webhook) {
    const send = webhookSender(config.webhook.url, config.webhook.secret);
    channels.webhook = (lead, form) => send(webhookBody(lead, form.definition));
  }
  const worker = new OutboxWorker({
    store,
    forms,
    channels,
    backoff: options.backoff,
    pollMs: options.pollMs,
    jobs: options.jobs,
  });

  const sameOrigin = site.formServiceUrl === "";
  const api = createLeadApi({
    store,
    forms,
    config,
    siteUrl: site.siteUrl,
    // A service on its own origin sends native posts back to the site's thank-you page.
    thankYouUrls: Object.fromEntries(
      languages.map((lang) => [lang, `${sameOrigin ? "" : site.siteUrl}${pathIn(lang, thanksPath)}`]),
    ) as Record<Lang, string>,
    published,
    stylesheets: options.stylesheets,
    onStored: () => {
      // No channel, nothing queued for the lead: a delivery round would only read an empty queue.
      if (Object.keys(channels).length > 0) worker.kick();
      backup?.kick();
    },
    backupStatus: backup && (() => backup.status()),
  });
  worker.start();

  const weeklySummary =
    config.smtp && config.weeklySummary
      ? new WeeklySummaryJob({
          store,
          send: smtpSender(config.smtp.url, config.smtp.to),
          site: () => published().site,
          backoff: options.backoff,
          now: options.now,
          jobs: options.jobs,
        })
      : undefined;
  weeklySummary?.start(options.pollMs);

  return {
    store,
    api,
    worker,
    weeklySummary,
    backup,
    async close() {
      await backup?.stop();
      await weeklySummary?.stop();
      await worker.stop();
      if (ownsStore) await store.close();
    },
  };
}
