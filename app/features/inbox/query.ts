import type { LeadQuery, LeadStatus } from "./inbox-service.ts";

/**
 * The list's filters and page, read from the address (so a filtered view can
 * be bookmarked, shared with the export link and kept by the live updates).
 * Anything unknown is ignored, never passed to the database as is.
 */
export const pageSize = 25;

const statuses: readonly LeadStatus[] = ["nuevo", "contactado", "archivado", "spam"];

export type ListParams = { query: LeadQuery; page: number };

export function readListParams(search: URLSearchParams, formIds: readonly string[]): ListParams {
  const formId = search.get("formulario") ?? "";
  const status = search.get("estado") ?? "";
  const text = (search.get("q") ?? "").trim().slice(0, 200);
  const page = Number(search.get("pagina") ?? "1");
  return {
    query: {
      ...(formIds.includes(formId) ? { formId } : {}),
      ...((statuses as readonly string[]).includes(status) ? { status: status as LeadStatus } : {}),
      ...(search.get("llamar") === "1" ? { toCallBack: true } : {}),
      ...(search.get("semana") === "1" ? { thisWeek: true } : {}),
      ...(text ? { search: text } : {}),
    },
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

/** Whether the query narrows the list beyond its search text (the filters behind "more filters"). */
export function isNarrowed(query: LeadQuery): boolean {
  return Boolean(query.formId || query.status || query.toCallBack || query.thisWeek);
}

/** Whether the query shows less than every lead but spam. */
export function isFiltered(query: LeadQuery): boolean {
  return Boolean(query.search) || isNarrowed(query);
}

/** The address parameters of a query (and page), the inverse of readListParams. */
export function listSearch(query: LeadQuery, page = 1): string {
  const search = new URLSearchParams();
  if (query.search) search.set("q", query.search);
  if (query.formId) search.set("formulario", query.formId);
  if (query.status) search.set("estado", query.status);
  if (query.toCallBack) search.set("llamar", "1");
  if (query.thisWeek) search.set("semana", "1");
  if (page > 1) search.set("pagina", String(page));
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** What the owner typed to find one person: an e-mail when it has an @, a phone otherwise. */
export function contactOf(text: string): { email?: string; phone?: string } {
  return text.includes("@") ? { email: text } : { phone: text };
}
