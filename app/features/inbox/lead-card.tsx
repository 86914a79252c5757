import { Link } from "react-router";

import { lead as copy, list as listCopy } from "../../content/es/inbox.ts";
import { ContactLinks } from "./contact-links.tsx";
import type { LeadSummary } from "./inbox-service.ts";
import { StatusActions } from "./status-actions.tsx";
import { StatusBadge } from "./status-badge.tsx";
import { leadPath } from "./paths.ts";

/** One lead in the list: who, how to reach them (phone first), when, from which form, what to do next. */
export function LeadCard({ lead, fresh = false }: { lead: LeadSummary; fresh?: boolean }) {
  const name = lead.name ?? copy.noName;
  return (
    <article
      aria-labelledby={`consulta-${lead.id}`}
      className={`grid gap-3 rounded-xl border bg-white p-4 sm:p-5 md:grid-cols-[1fr_auto] md:gap-x-6 ${fresh ? "border-water" : "border-line"}`}
    >
      <div className="flex min-w-0 flex-col gap-2">
        <p className="text-sm text-ink-muted">
          <span className="font-semibold text-ink">{lead.formTitle}</span> ·{" "}
          <time dateTime={lead.receivedAt}>{lead.receivedAtText}</time>
        </p>
        <h2 id={`consulta-${lead.id}`} className="text-xl leading-tight font-semibold break-words">
          <Link to={leadPath(lead.id)} className="text-ink underline-offset-4 hover:underline">
            {name}
          </Link>
        </h2>
        <ContactLinks name={lead.name} phone={lead.phone} email={lead.email} />
        <p className="text-sm text-ink-muted">
          {copy.handoff}: {lead.handoffText}
        </p>
      </div>
      <div className="flex flex-col items-start gap-3 md:items-end">
        <div className="flex gap-2">
          {fresh && (
            <span className="inline-flex items-center rounded-full bg-water px-2.5 py-0.5 text-sm font-semibold text-white">
              {listCopy.freshBadge}
            </span>
          )}
          <StatusBadge status={lead.status} />
        </div>
        <StatusActions id={lead.id} status={lead.status} name={name} />
      </div>
    </article>
  );
}
