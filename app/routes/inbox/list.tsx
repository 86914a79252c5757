import { Link } from "react-router";

import type { Route } from "./+types/list";
import { list as copy } from "../../content/es/inbox.ts";
import { requireHost } from "../../features/inbox/host.ts";
import { LeadCard } from "../../features/inbox/lead-card.tsx";
import { LeadCounts } from "../../features/inbox/lead-counts.tsx";
import { ListFilters } from "../../features/inbox/list-filters.tsx";
import { useLiveLeads } from "../../features/inbox/live-leads.ts";
import { inboxMeta } from "../../features/inbox/meta.ts";
import { Pagination } from "../../features/inbox/pagination.tsx";
import { isFiltered, listSearch, pageSize, readListParams } from "../../features/inbox/query.ts";
import { exportAddress } from "../../features/inbox/fresh-confirmation.server.ts";
import { changeStatus } from "../../features/inbox/status-action.server.ts";
import { inboxPaths } from "../../features/inbox/paths.ts";
import { reportsToDeliver as reportsCopy } from "../../content/es/inbox-visits.ts";
import { visitsContext } from "../../features/visits/agenda-service.ts";

export const meta: Route.MetaFunction = ({ matches }) => inboxMeta(copy.heading, matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { inbox } = requireHost(context);
  const url = new URL(request.url);
  const { query, page } = readListParams(
    url.searchParams,
    inbox.forms.map((form) => form.id),
  );
  // The reports waiting after visits (decision 0043), when the visits feature runs.
  const visits = context.get(visitsContext);
  const [{ leads, total }, counts, reports] = await Promise.all([
    inbox.list(query, { limit: pageSize, offset: (page - 1) * pageSize }),
    inbox.counts(),
    visits ? visits.reportsToDeliver() : [],
  ]);
  const deleted = Number(url.searchParams.get("eliminadas") ?? "0");
  return {
    query,
    page,
    leads,
    total,
    counts,
    reports: { waiting: reports.length, late: reports.filter((report) => report.state === "late").length },
    forms: inbox.forms,
    deleted: deleted > 0 ? deleted : 0,
    exportAddress: await exportAddress(request, context, `${inboxPaths.export}${listSearch(query)}`),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  return changeStatus(await request.formData(), requireHost(context).inbox);
}

export default function LeadList({ loaderData }: Route.ComponentProps) {
  const { query, page, leads, total, forms, deleted, exportAddress, reports } = loaderData;
  const { fresh, counts } = useLiveLeads(loaderData, listSearch(query), page === 1);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <h1 className="font-display text-3xl font-semibold md:text-4xl">{copy.heading}</h1>
        {/* A document download of the current filters, not a client navigation. */}
        <a
          href={exportAddress.href}
          download={exportAddress.download}
          className="inline-flex min-h-11 items-center"
        >
          {copy.export}
        </a>
      </div>
      <LeadCounts counts={counts} />
      {reports.waiting > 0 ? (
        <p>
          <Link
            to={inboxPaths.agenda}
            className={`inline-flex min-h-11 items-center font-semibold underline ${reports.late > 0 ? "text-red-800" : "text-water"}`}
          >
            {reportsCopy.summary(reports.waiting, reports.late)}
          </Link>
        </p>
      ) : null}
      <ListFilters query={query} forms={forms} />
      <div role="status" className="empty:hidden">
        {deleted > 0 ? copy.deleted(deleted) : null}
        {fresh.length > 0 ? copy.arrived(fresh.length) : null}
      </div>
      {leads.length + fresh.length === 0 ? (
        <p className="rounded-xl border border-line bg-white p-6 text-ink-muted">
          {isFiltered(query) ? copy.empty : copy.emptyInbox}
        </p>
      ) : (
        <ol className="flex flex-col gap-4" aria-label={copy.heading}>
          {fresh.map((lead) => (
            <li key={lead.id}>
              <LeadCard lead={lead} fresh />
            </li>
          ))}
          {leads.map((lead) => (
            <li key={lead.id}>
              <LeadCard lead={lead} />
            </li>
          ))}
        </ol>
      )}
      <Pagination query={query} page={page} total={total} shown={leads.length} />
    </div>
  );
}
