import { Form } from "react-router";

import { buttonStyles } from "../../components/button-styles.ts";
import { codeWords } from "../../content/es/inbox-security.ts";
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
