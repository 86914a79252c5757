import { useRef } from "react";
import { createContext, data, Form, type ShouldRevalidateFunction } from "react-router";

import type { Route } from "./+types/first-sign-in";
import { buttonStyles } from "../../components/button-styles.ts";
import { waitText } from "../../content/es/inbox.ts";
import { codeWords, firstSignIn as copy, security } from "../../content/es/inbox-security.ts";
import { AuthenticatorSetup, Notice, Problem, RecoveryCodes } from "../../features/inbox/factor-forms.tsx";
import { requireHost } from "../../features/inbox/host.ts";
import { InboxField } from "../../features/inbox/inbox-field.tsx";
import { inboxMeta } from "../../features/inbox/meta.ts";
import { passkeyAnswer } from "../../features/inbox/passkey-answer.ts";
import { PasskeyButton } from "../../features/inbox/passkey-button.tsx";
import type { FirstSignIn } from "../../features/inbox/second-factor.ts";
import {
  afterSignIn,
  ceremonyCookie,
  clearSecondStep,
  loginRedirect,
  readCookie,
  safeReturnPath,
  secondStepCookie,
  signedInHeaders,
} from "../../features/inbox/session.server.ts";
import "../../styles/inbox.css";

/**
 * The owner's first sign-in (decision 0024): after the right password, with
 * no factor yet, the single-use code printed on the server (or e-mailed), then
 * the first factor; the session opens only with it, and the recovery codes
 * are shown once, to print or download, before «Ya los guardé».
 */
export const meta: Route.MetaFunction = () => inboxMeta(copy.title);

export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

// Once the session is open the step is gone: the page keeps showing the recovery codes instead of reloading.
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as Answer | undefined)?.recoveryCodes ? false : defaultShouldRevalidate;

/**
 * Set by the action when this very request opened the session: without scripts, the page is drawn
 * in the same request after the action, whose step is spent by then. The loader then lets the
 * answer show the recovery codes (and its Set-Cookie open the inbox) instead of sending the owner
 * back to the login.
 */
const openedInThisRequest = createContext<boolean>(false);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { secondFactor } = requireHost(context).inbox;
  const url = new URL(request.url);
  const returnTo = safeReturnPath(url.searchParams.get("volver"));
  const stepToken = readCookie(request, secondStepCookie);
  const stage = context.get(openedInThisRequest)
    ? ("opened" as const)
    : await secondFactor.firstSignInStage(stepToken);
  if (!stage) throw loginRedirect("paso-vencido", returnTo, { "Set-Cookie": clearSecondStep() });
  return {
    stage,
    returnTo,
    canMail: secondFactor.canMailFirstFactorCode(),
    passkeys: stage === "verified" && secondFactor.passkeysAvailable(url.origin),
    // The secret is shown only after the code: it is as good as the factor.
    totp: stage === "verified" ? await secondFactor.firstTotp(stepToken) : undefined,
  };
}

type Answer = { error?: string; notice?: string; recoveryCodes?: string[]; next?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const { secondFactor } = requireHost(context).inbox;
  const form = await request.formData();
  const stepToken = readCookie(request, secondStepCookie);
  const returnTo = safeReturnPath(form.get("volver"));
  const intent = form.get("intent");
  if (intent === "correo") {
    const sent = await secondFactor.mailFirstFactorCode(stepToken);
    const notice = { sent: copy.mailSent, wait: copy.mailWait, unavailable: copy.mailUnavailable }[sent];
    return data<Answer>({ notice });
  }
  let result: FirstSignIn;
  if (intent === "codigo") {
    result = await secondFactor.verifyFirstFactorCode(
      stepToken,
      String(form.get("codigo") ?? "").slice(0, 64),
    );
  } else if (intent === "llave") {
    result = await secondFactor.enrolFirstPasskey({
      stepToken,
      origin: new URL(request.url).origin,
      ceremonyToken: readCookie(request, ceremonyCookie),
      response: passkeyAnswer(form),
      name: String(form.get("nombre") ?? ""),
    });
  } else {
    result = await secondFactor.enrolFirstTotp(stepToken, String(form.get("codigo") ?? "").slice(0, 64));
  }
  // The page's loader runs again and moves on to the first factor.
  if (result.outcome === "verified") return data<Answer>({});
  if (result.outcome === "signed-in") {
    context.set(openedInThisRequest, true);
    return data<Answer>(
      { recoveryCodes: result.recoveryCodes, next: afterSignIn(returnTo) },
      { headers: signedInHeaders(request, result) },
    );
  }
  if (!(await secondFactor.firstSignInStage(stepToken)))
    throw loginRedirect("paso-vencido", returnTo, { "Set-Cookie": clearSecondStep() });
  if (result.outcome === "throttled")
    return data<Answer>(
      { error: codeWords.throttled(waitText(result.retryAfterSeconds)) },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  const error =
    intent === "codigo"
      ? copy.codeRejected
      : intent === "llave"
        ? copy.passkeyFailed
        : security.totp.rejected;
  return data<Answer>({ error }, { status: 401 });
}

const card = "flex w-full max-w-md flex-col gap-6 rounded-xl border border-line bg-white p-6 sm:p-8";

export default function FirstSignInPage({ loaderData, actionData }: Route.ComponentProps) {
  const nameForm = useRef<HTMLFormElement>(null);
  const { stage, returnTo, totp } = loaderData;
  return (
    <main
      id="contenido"
      tabIndex={-1}
      className="flex min-h-screen items-start justify-center px-4 py-12 outline-none md:items-center"
    >
      <div className={card}>
        <h1 className="font-display text-3xl leading-tight font-semibold">{copy.title}</h1>
        {actionData?.recoveryCodes && actionData.next ? (
          <>
            <Notice text={copy.done} />
            <RecoveryCodes codes={actionData.recoveryCodes} next={actionData.next} replaced={false} />
          </>
        ) : stage === "code" ? (
          <>
            <p className="text-ink-muted">{copy.codeLead(loaderData.canMail)}</p>
            <Problem text={actionData?.error} />
            <Notice text={actionData?.notice} />
            <Form method="post" className="flex flex-col gap-4">
              <input type="hidden" name="intent" value="codigo" />
              <input type="hidden" name="volver" value={returnTo} />
              <InboxField
                label={copy.codeLabel}
                hint={copy.codeHint}
                name="codigo"
                autoComplete="one-time-code"
                autoCapitalize="characters"
                spellCheck={false}
                required
                maxLength={24}
              />
              <button type="submit" className={buttonStyles.primary}>
                {copy.codeSubmit}
              </button>
            </Form>
            {loaderData.canMail && (
              <Form method="post">
                <input type="hidden" name="intent" value="correo" />
                <button type="submit" className={`${buttonStyles.secondary} w-full`}>
                  {copy.mailAsk}
                </button>
              </Form>
            )}
          </>
        ) : (
          <>
            <p className="text-ink-muted">{copy.factorLead}</p>
            <Problem text={actionData?.error} />
            {loaderData.passkeys && (
              <section aria-labelledby="primera-llave" className="flex flex-col gap-4">
                <h2 id="primera-llave" className="text-xl font-semibold">
                  {copy.passkeyHeading}
                </h2>
                <p className="text-ink-muted">{copy.passkeyLead}</p>
                <form
                  ref={nameForm}
                  className="flex flex-col gap-4"
                  onSubmit={(event) => event.preventDefault()}
                >
                  <InboxField
                    label={copy.passkeyName}
                    hint={copy.passkeyNameHint}
                    name="nombre"
                    maxLength={60}
                  />
                </form>
                <PasskeyButton
                  purpose="primera-llave"
                  intent="llave"
                  fields={() => ({
                    volver: returnTo,
                    nombre: String(new FormData(nameForm.current ?? undefined).get("nombre") ?? ""),
                  })}
                >
                  {copy.passkeyAdd}
                </PasskeyButton>
              </section>
            )}
            {totp && (
              <section aria-labelledby="primera-app" className="flex flex-col gap-4">
                <h2 id="primera-app" className="text-xl font-semibold">
                  {copy.totpHeading}
                </h2>
                <p className="text-ink-muted">{copy.totpLead}</p>
                <AuthenticatorSetup qrSvg={totp.qrSvg} secret={totp.secret} uri={totp.uri} />
                <Form method="post" className="flex flex-col gap-4">
                  <input type="hidden" name="intent" value="totp" />
                  <input type="hidden" name="volver" value={returnTo} />
                  <InboxField
                    label={security.totp.code}
                    name="codigo"
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    pattern="[0-9 ]{6,7}"
                    maxLength={7}
                    required
                  />
                  <button type="submit" className={buttonStyles.primary}>
                    {copy.totpSubmit}
                  </button>
                </Form>
              </section>
            )}
          </>
        )}
      </div>
    </main>
  );
}
