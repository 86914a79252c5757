import { Link } from "react-router";

import { list as copy } from "../../content/es/inbox.ts";
import type { LeadQuery } from "./inbox-service.ts";
import { listSearch, pageSize } from "./query.ts";
import { inboxRoot } from "./paths.ts";

/** "Showing 26–50 of 1,234" and links to the newer and older pages, filters kept. */
export function Pagination({
  query,
  page,
  total,
  shown,
}: {
  query: LeadQuery;
  page: number;
  total: number;
  shown: number;
}) {
  if (total === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const hasOlder = page * pageSize < total;
  const link =
    "inline-flex min-h-11 items-center rounded-md border border-ink/30 bg-white px-4 font-semibold text-ink no-underline hover:border-ink";
  return (
    <nav aria-label={copy.pagination} className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-ink-muted">
        {shown > 0 ? copy.showing(from, from + shown - 1, total) : null}
      </p>
      <div className="flex gap-2">
        {page > 1 && (
          <Link to={`${inboxRoot}${listSearch(query, page - 1)}`} rel="prev" className={link}>
            ← {copy.newer}
          </Link>
        )}
        {hasOlder && (
          <Link to={`${inboxRoot}${listSearch(query, page + 1)}`} rel="next" className={link}>
            {copy.older} →
          </Link>
        )}
      </div>
    </nav>
  );
}
