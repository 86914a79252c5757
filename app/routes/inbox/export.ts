import type { Route } from "./+types/export";
import { requireConfirmation } from "../../features/inbox/fresh-confirmation.server.ts";
import { requireHost } from "../../features/inbox/host.ts";
import { contactOf, readListParams } from "../../features/inbox/query.ts";
import { visitsContext } from "../../features/visits/agenda-service.ts";
import { csvSection } from "../../lib/csv.ts";

/**
 * CSV download: the list's current filters, or every lead of one person
 * (`?contacto=`, a data-subject request), followed by that person's visits. UTF-8 with a BOM,
 * formula-safe.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireConfirmation(request, context, "datos");
  const { inbox } = requireHost(context);
  const url = new URL(request.url);
  const contact = (url.searchParams.get("contacto") ?? "").trim();
  const csv = contact
    ? await personCsv(context, contact)
    : await inbox.csv({
        query: readListParams(
          url.searchParams,
          inbox.forms.map((form) => form.id),
        ).query,
      });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="consultas-${contact ? "titular-" : ""}${day}.csv"`,
    },
  });
}

/**
 * A person's data (Ley 25.326): their leads, and below them, as a second table, the visits offered
 * and confirmed from those leads, with the address and access they gave (decision 0042).
 */
async function personCsv(context: Route.LoaderArgs["context"], contact: string): Promise<string> {
  const { inbox } = requireHost(context);
  const ids = (await inbox.findByContact(contactOf(contact))).map((lead) => lead.id);
  const leads = await inbox.csv({ ids });
  const visits = await context.get(visitsContext)?.personVisits(ids);
  return visits && visits.rows.length > 0
    ? leads + csvSection(visits.title, visits.header, visits.rows)
    : leads;
}
