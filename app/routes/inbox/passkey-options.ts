import type { Route } from "./+types/passkey-options";
import {
  confirmationAddress,
  confirmationState,
  isConfirmed,
} from "../../features/inbox/fresh-confirmation.server.ts";
import { requireHost } from "../../features/inbox/host.ts";
import type { Ceremony } from "../../features/inbox/second-factor.ts";
import {
  readCookie,
  secondStepCookie,
  sessionCookie,
  setCeremony,
} from "../../features/inbox/session.server.ts";

/**
 * The options of a WebAuthn ceremony, as JSON for the browser library; the
 * challenge stays on the server, its key in a cookie. A sign-in gets the same
 * answer whether or not a passkey exists; registering needs the password
 * typed again (and a factor, once there is one): otherwise the answer names
 * the confirmation step.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { inbox } = requireHost(context);
  const { secondFactor } = inbox;
  const form = await request.formData();
  const purpose = String(form.get("para") ?? "");
  const origin = new URL(request.url).origin;
  const session = readCookie(request, sessionCookie);
  const signedIn = async () => (await inbox.checkSession(session, { touch: true })).state === "valid";

  let ceremony: Ceremony | undefined;
  if (purpose === "ingreso") ceremony = await secondFactor.signInOptions(origin);
  else if (purpose === "verificar")
    ceremony = await secondFactor.secondStepPasskeyOptions(readCookie(request, secondStepCookie), origin);
  else if (purpose === "primera-llave")
    ceremony = await secondFactor.firstPasskeyOptions(readCookie(request, secondStepCookie), origin);
  else if (purpose === "confirmar" && (await signedIn()))
    ceremony = await secondFactor.confirmPasskeyOptions(session, origin);
  else if (purpose === "registro" && (await signedIn())) {
    if (!isConfirmed(await confirmationState(request, context, "factores"))) {
      // The name typed before the confirmation comes back with the owner (issue 35's owner's words).
      const back = new URL(String(form.get("volver") ?? "/"), "http://inbox");
      const name = String(form.get("nombre") ?? "").slice(0, 60);
      if (name) back.searchParams.set("nombre", name);
      return Response.json({ confirmar: confirmationAddress("factores", back.pathname + back.search) });
    }
    ceremony = await secondFactor.registrationOptions(session, origin);
  }
  if (!ceremony) return Response.json({ options: null }, { status: 404 });
  return Response.json(
    { options: ceremony.options },
    { headers: { "Set-Cookie": setCeremony(ceremony.ceremonyToken) } },
  );
}
