import { mkdtempSync } from "node:fs";
import { BlockList } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

import type { SiteConfig } from "#app/config/site-config.ts";
import type { BuildingAccess } from "../../server/site/published-site.ts";
import { Jobs } from "../../server/jobs.ts";
import { Platform } from "../../server/platform/platform.ts";
import { visitsFeature } from "../../server/visits/door.ts";
import { smtpHeldMailer } from "../../server/visits/held-mail.ts";

/**
 * The visits feature alone on a fresh SQLite folder (pushed to `folders` for clean-up), mailing
 * through the SMTP catcher on `smtpPort` (no mail at all without it), at the test's own clock.
 */
export async function startVisitPlatform(options: {
  site: SiteConfig;
  now: () => Date;
  /** None: a server whose mail is not configured yet (an installed server's first days). */
  smtpPort?: number;
  folders: string[];
  ownerAddresses?: string[];
  /** Each building's access as published; none when absent. */
  buildingAccess?: (tower: string) => BuildingAccess | undefined;
}) {
  const dataDir = mkdtempSync(join(tmpdir(), "visits-"));
  options.folders.push(dataDir);
  const platform = await Platform.open({
    storage: { dataDir },
    features: [visitsFeature],
    jobs: new Jobs(),
    site: options.site,
    now: options.now,
  });
  const visits = await platform.start(visitsFeature, {
    config: { rateLimitPerMinute: 0, trustedProxies: new BlockList() },
    published: () => ({ site: options.site, buildingAccess: options.buildingAccess ?? (() => undefined) }),
    stylesheets: [],
    ...(options.smtpPort ? { mailer: smtpHeldMailer(`smtp://127.0.0.1:${options.smtpPort}`) } : {}),
    ...(options.ownerAddresses ? { ownerAddresses: options.ownerAddresses } : {}),
  });
  return { platform, ...visits };
}
