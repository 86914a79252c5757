import { data, Form, Link, redirect } from "react-router";

import type { Route } from "./+types/confirm";
import { buttonStyles } from "../../components/button-styles.ts";
import { waitText } from "../../content/es/inbox.ts";
import { codeWords, confirm as copy } from "../../content/es/inbox-security.ts";
import { CodeForm, Problem } from "../../features/inbox/factor-forms.tsx";
import {
  confirmationAddress,
  confirmationNeeds,
  confirmationState,
  isConfirmed,
  type ConfirmationNeed,
} from "../../features/inbox/fresh-confirmation.server.ts";
import { requireHost } from "../../features/inbox/host.ts";
import { InboxField } from "../../features/inbox/inbox-field.tsx";
import { inboxMeta } from "../../features/inbox/meta.ts";
import { passkeyAnswer } from "../../features/inbox/passkey-answer.ts";
import { PasskeyButton } from "../../features/inbox/passkey-button.tsx";
import { inboxPaths } from "../../features/inbox/paths.ts";
import type { CodeCheck } from "../../features/inbox/second-factor.ts";
import {
  ceremonyCookie,
  clearCeremony,
  readCookie,
  safeReturnPath,
  sessionCookie,
} from "../../features/inbox/session.server.ts";

/**
 * The fresh confirmation step (decision 0018): the password typed again,
 * and/or a passkey or a code, as the action the owner came from needs; then
 * back to where they were.
 */
export const meta: Route.MetaFunction = ({ matches }) => inboxMeta(copy.title, matches);

export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

function requestOf(url: URL): { need: ConfirmationNeed; returnTo: string } {
  const asked = url.searchParams.get("para") as ConfirmationNeed;
  return {
    need: confirmationNeeds.includes(asked) ? asked : "sitio",
    returnTo: safeReturnPath(url.searchParams.get("volver")),
  };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { need, returnTo } = requestOf(url);
  const state = await confirmationState(request, context, need);
  if (isConfirmed(state)) throw redirect(returnTo);
  const passkeys = requireHost(context).inbox.secondFactor.passkeysAvailable(url.origin);
  return { need, returnTo, state, passkeys };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { secondFactor } = requireHost(context).inbox;
  const { need, returnTo } = requestOf(new URL(request.url));
  const form = await request.formData();
  const session = readCookie(request, sessionCookie);
  const intent = form.get("intent");
  let check: CodeCheck;
  if (intent === "contrasena") {
    check = await secondFactor.confirmPassword(session, String(form.get("password") ?? "").slice(0, 2048));
  } else if (intent === "llave") {
    const ok = await secondFactor.confirmWithPasskey(
      session,
      new URL(request.url).origin,
      readCookie(request, ceremonyCookie),
      passkeyAnswer(form),
    );
    check = ok ? { outcome: "accepted", kind: "totp" } : { outcome: "rejected" };
  } else {
    check = await secondFactor.confirmWithCode(session, String(form.get("codigo") ?? "").slice(0, 64));
  }
  if (check.outcome === "accepted") {
    const state = await confirmationState(request, context, need);
    throw redirect(isConfirmed(state) ? returnTo : confirmationAddress(need, returnTo), {
      headers: { "Set-Cookie": clearCeremony() },
    });
  }
  if (check.outcome === "throttled")
    return data(
      { error: codeWords.throttled(waitText(check.retryAfterSeconds)) },
      { status: 429, headers: { "Retry-After": String(check.retryAfterSeconds) } },
    );
  const error =
    intent === "contrasena"
      ? copy.passwordRejected
      : intent === "llave"
        ? copy.passkeyRejected
        : codeWords.rejected;
  return data({ error }, { status: 401 });
}

export default function Confirm({ loaderData, actionData }: Route.ComponentProps) {
  const { state, returnTo } = loaderData;
  return (
    <div className="mx-auto flex max-w-md flex-col gap-6">
      <h1 className="font-display text-3xl font-semibold md:text-4xl">{copy.title}</h1>
      <Problem text={actionData?.error} />
      {state.frozen ? (
        <>
          <p role="status">{copy.frozen}</p>
          <Link to={inboxPaths.security} className={buttonStyles.primary}>
            {copy.toSecurity}
          </Link>
        </>
      ) : state.needsFirstFactor ? (
        <p>{copy.firstFactor}</p>
      ) : state.needsPassword ? (
        <Form method="post" className="flex flex-col gap-4">
          <p className="text-ink-muted">{copy.passwordLead}</p>
          <input type="hidden" name="intent" value="contrasena" />
          <InboxField
            label={copy.password}
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
          <button type="submit" className={buttonStyles.primary}>
            {copy.passwordSubmit}
          </button>
        </Form>
      ) : (
        <>
          <p className="text-ink-muted">{copy.lead}</p>
          {state.needsTrustedFactor && <p className="text-sm text-ink-muted">{copy.trustedLead}</p>}
          {loaderData.passkeys && (
            <PasskeyButton purpose="confirmar" intent="llave">
              {copy.passkey}
            </PasskeyButton>
          )}
          <CodeForm intent="codigo" />
        </>
      )}
      <Link to={returnTo} className="self-start font-semibold">
        {copy.back}
      </Link>
    </div>
  );
}
