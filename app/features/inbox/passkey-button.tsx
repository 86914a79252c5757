import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import { useState, useSyncExternalStore, type ReactNode } from "react";
import { useNavigate, useNavigation, useSubmit } from "react-router";

import { buttonStyles } from "../../components/button-styles.ts";
import { passkeyWords } from "../../content/es/inbox-security.ts";
import { inboxPaths } from "./paths.ts";

/**
 * A WebAuthn ceremony from a button: asks the server for options
 * (/bandeja/llave, which keeps the challenge), lets the browser and the
 * authenticator answer, and posts that answer to this page's action as
 * `respuesta`, with `intent` and any `fields`. Only inbox pages import this,
 * so the browser library never reaches a public page.
 */
export type PasskeyPurpose = "ingreso" | "verificar" | "confirmar" | "registro" | "primera-llave";

/** Whether the browser has WebAuthn never changes while the page is open. */
const unchanging = () => () => {};

export function PasskeyButton(props: {
  purpose: PasskeyPurpose;
  intent: string;
  children: ReactNode;
  /** Read when pressed: fields that travel with the answer (a passkey's name). */
  fields?: () => Record<string, string>;
  variant?: keyof typeof buttonStyles;
}) {
  const submit = useSubmit();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const supported = useSyncExternalStore(
    unchanging,
    () => typeof window.PublicKeyCredential === "function",
    // Unknown on the server: until hydration the button waits, disabled.
    () => undefined,
  );
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();

  async function run() {
    setProblem(undefined);
    setBusy(true);
    try {
      const body = new URLSearchParams({
        para: props.purpose,
        volver: location.pathname + location.search,
        // A passkey's name travels with the options too: a confirmation on the way keeps it.
        ...(props.purpose === "registro" ? { nombre: props.fields?.().nombre ?? "" } : {}),
      });
      const answer = await fetch(inboxPaths.passkeyOptions, { method: "POST", body });
      const reply = (await answer.json()) as { options?: unknown; confirmar?: string };
      if (reply.confirmar) {
        await navigate(reply.confirmar);
        return;
      }
      if (!reply.options) {
        setProblem(passkeyWords.unavailable);
        return;
      }
      const response =
        props.purpose === "registro" || props.purpose === "primera-llave"
          ? await startRegistration({ optionsJSON: reply.options as never })
          : await startAuthentication({ optionsJSON: reply.options as never });
      await submit(
        { intent: props.intent, respuesta: JSON.stringify(response), ...props.fields?.() },
        { method: "post" },
      );
    } catch {
      // The owner closed the browser's dialog, or no passkey was there.
      setProblem(passkeyWords.cancelled);
    } finally {
      setBusy(false);
    }
  }

  const working = busy || navigation.state === "submitting";
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className={buttonStyles[props.variant ?? "primary"]}
        disabled={supported !== true || working}
        onClick={() => void run()}
      >
        {working ? passkeyWords.working : props.children}
      </button>
      {supported === false && <p className="text-sm text-ink-muted">{passkeyWords.unsupported}</p>}
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
