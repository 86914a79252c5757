import { useRef } from "react";
import { data, Form } from "react-router";

import type { Route } from "./+types/security";
import { buttonStyles } from "../../components/button-styles.ts";
import { waitText } from "../../content/es/inbox.ts";
import { codeWords, passkeyWords, security as copy } from "../../content/es/inbox-security.ts";
import { EditorNotice, RefusalAlert } from "../../features/inbox/editor-notices.tsx";
import { AuthenticatorSetup, RecoveryCodes } from "../../features/inbox/factor-forms.tsx";
import {
  requireConfirmation,
  type ConfirmationNeed,
} from "../../features/inbox/fresh-confirmation.server.ts";
import { inboxPaths } from "../../features/inbox/paths.ts";
import { requireHost } from "../../features/inbox/host.ts";
import { InboxField } from "../../features/inbox/inbox-field.tsx";
import { inboxMeta } from "../../features/inbox/meta.ts";
import { passkeyAnswer } from "../../features/inbox/passkey-answer.ts";
import { PasskeyButton } from "../../features/inbox/passkey-button.tsx";
import type { TotpEnrolment } from "../../features/inbox/second-factor.ts";
import { ceremonyCookie, readCookie, sessionCookie } from "../../features/inbox/session.server.ts";

/**
 * /bandeja/seguridad: the owner's passkeys, authenticator apps and recovery
 * codes. Every change needs the password typed again in the last minutes and
 * a factor; removing one, new recovery codes and ending a «no fui yo» freeze
 * need a trusted factor (decision 0024). A new app is added beside the others
 * (decision 0035). The codes, and a new app's secret, are shown once, in the
 * answer to whoever asked: never in the page's data.
 */
export const meta: Route.MetaFunction = ({ matches }) => inboxMeta(copy.title, matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { secondFactor } = requireHost(context).inbox;
  return {
    overview: await secondFactor.overview(),
    passkeys: secondFactor.passkeysAvailable(new URL(request.url).origin),
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

type Answer = {
  notice?: string;
  error?: string;
  recoveryCodes?: string[];
  /** The recovery codes replace earlier ones («Generar códigos nuevos»), not the first ones. */
  replaced?: boolean;
  /** A new app's secret, only in the answer to the session that drew it. */
  enrolment?: TotpEnrolment;
};

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
      if (!(await secondFactor.removePasskey(session, String(form.get("id") ?? ""))))
        return answer({ error: copy.lastFactor }, 409);
      return answer({ notice: copy.passkeys.removed });
    case "totp-empezar":
      return answer({ enrolment: await secondFactor.beginTotp(session) });
    case "totp-activar": {
      const enabled = await secondFactor.enableTotp(session, String(form.get("codigo") ?? "").slice(0, 64));
      // After a wrong code, the same secret again, to the session that drew it only.
      const again = async () => ({ enrolment: await secondFactor.pendingTotp(session) });
      if (enabled.outcome === "throttled")
        return answer(
          { error: codeWords.throttled(waitText(enabled.retryAfterSeconds)), ...(await again()) },
          429,
        );
      if (enabled.outcome !== "added") return answer({ error: copy.totp.rejected, ...(await again()) }, 400);
      return answer({ notice: copy.totp.enabledNow, recoveryCodes: enabled.recoveryCodes });
    }
    case "totp-quitar":
      if (!(await secondFactor.disableTotp(session, Number(form.get("id")))))
        return answer({ error: copy.lastFactor }, 409);
      return answer({ notice: copy.totp.disabled });
    case "codigos":
      return answer({ recoveryCodes: await secondFactor.regenerateRecoveryCodes(), replaced: true });
    case "descongelar":
      await secondFactor.unfreeze(session);
      return answer({ notice: copy.frozen.resolved });
    default:
      return answer({}, 400);
  }
}

const section = "flex flex-col gap-4 rounded-xl border border-line bg-white p-4 sm:p-6";

export default function Security({ loaderData, actionData }: Route.ComponentProps) {
  const { overview, passkeys } = loaderData;
  const enrolment = actionData?.enrolment;
  const nameInput = useRef<HTMLFormElement>(null);
  const hasFactor = overview.passkeys.length > 0 || overview.apps.length > 0;
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
        <RecoveryCodes
          codes={actionData.recoveryCodes}
          next={inboxPaths.security}
          replaced={actionData.replaced ?? false}
        />
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
        {overview.apps.length > 0 && (
          <ul className="flex flex-col gap-3">
            {overview.apps.map((app) => (
              <li
                key={app.id}
                className="flex flex-col gap-2 border-b border-line pb-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div>
                  <p className="font-semibold">{copy.totp.app(app.addedText)}</p>
                  <p className="text-sm text-ink-muted">{copy.totp.enabled}</p>
                  {app.waitsUntilText && (
                    <p className="text-sm text-ink-muted">{copy.waits(app.waitsUntilText)}</p>
                  )}
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="totp-quitar" />
                  <input type="hidden" name="id" value={app.id} />
                  <button
                    type="submit"
                    className={`${buttonStyles.secondary} text-red-700`}
                    aria-label={copy.totp.disable(app.addedText)}
                  >
                    {copy.totp.disableShort}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        {enrolment ? (
          <>
            <AuthenticatorSetup qrSvg={enrolment.qrSvg} secret={enrolment.secret} uri={enrolment.uri} />
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
          <>
            {overview.apps.length > 0 && <p className="text-sm text-ink-muted">{copy.totp.besideOthers}</p>}
            <Form method="post">
              <input type="hidden" name="intent" value="totp-empezar" />
              <button type="submit" className={buttonStyles.secondary}>
                {overview.apps.length > 0 ? copy.totp.startAnother : copy.totp.start}
              </button>
            </Form>
          </>
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
