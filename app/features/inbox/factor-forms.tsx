import { Form, Link } from "react-router";

import { buttonStyles } from "../../components/button-styles.ts";
import { codeWords, recoveryShown, security as securityWords } from "../../content/es/inbox-security.ts";
import { InboxField } from "./inbox-field.tsx";

/** An authenticator code or a recovery code, typed: the sign-in's second step and the confirmation share it. */
export function CodeForm(props: { intent: string; returnTo?: string; submitLabel?: string }) {
  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value={props.intent} />
      {props.returnTo && <input type="hidden" name="volver" value={props.returnTo} />}
      <InboxField
        label={codeWords.label}
        hint={codeWords.hint}
        name="codigo"
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        required
        maxLength={24}
      />
      <button type="submit" className={buttonStyles.secondary}>
        {props.submitLabel ?? codeWords.submit}
      </button>
    </Form>
  );
}

/** A problem the owner must read first, announced. */
export function Problem({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <p role="alert" className="rounded-md border border-red-700 bg-white px-4 py-3 text-red-700">
      {text}
    </p>
  );
}

/** A line that says what just happened, announced. */
export function Notice({ text }: { text: string | undefined }) {
  if (!text) return null;
  return (
    <p role="status" className="rounded-md border border-line bg-sand-50 px-4 py-3">
      {text}
    </p>
  );
}

/**
 * The ten recovery codes, shown once: printed, downloaded as a text file, or
 * written down; «Ya los guardé» goes on to `next` (the page without them).
 * `replaced`: they replace earlier ones (not the first codes, which replace nothing).
 */
export function RecoveryCodes({
  codes,
  next,
  replaced,
}: {
  codes: string[];
  next: string;
  replaced: boolean;
}) {
  const file = `${recoveryShown.fileHeading}\n\n${codes.join("\n")}\n`;
  return (
    <section
      aria-labelledby="codigos-nuevos"
      className="recovery-codes rounded-xl border-2 border-ink bg-white p-4 sm:p-6"
    >
      <h2 id="codigos-nuevos" className="text-xl font-semibold">
        {securityWords.recovery.heading}
      </h2>
      <p className="mt-2">{securityWords.recovery.shownOnce(replaced)}</p>
      <ol
        aria-label={securityWords.recovery.listLabel}
        className="mt-4 grid grid-cols-1 gap-2 font-mono text-lg sm:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row print:hidden">
        <button type="button" className={buttonStyles.secondary} onClick={() => window.print()}>
          {recoveryShown.print}
        </button>
        <a
          className={buttonStyles.secondary}
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
          download={recoveryShown.fileName}
        >
          {recoveryShown.download}
        </a>
        <Link to={next} className={buttonStyles.primary}>
          {recoveryShown.saved}
        </Link>
      </div>
    </section>
  );
}

/**
 * The authenticator's enrolment: its QR code, the `otpauth://` link for the app on the phone that
 * shows the page (a QR code cannot be scanned by the phone displaying it), and the secret to type
 * by hand (first sign-in and Seguridad).
 */
export function AuthenticatorSetup({ qrSvg, secret, uri }: { qrSvg: string; secret: string; uri: string }) {
  return (
    <>
      <p>{securityWords.totp.scan}</p>
      <img
        src={`data:image/svg+xml;base64,${btoa(qrSvg)}`}
        alt={securityWords.totp.qrAlt}
        width={232}
        height={232}
        className="self-start border border-line"
      />
      <p>
        <a href={uri} className={buttonStyles.secondary} data-totp-link>
          {securityWords.totp.openInApp}
        </a>
      </p>
      <p>
        {securityWords.totp.secret}:{" "}
        <code className="font-mono text-lg break-all" data-totp-secret>
          {secret}
        </code>
      </p>
    </>
  );
}
