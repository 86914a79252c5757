import { redirect } from "react-router";

import type { Route } from "./+types/logout";
import { requireHost } from "../../features/inbox/host.ts";
import {
  clearSession,
  loginRedirect,
  readCookie,
  sessionCookie,
} from "../../features/inbox/session.server.ts";
import { inboxRoot } from "../../features/inbox/paths.ts";

/** Logging out is a POST (a link or an image elsewhere cannot do it); the session ends on the server. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireHost(context).inbox.logout(readCookie(request, sessionCookie));
  return loginRedirect("salida", undefined, { "Set-Cookie": clearSession() });
}

export function loader() {
  return redirect(inboxRoot);
}
