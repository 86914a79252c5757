import type { Route } from "./+types/updates";
import { requireHost } from "../../features/inbox/host.ts";
import { readListParams } from "../../features/inbox/query.ts";
import { readCookie, sessionCookie } from "../../features/inbox/session.server.ts";

/**
 * What arrived since the list was loaded, for the open inbox to show without a
 * reload (polled every few seconds). Checking does not count as the owner's
 * activity, so an inbox left open still signs itself out when idle: then 401.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { inbox } = requireHost(context);
  const session = await inbox.checkSession(readCookie(request, sessionCookie), { touch: false });
  if (session.state !== "valid") return Response.json({ signedIn: false }, { status: 401 });
  const url = new URL(request.url);
  const { query } = readListParams(
    url.searchParams,
    inbox.forms.map((form) => form.id),
  );
  const [leads, counts] = await Promise.all([
    inbox.receivedSince(query, url.searchParams.get("desde") ?? ""),
    inbox.counts(),
  ]);
  return Response.json({ signedIn: true, leads, counts });
}
