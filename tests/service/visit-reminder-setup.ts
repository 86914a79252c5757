import { BlockList } from "node:net";

import { loadSiteConfig } from "#app/config/site-config.ts";
import { Jobs } from "../../server/jobs.ts";
import { Platform } from "../../server/platform/platform.ts";
import type { StorageOptions } from "../../server/storage/store.ts";
import { visitsFeature } from "../../server/visits/door.ts";
import { smtpHeldMailer, type HeldMailer } from "../../server/visits/held-mail.ts";
import type { VisitWindow } from "../../server/visits/visit-desk.ts";

export const reminderSite = { ...loadSiteConfig({}).config, whatsappNumber: "5491100000000" };
export const ownerAddress = "duena@example.com";

/** Monday 7 December 2026, 09:00 in Buenos Aires: when the visits are confirmed. */
export const confirmedAt = new Date("2026-12-07T12:00:00.000Z");
/** Wednesday 9 December, 10:00-11:00 and 12:30-13:30 in Buenos Aires. */
export const morning: VisitWindow = {
  startsAt: "2026-12-09T13:00:00.000Z",
  endsAt: "2026-12-09T14:00:00.000Z",
};
export const noon: VisitWindow = { startsAt: "2026-12-09T15:30:00.000Z", endsAt: "2026-12-09T16:30:00.000Z" };
/** Thursday 10 December, 15:00-16:00 in Buenos Aires. */
export const thursday: VisitWindow = {
  startsAt: "2026-12-10T18:00:00.000Z",
  endsAt: "2026-12-10T19:00:00.000Z",
};

/**
 * The visits feature alone on `storage`, mailing through the SMTP catcher on `smtpPort` (with
 * the e-mails' held mark, `mailer` when a test wraps it), at the test's clock.
 */
export async function openVisits(options: {
  storage: StorageOptions;
  now: () => Date;
  smtpPort: number;
  mailer?: HeldMailer;
}) {
  const platform = await Platform.open({
    storage: options.storage,
    features: [visitsFeature],
    jobs: new Jobs(),
    site: reminderSite,
    now: options.now,
  });
  const started = await platform.start(visitsFeature, {
    config: { rateLimitPerMinute: 0, trustedProxies: new BlockList() },
    published: () => ({ site: reminderSite, buildingAccess: () => undefined }),
    stylesheets: [],
    mailer: options.mailer ?? smtpHeldMailer(`smtp://127.0.0.1:${options.smtpPort}`),
    ownerAddresses: [ownerAddress],
  });
  return { platform, ...started };
}

type Opened = Awaited<ReturnType<typeof openVisits>>;

/** A lead, an offer of `window` and the client's pick of it: the confirmed visit. */
export async function confirmVisit(
  opened: Opened,
  client: { name: string; email: string | null; phone: string | null; page?: string },
  window: VisitWindow,
) {
  const lead = await opened.platform.store.leads.insert({
    receivedAt: new Date(confirmedAt.getTime() - 3_600_000),
    formId: "express",
    page: client.page ?? "/",
    values: { nombre: client.name },
    handoff: "tab-opened",
    clientAddress: "127.0.0.2",
    userAgent: null,
    spam: false,
    contact: { name: client.name, email: client.email, phone: client.phone },
    notify: [],
  });
  const lang = client.page?.startsWith("/en") ? "en" : "es";
  const { token } = await opened.desk.offer(lead.id, lang, [window, thursday]);
  const picked = await opened.desk.pick(token, window.startsAt, {
    property: { tower: "Alvear Tower", floor: "31", unit: "A", street: "" },
    access: {
      opener: "staff",
      guestList: "Laura Ejemplo, DNI 20.000.000",
      parking: true,
      occupied: false,
      notes: "",
    },
  });
  if (picked.outcome !== "confirmed") throw new Error(`pick: ${picked.outcome}`);
  return { lead, token, visit: picked.visit };
}
