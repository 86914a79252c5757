import { Outlet } from "react-router";

import { SiteFooter } from "../../components/site-footer.tsx";
import { SiteHeader } from "../../components/site-header.tsx";
import { site } from "../../config/site.ts";
import { LeadModalHost } from "../../features/leads/markup/lead-modal-host.tsx";
import { pageSettingsAttributes } from "../../lib/page-settings.ts";
import { SiteCopyContext, type SiteCopy } from "../../lib/site-copy.tsx";

/** The public site's frame: header, page, footer, and the lead forms' modal, in one language. */
export function SiteFrame({ copy }: { copy: SiteCopy }) {
  return (
    <SiteCopyContext value={copy}>
      <SiteHeader />
      {/* What the island acts on (lib/page-settings.ts): read from the page, never compiled into it. */}
      <main id="contenido" tabIndex={-1} className="outline-none" {...pageSettingsAttributes(site)}>
        <Outlet />
      </main>
      <SiteFooter />
      <LeadModalHost />
    </SiteCopyContext>
  );
}
