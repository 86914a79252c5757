import { data, redirect } from "react-router";

import type { Route } from "./+types/second-step";
import { waitText } from "../../content/es/inbox.ts";
import { codeWords, secondStep as copy } from "../../content/es/inbox-security.ts";
import { CodeForm, Problem } from "../../features/inbox/factor-forms.tsx";
import { requireHost } from "../../features/inbox/host.ts";
import { inboxMeta } from "../../features/inbox/meta.ts";
import { passkeyAnswer } from "../../features/inbox/passkey-answer.ts";
import { PasskeyButton } from "../../features/inbox/passkey-button.tsx";
import type { FactorSignIn } from "../../features/inbox/second-factor.ts";
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
 * The second step of a password sign-in, once the owner has a second factor:
 * a passkey, an authenticator code or a recovery code opens the session.
 */
export const meta: Route.MetaFunction = ({ matches }) => inboxMeta(copy.title, matches);

export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { inbox } = requireHost(context);
  const { secondFactor } = inbox;
  const returnTo = safeReturnPath(new URL(request.url).searchParams.get("volver"));
  if (!(await secondFactor.secondStepValid(readCookie(request, secondStepCookie))))
    throw loginRedirect("paso-vencido", returnTo, { "Set-Cookie": clearSecondStep() });
  return {
    returnTo,
    passkeys: secondFactor.passkeysAvailable(new URL(request.url).origin),
    businessName: inbox.businessName(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { secondFactor } = requireHost(context).inbox;
  const form = await request.formData();
  const stepToken = readCookie(request, secondStepCookie);
  let result: FactorSignIn;
  if (form.get("intent") === "llave") {
    result = await secondFactor.finishWithPasskey({
      stepToken,
      origin: new URL(request.url).origin,
      ceremonyToken: readCookie(request, ceremonyCookie),
      response: passkeyAnswer(form),
    });
  } else {
    result = await secondFactor.finishWithCode(stepToken, String(form.get("codigo") ?? "").slice(0, 64));
  }
  if (result.outcome === "signed-in")
    return redirect(afterSignIn(form.get("volver")), { headers: signedInHeaders(request, result) });
  if (!(await secondFactor.secondStepValid(stepToken)))
    throw loginRedirect("paso-vencido", safeReturnPath(form.get("volver")), {
      "Set-Cookie": clearSecondStep(),
    });
  if (result.outcome === "throttled")
    return data(
      { error: codeWords.throttled(waitText(result.retryAfterSeconds)) },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  return data({ error: codeWords.rejected }, { status: 401 });
}

export default function SecondStep({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main
      id="contenido"
      tabIndex={-1}
      className="flex min-h-screen items-start justify-center px-4 py-12 outline-none md:items-center"
    >
      <div className="flex w-full max-w-md flex-col gap-6 rounded-xl border border-line bg-white p-6 sm:p-8">
        <h1 className="font-display text-3xl leading-tight font-semibold">{copy.title}</h1>
        <p className="text-ink-muted">{copy.lead}</p>
        <Problem text={actionData?.error} />
        {loaderData.passkeys && (
          <PasskeyButton purpose="verificar" intent="llave" fields={() => ({ volver: loaderData.returnTo })}>
            {copy.passkey}
          </PasskeyButton>
        )}
        <CodeForm intent="codigo" returnTo={loaderData.returnTo} />
      </div>
    </main>
  );
}
