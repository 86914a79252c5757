import { useEffect, useId, useRef, useState } from "react";

import { useFormCopy, useLocalForm } from "./form-copy.ts";
import type { FormDefinition, LeadValues } from "./forms/types.ts";
import { handOff } from "./handoff.ts";
import { LeadForm } from "./lead-form.tsx";
import { forgetAnswers } from "./saved-answers.ts";
import { WhatsAppFallbackLink } from "./whatsapp-fallback-link.tsx";

/** How long the "Enviando solicitud..." state shows (spec: 2000 ms). Visual only. */
export const sendingMs = 2000;

type Result =
  | { kind: "idle" }
  | { kind: "sending" | "success"; refusedUrl: string | null; sequence: number }
  | { kind: "error" };

/**
 * A WhatsApp form inside its page: the express online form of
 * /tasaciones-online, each modal page's own copy of its form, and the
 * apartment form of each tower page (its tower preselected). WhatsApp
 * opens inside the submit itself; the sending state that follows (the spec's
 * express online behaviour) is only feedback.
 */
type InlineWhatsAppFormProps = {
  definition: FormDefinition;
  /** The path of the page the form is on (recorded with the lead). */
  page: string;
  /** Value of the definition's preset field, in the HTML from the start (a tower's page preselects it). */
  preset?: string;
  /** Heading and intro; default: the definition's own. */
  title?: string;
  description?: string;
};

export function InlineWhatsAppForm({
  definition: spanishDefinition,
  page,
  preset,
  title: ownTitle,
  description: ownDescription,
}: InlineWhatsAppFormProps) {
  const definition = useLocalForm(spanishDefinition);
  const title = ownTitle ?? definition.title;
  const description = ownDescription ?? definition.description;
  const { copy } = useFormCopy();
  const titleId = useId();
  const [result, setResult] = useState<Result>({ kind: "idle" });
  // The submit whose recording failed: its success state says only WhatsApp carries the request.
  const [notRecorded, setNotRecorded] = useState<number | null>(null);
  const submits = useRef(0);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function submit(values: LeadValues, form: HTMLFormElement) {
    window.clearTimeout(timer.current);
    try {
      const { opened, url, recorded } = handOff(definition, values, form);
      const refusedUrl = opened ? null : url;
      const sequence = ++submits.current;
      setResult({ kind: "sending", refusedUrl, sequence });
      timer.current = window.setTimeout(
        () => setResult({ kind: "success", refusedUrl, sequence }),
        sendingMs,
      );
      void recorded.then((stored) => {
        if (!stored) setNotRecorded(sequence);
      });
    } catch {
      setResult({ kind: "error" });
    }
  }

  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-line bg-white p-5 sm:p-8">
      <h2 id={titleId} className="font-display text-3xl leading-tight font-semibold text-ink md:text-4xl">
        {title}
      </h2>
      {description && <p className="mt-2 mb-6 text-ink-muted">{description}</p>}
      <LeadForm
        data-lead-inline={definition.id}
        aria-labelledby={titleId}
        definition={definition}
        preset={preset}
        page={page}
        onValues={submit}
        pendingLabel={result.kind === "sending" ? copy.sending : null}
        status={
          <>
            <div role="status">
              {result.kind === "success" && (
                <div className="flex flex-col items-start gap-3 rounded-md border border-line bg-sand-50 p-4">
                  <p className="font-medium text-ink">{copy.expressSuccess}</p>
                  {notRecorded === result.sequence && (
                    <p data-not-recorded className="font-medium text-red-800">
                      {copy.notRecorded}
                    </p>
                  )}
                  {result.refusedUrl && (
                    <WhatsAppFallbackLink
                      href={result.refusedUrl}
                      onClick={() => forgetAnswers(definition.id)}
                    >
                      {copy.openWhatsApp}
                    </WhatsAppFallbackLink>
                  )}
                </div>
              )}
            </div>
            <div role="alert">
              {result.kind === "error" && (
                <p className="rounded-md border border-red-700/30 bg-red-50 p-4 font-medium text-red-800">
                  {copy.expressError}
                </p>
              )}
            </div>
          </>
        }
      />
    </section>
  );
}
