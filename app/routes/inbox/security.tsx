import { useRef } from "react";
import { data, Form } from "react-router";

import type { Route } from "./+types/security";
import { buttonStyles } from "../../components/button-styles.ts";
import { waitText } from "../../content/es/inbox.ts";
import { codeWords, passkeyWords, security as copy } from "../../content/es/inbox-security.ts";
import { EditorNotice, RefusalAlert } from "../../features/inbox/editor-notices.tsx";
import { AuthenticatorSetup, RecoveryCodes } from "../../features/inbox/factor-forms.tsx";
import {
  confirmationState,
  isConfirmed,
  requireConfirmation,
  type ConfirmationNeed,
} from "../../features/inbox/fresh-confirmation.server.ts";
import { inboxPaths } from "../../features/inbox/paths.ts";
import { requireHost } from "../../features/inbox/host.ts";
import { InboxField } from "../../features/inbox/inbox-field.tsx";
import { inboxMeta } from "../../features/inbox/meta.ts";
import { passkeyAnswer } from "../../features/inbox/passkey-answer.ts";
import { PasskeyButton } from "../../features/inbox/passkey-button.tsx";
import { ceremonyCookie, readCookie, sessionCookie } from "../../features/inbox/session.server.ts";

/**
 * /bandeja/seguridad: the owner's passkeys, authenticator app and recovery
 * codes. Every change needs the password typed again in the last minutes and
 * a factor; removing one, new recovery codes and ending a «no fui yo» freeze
 * need a trusted factor (decision 0024). The codes are shown once, in the answer.
 */
export const meta: Route.MetaFunction = ({ matches }) => inboxMeta(copy.title, matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { secondFactor } = requireHost(context).inbox;
  const confirmed = isConfirmed(await confirmationState(request, context, "factores"));
  return {
    overview: await secondFactor.overview(),
    passkeys: secondFactor.passkeysAvailable(new URL(request.url).origin),
    // The pending secret is shown only to a confirmed owner: it is as good as the factor.
    pendingTotp: confirmed ? await secondFactor.pendingTotp() : undefined,
    // The passkey's name typed before the confirmation, back with the owner.
    passkeyName: new URL(request.url).searchParams.get("nombre")?.slice(0, 60) ?? "",
  };
}

/** What each change needs confirmed: adding, any factor; taking away or unfreezing, a trusted one. */
const needOf: Record<string, ConfirmationNeed> = {
  registrar: "factores",
  "totp-empezar": "factores",
  "totp-activar": "factores",
  quitar: "seguridad",
  "totp-quitar": "seguridad",
  codigos: "seguridad",
  descongelar: "descongelar",
};

type Answer = { notice?: string; error?: string; recoveryCodes?: string[] };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  await requireConfirmation(request, context, needOf[intent] ?? "seguridad");
  const { secondFactor } = requireHost(context).inbox;
  const session = readCookie(request, sessionCookie);
  const answer = (body: Answer, status = 200) => data(body, { status });
  switch (intent) {
    case "registrar": {
      const name = String(form.get("nombre") ?? "");
      const added = await secondFactor.registerPasskey({
        sessionToken: session,
        origin: new URL(request.url).origin,
        ceremonyToken: readCookie(request, ceremonyCookie),
        response: passkeyAnswer(form),
        name,
      });
      if (added.outcome !== "added") return answer({ error: copy.passkeys.failed }, 400);
      return answer({
        notice: copy.passkeys.added(name.trim() || "Llave de acceso"),
        recoveryCodes: added.recoveryCodes,
      });
    }
    case "quitar":
      if (!(await secondFactor.removePasskey(String(form.get("id") ?? ""))))
        return answer({ error: copy.lastFactor }, 409);
      return answer({ notice: copy.passkeys.removed });
    case "totp-empezar":
      await secondFactor.beginTotp();
      return answer({});
    case "totp-activar": {
      const enabled = await secondFactor.enableTotp(session, String(form.get("codigo") ?? "").slice(0, 64));
      if (enabled.outcome === "throttled")
        return answer({ error: codeWords.throttled(waitText(enabled.retryAfterSeconds)) }, 429);
      if (enabled.outcome !== "added") return answer({ error: copy.totp.rejected }, 400);
      return answer({ notice: copy.totp.enabledNow, recoveryCodes: enabled.recoveryCodes });
    }
    case "totp-quitar":
      if (!(await secondFactor.disableTotp())) return answer({ error: copy.lastFactor }, 409);
      return answer({ notice: copy.totp.disabled });
    case "codigos":
      return answer({ recoveryCodes: await secondFactor.regenerateRecoveryCodes() });
    case "descongelar":
      await secondFactor.unfreeze();
      return answer({ notice: copy.frozen.resolved });
    default:
      return answer({}, 400);
  }
}

const section = "flex flex-col gap-4 rounded-xl border border-line bg-white p-4 sm:p-6";

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const { overview, pendingTotp, passkeys } = loaderData;
  const nameInput = useRef<HTMLFormElement>(null);
  const hasFactor = overview.passkeys.length > 0 || overview.totpEnabled;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <h1 className="font-display text-3xl font-semibold md:text-4xl">{copy.title}</h1>
      <p className="text-ink-muted">{copy.lead}</p>
      <p className="font-semibold">{copy.status(hasFactor)}</p>
      {/* The answer is brought into view: the buttons sit far below it at 390 px. */}
      {actionData?.notice && <EditorNotice answer={actionData}>{actionData.notice}</EditorNotice>}
      {actionData?.error && (
        <RefusalAlert
          answer={actionData}
          className="rounded-md border border-red-700 bg-white px-4 py-3 text-red-700"
        >
          {actionData.error}
        </RefusalAlert>
      )}
      {actionData?.recoveryCodes && (
        <RecoveryCodes codes={actionData.recoveryCodes} next={inboxPaths.security} />
      )}
      {overview.frozenSinceText && (
        <section aria-labelledby="en-pausa" className={`${section} border-2 border-red-700`}>
          <h2 id="en-pausa" className="text-xl font-semibold">
            {copy.frozen.heading}
          </h2>
          <p>{copy.frozen.lead(overview.frozenSinceText)}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="descongelar" />
            <button type="submit" className={buttonStyles.primary}>
              {copy.frozen.resolve}
            </button>
          </Form>
        </section>
      )}

      <section aria-labelledby="llaves" className={section}>
        <h2 id="llaves" className="text-xl font-semibold">
          {copy.passkeys.heading}
        </h2>
        {overview.passkeys.length === 0 ? (
          <p className="text-ink-muted">{copy.passkeys.none}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {overview.passkeys.map((passkey) => (
              <li
                key={passkey.id}
                className="flex flex-col gap-2 border-b border-line pb-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div>
                  <p className="font-semibold break-words">{passkey.name}</p>
                  <p className="text-sm text-ink-muted">
                    {copy.passkeys.addedOn(passkey.addedText)} ·{" "}
                    {copy.passkeys.lastUsed(passkey.lastUsedText)}
                  </p>
                  {passkey.waitsUntilText && (
                    <p className="text-sm text-ink-muted">{copy.waits(passkey.waitsUntilText)}</p>
                  )}
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="quitar" />
                  <input type="hidden" name="id" value={passkey.id} />
                  <button
                    type="submit"
                    className={`${buttonStyles.secondary} text-red-700`}
                    aria-label={copy.passkeys.remove(passkey.name)}
                  >
                    {copy.passkeys.removeShort}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        {passkeys ? (
          <>
            <form
              // A new, empty field once a passkey was added.
              key={overview.passkeys.length}
              ref={nameInput}
              className="flex flex-col gap-4"
              onSubmit={(event) => event.preventDefault()}
            >
              <InboxField
                label={copy.passkeys.name}
                hint={copy.passkeys.nameHint}
                name="nombre"
                maxLength={60}
                defaultValue={loaderData.passkeyName}
              />
            </form>
            <PasskeyButton
              purpose="registro"
              intent="registrar"
              fields={() => ({
                nombre: String(new FormData(nameInput.current ?? undefined).get("nombre") ?? ""),
              })}
            >
              {copy.passkeys.add}
            </PasskeyButton>
          </>
        ) : (
          <p className="text-ink-muted">{passkeyWords.unavailable}</p>
        )}
      </section>

      <section aria-labelledby="app-codigos" className={section}>
        <h2 id="app-codigos" className="text-xl font-semibold">
          {copy.totp.heading}
        </h2>
        <p className="text-ink-muted">{copy.totp.lead}</p>
        {overview.totpEnabled ? (
          <>
            <p>{copy.totp.enabled}</p>
            {overview.totpWaitsUntilText && (
              <p className="text-sm text-ink-muted">{copy.waits(overview.totpWaitsUntilText)}</p>
            )}
            <Form method="post">
              <input type="hidden" name="intent" value="totp-quitar" />
              <button type="submit" className={`${buttonStyles.secondary} text-red-700`}>
                {copy.totp.disable}
              </button>
            </Form>
          </>
        ) : pendingTotp ? (
          <>
            <AuthenticatorSetup qrSvg={pendingTotp.qrSvg} secret={pendingTotp.secret} />
            <Form method="post" className="flex flex-col gap-4">
              <input type="hidden" name="intent" value="totp-activar" />
              <InboxField
                label={copy.totp.code}
                name="codigo"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]{6,7}"
                maxLength={7}
                required
              />
              <button type="submit" className={buttonStyles.primary}>
                {copy.totp.enable}
              </button>
            </Form>
          </>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="totp-empezar" />
            <button type="submit" className={buttonStyles.secondary}>
              {copy.totp.start}
            </button>
          </Form>
        )}
      </section>

      <section aria-labelledby="recuperacion" className={section}>
        <h2 id="recuperacion" className="text-xl font-semibold">
          {copy.recovery.heading}
        </h2>
        <p className="text-ink-muted">{copy.recovery.lead}</p>
        {hasFactor ? (
          <>
            <p>{copy.recovery.left(overview.recoveryCodesLeft)}</p>
            <Form method="post">
              <input type="hidden" name="intent" value="codigos" />
              <button type="submit" className={buttonStyles.secondary}>
                {copy.recovery.regenerate}
              </button>
            </Form>
          </>
        ) : (
          <p>{copy.recovery.none}</p>
        )}
      </section>
      <p className="text-sm text-ink-muted">{copy.lostEverything}</p>
    </div>
  );
}
