import { useEffect, useState } from "react";

import type { LeadCounts, LeadSummary } from "./inbox-service.ts";
import { inboxPaths } from "./paths.ts";

/** How often an open list asks for leads received since it loaded. */
export const pollIntervalMs = 15_000;

type Base = { leads: LeadSummary[]; counts: LeadCounts };
type Live = { base: Base; leads: LeadSummary[]; counts: LeadCounts };

/**
 * Leads that arrived while the list was open (newest first) and fresh counts.
 * Asks /bandeja/novedades every 15 s with the list's own filters. A new page
 * load or a refresh of the list's data starts over from what it shows. A 401
 * (the session ended while idle) sends the owner to the login.
 */
export function useLiveLeads(
  base: Base,
  search: string,
  enabled: boolean,
): { fresh: LeadSummary[]; counts: LeadCounts } {
  const [live, setLive] = useState<Live | null>(null);
  const current = live?.base === base ? live : null;
  const newest = current?.leads[0]?.receivedAt ?? base.leads[0]?.receivedAt ?? new Date(0).toISOString();

  useEffect(() => {
    if (!enabled) return;
    let stopped = false;
    const timer = setInterval(async () => {
      const params = new URLSearchParams(search);
      params.set("desde", newest);
      const response = await fetch(`${inboxPaths.updates}?${params}`, {
        headers: { Accept: "application/json" },
      }).catch(() => undefined);
      if (stopped || !response) return;
      if (response.status === 401) {
        const back = encodeURIComponent(window.location.pathname + window.location.search);
        window.location.assign(`${inboxPaths.login}?motivo=vencida&volver=${back}`);
        return;
      }
      if (!response.ok) return;
      const update = (await response.json()) as { leads: LeadSummary[]; counts: LeadCounts };
      if (stopped) return;
      setLive((previous) => {
        const kept = previous?.base === base ? previous.leads : [];
        const shown = new Set([...kept, ...base.leads].map((lead) => lead.id));
        return {
          base,
          leads: [...update.leads.filter((lead) => !shown.has(lead.id)), ...kept],
          counts: update.counts,
        };
      });
    }, pollIntervalMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [base, search, enabled, newest]);

  return { fresh: current?.leads ?? [], counts: current?.counts ?? base.counts };
}
