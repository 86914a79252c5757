import type { Route } from "./+types/export";
import { requireConfirmation } from "../../features/inbox/fresh-confirmation.server.ts";
import { requireHost } from "../../features/inbox/host.ts";
import { contactOf, readListParams } from "../../features/inbox/query.ts";

/**
 * CSV download: the list's current filters, or every lead of one person
 * (`?contacto=`, a data-subject request). UTF-8 with a BOM, formula-safe.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireConfirmation(request, context, "datos");
  const { inbox } = requireHost(context);
  const url = new URL(request.url);
  const contact = (url.searchParams.get("contacto") ?? "").trim();
  const csv = contact
    ? await inbox.csv({ ids: (await inbox.findByContact(contactOf(contact))).map((lead) => lead.id) })
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
