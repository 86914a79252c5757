import { data, Form, redirect, useNavigation } from "react-router";

import type { Route } from "./+types/login";
import { buttonStyles } from "../../components/button-styles.ts";
import { login as copy, ownerCommand, waitText } from "../../content/es/inbox.ts";
import { passkeyLogin } from "../../content/es/inbox-security.ts";
import { requireHost } from "../../features/inbox/host.ts";
import { inboxMeta } from "../../features/inbox/meta.ts";
import { PasskeyButton } from "../../features/inbox/passkey-button.tsx";
import {
  afterSignIn,
  ceremonyCookie,
  clearCeremony,
  deviceCookie,
  readCookie,
  safeReturnPath,
  sessionCookie,
  setFirstSignIn,
  setSecondStep,
  signedInHeaders,
} from "../../features/inbox/session.server.ts";
import { passkeyAnswer } from "../../features/inbox/passkey-answer.ts";
import { inboxPaths } from "../../features/inbox/paths.ts";
import { InboxField } from "../../features/inbox/inbox-field.tsx";
import "../../styles/inbox.css";

export const meta: Route.MetaFunction = ({ matches }) => inboxMeta(copy.title, matches);

// A throttled login's Retry-After reaches the page's response too, not only data requests.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { inbox } = requireHost(context);
  const url = new URL(request.url);
  const businessName = inbox.businessName();
  if (!(await inbox.ownerEmail())) return { hasOwner: false as const, businessName };
  const session = await inbox.checkSession(readCookie(request, sessionCookie), { touch: false });
  if (session.state === "valid") throw redirect(safeReturnPath(url.searchParams.get("volver")));
  return {
    hasOwner: true as const,
    businessName,
    // Only where a passkey can work (the site's host name, or localhost): never a dead button.
    passkeys: inbox.secondFactor.passkeysAvailable(url.origin),
    notice: copy.reasons[url.searchParams.get("motivo") ?? ""],
    returnTo: safeReturnPath(url.searchParams.get("volver")),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { inbox, clientAddress } = requireHost(context);
  const form = await request.formData();
  const returnTo = form.get("volver");
  // Whatever session id the browser brought is void once the owner signs in again.
  const previous = readCookie(request, sessionCookie);

  if (form.get("intent") === "llave") {
    const result = await inbox.secondFactor.signInWithPasskey({
      origin: new URL(request.url).origin,
      ceremonyToken: readCookie(request, ceremonyCookie),
      response: passkeyAnswer(form),
      deviceToken: readCookie(request, deviceCookie),
    });
    if (result.outcome !== "signed-in")
      return data(
        { error: passkeyLogin.failed, email: "" },
        { status: 401, headers: { "Set-Cookie": clearCeremony() } },
      );
    if (previous) await inbox.logout(previous);
    return redirect(afterSignIn(returnTo), { headers: signedInHeaders(request, result) });
  }

  const email = String(form.get("email") ?? "").slice(0, 320);
  const password = String(form.get("password") ?? "").slice(0, 2048);
  if (!email.trim() || !password) return data({ error: copy.missingFields, email }, { status: 400 });

  const result = await inbox.login({
    email,
    password,
    address: clientAddress,
    deviceToken: readCookie(request, deviceCookie),
  });
  if (result.outcome === "throttled") {
    return data(
      { error: copy.throttled(waitText(result.retryAfterSeconds)), email },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  if (result.outcome === "wrong-credentials")
    return data({ error: copy.wrongCredentials, email }, { status: 401 });
  if (previous) await inbox.logout(previous);
  if (result.outcome === "second-factor" || result.outcome === "first-factor") {
    const query = new URLSearchParams({ volver: safeReturnPath(returnTo) });
    // Without a factor yet, the first sign-in asks for the code that reached the owner another way (decision 0024).
    const first = result.outcome === "first-factor";
    return redirect(`${first ? inboxPaths.firstSignIn : inboxPaths.secondStep}?${query}`, {
      headers: { "Set-Cookie": first ? setFirstSignIn(result.stepToken) : setSecondStep(result.stepToken) },
    });
  }
  return redirect(afterSignIn(returnTo), { headers: signedInHeaders(request, result) });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <main
      id="contenido"
      tabIndex={-1}
      className="flex min-h-screen items-start justify-center px-4 py-12 outline-none md:items-center"
    >
      <div className="w-full max-w-md rounded-xl border border-line bg-white p-6 sm:p-8">
        <h1 className="font-display text-3xl leading-tight font-semibold">{copy.title}</h1>
        {loaderData.hasOwner ? (
          <>
            <p className="mt-3 text-ink-muted">{copy.lead}</p>
            {loaderData.notice && !actionData && (
              <p role="status" className="mt-6 rounded-md border border-line bg-sand-50 px-4 py-3">
                {loaderData.notice}
              </p>
            )}
            {actionData?.error && (
              <p
                role="alert"
                className="mt-6 rounded-md border border-red-700 bg-white px-4 py-3 text-red-700"
              >
                {actionData.error}
              </p>
            )}
            {loaderData.passkeys && (
              <>
                <div className="mt-6">
                  <PasskeyButton
                    purpose="ingreso"
                    intent="llave"
                    fields={() => ({ volver: loaderData.returnTo })}
                  >
                    {passkeyLogin.button}
                  </PasskeyButton>
                </div>
                <p className="mt-6 text-center text-sm text-ink-muted">{passkeyLogin.or}</p>
              </>
            )}
            <Form method="post" className="mt-4 flex flex-col gap-5">
              <input type="hidden" name="volver" value={loaderData.returnTo} />
              <InboxField
                label={copy.email}
                name="email"
                type="email"
                autoComplete="username"
                required
                defaultValue={actionData?.email}
              />
              <InboxField
                label={copy.password}
                name="password"
                type="password"
                autoComplete="current-password"
                required
              />
              <button type="submit" className={buttonStyles.primary} disabled={submitting}>
                {submitting ? copy.submitting : copy.submit}
              </button>
            </Form>
          </>
        ) : (
          <section aria-labelledby="sin-titular" className="mt-4">
            <h2 id="sin-titular" className="text-xl font-semibold">
              {copy.noOwner.title}
            </h2>
            <p className="mt-3">{copy.noOwner.text}</p>
            <details className="mt-4">
              <summary className="cursor-pointer text-ink-muted">{copy.noOwner.forInstaller}</summary>
              <pre className="mt-3 rounded-md bg-ink p-4 text-sm break-all whitespace-pre-wrap text-white">
                <code>{ownerCommand}</code>
              </pre>
              <p className="mt-3 text-ink-muted">{copy.noOwner.after}</p>
            </details>
          </section>
        )}
      </div>
    </main>
  );
}
