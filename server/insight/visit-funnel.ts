import type { FunnelRow, VisitFunnel } from "#app/features/inbox/inbox-service.ts";
import type { FunnelCount } from "../storage/inspection-visits.ts";
import { sourceKey, towerSlugOf } from "./results.ts";

const steps = ["leads", "offered", "confirmed", "done", "delivered"] as const;

/**
 * The visits' funnel of a period (decision 0043): lead → visit offered → confirmed → done →
 * report delivered, by page, by source (named as the rest of the results name it) and by tower
 * (the tower pages in both languages, under the tower's published name).
 */
export function visitFunnelOf(
  counts: readonly FunnelCount[],
  towerName: (slug: string) => string | undefined,
): VisitFunnel {
  const totals = emptyRow("total", "Total");
  const pages = new Map<string, FunnelRow>();
  const sources = new Map<string, FunnelRow>();
  const towers = new Map<string, FunnelRow>();
  const add = (rows: Map<string, FunnelRow>, key: string, label: string, count: FunnelCount) => {
    let row = rows.get(key);
    if (!row) rows.set(key, (row = emptyRow(key, label)));
    for (const step of steps) row[step] += count[step];
  };
  for (const count of counts) {
    for (const step of steps) totals[step] += count[step];
    const page = count.page ?? "(desconocida)";
    add(pages, page, page, count);
    const source = sourceKey(count.campaign || count.utmSource || "", count.referrer ?? "");
    add(sources, source, source, count);
    const slug = towerSlugOf(page);
    const name = slug ? towerName(slug) : undefined;
    if (slug && name) add(towers, slug, name, count);
  }
  const sorted = (rows: Map<string, FunnelRow>) =>
    [...rows.values()].sort(
      (a, b) => b.leads - a.leads || b.delivered - a.delivered || a.key.localeCompare(b.key),
    );
  return { totals, pages: sorted(pages), sources: sorted(sources), towers: sorted(towers) };
}

function emptyRow(key: string, label: string): FunnelRow {
  return { key, label, leads: 0, offered: 0, confirmed: 0, done: 0, delivered: 0 };
}
