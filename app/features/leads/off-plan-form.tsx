import { useId, useMemo, useState, useSyncExternalStore } from "react";

import { useFormCopy } from "./form-copy.ts";
import { localizeForm } from "./forms/localize.ts";
import { offPlanForm } from "./forms/off-plan.ts";
import type { LeadValues } from "./forms/types.ts";
import { handOff, leadWhatsAppUrl, pushLeadEvent } from "./handoff.ts";
import { LeadForm } from "./lead-form.tsx";
import { submitUrl } from "./lead-service.ts";
import { forgetAnswers } from "./saved-answers.ts";
import { WhatsAppFallbackLink } from "./whatsapp-fallback-link.tsx";

/** A service that never answers must not leave the visitor waiting forever. */
const requestTimeoutMs = 15_000;

type Result =
  | { kind: "idle" | "sending" | "success" }
  | { kind: "error"; whatsappUrl: string }
  /** The service refused answers (422): its message, and one per field shown on the field. */
  | { kind: "invalid"; message: string; fields: Record<string, string> }
  | { kind: "handed-off"; refusedUrl: string | null };

const inlineSelector = 'form[data-lead-inline="off-plan"]';
const never = () => () => {};
const thisYear = () => new Date().getFullYear();
/** Hydration must match the prerendered options, so it starts from the year the HTML was built in. */
const builtYear = () =>
  typeof document === "undefined"
    ? thisYear()
    : Number(document.querySelector(inlineSelector)?.getAttribute("data-year")) || thisYear();

/**
 * The off-plan consultation of /comprar-en-pozo: a real form that posts to the
 * lead service without JavaScript. With JavaScript the same fields are posted
 * in the background; if that fails (rate limit, service down, offline), the
 * answers go by WhatsApp instead. A site without a lead service hands the
 * consultation to WhatsApp directly, like every other form.
 */
export function OffPlanForm({ page }: { page: string }) {
  const titleId = useId();
  const year = useSyncExternalStore(never, thisYear, builtYear);
  const { copy, lang } = useFormCopy();
  const { translateFieldText, messageOpening } = useFormCopy();
  const definition = useMemo(
    () => localizeForm(offPlanForm(year), lang, { translateFieldText, messageOpening }),
    [year, lang, translateFieldText, messageOpening],
  );
  const [result, setResult] = useState<Result>({ kind: "idle" });
  const action = submitUrl(definition.id);

  async function post(url: string, values: LeadValues, form: HTMLFormElement) {
    const body = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (typeof value === "string") body.append(name, value);
    const whatsappUrl = leadWhatsAppUrl(definition, values);
    setResult({ kind: "sending" });
    try {
      const response = await fetch(url, {
        method: "POST",
        mode: "cors",
        body,
        headers: { Accept: "application/json" },
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      if (response.status === 422) {
        const answer = (await response.json()) as { error?: string; fields?: Record<string, string> };
        // Nothing is emptied: the visitor corrects the marked answers and sends again.
        setResult({ kind: "invalid", message: answer.error ?? "", fields: answer.fields ?? {} });
        return;
      }
      if (!response.ok) throw new Error(`El servicio respondió ${response.status}`);
      pushLeadEvent(definition.id);
      forgetAnswers(definition.id);
      // Emptied in place, not remounted: the focus and the status live region stay where they are.
      form.reset();
      setResult({ kind: "success" });
    } catch {
      setResult({ kind: "error", whatsappUrl });
    }
  }

  function submit(values: LeadValues, form: HTMLFormElement) {
    if (action) {
      void post(action, values, form);
      return;
    }
    const { opened, url } = handOff(definition, values, form);
    setResult({ kind: "handed-off", refusedUrl: opened ? null : url });
  }

  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-line bg-white p-5 sm:p-8">
      <h2 id={titleId} className="font-display text-3xl leading-tight font-semibold text-ink md:text-4xl">
        {definition.title}
      </h2>
      {definition.description && <p className="mt-2 mb-6 text-ink-muted">{definition.description}</p>}
      <LeadForm
        data-lead-inline={definition.id}
        data-year={year}
        aria-labelledby={titleId}
        definition={definition}
        page={page}
        onValues={submit}
        submitLabel={action ? copy.offPlanSubmit : copy.submitWhatsApp}
        opensWhatsApp={!action}
        pendingLabel={result.kind === "sending" ? copy.offPlanSending : null}
        problems={result.kind === "invalid" ? result.fields : undefined}
        status={
          <>
            <div role="status">
              {result.kind === "success" && (
                <p className="rounded-md border border-line bg-sand-50 p-4 font-medium text-ink">
                  {copy.offPlanSuccess}
                </p>
              )}
              {result.kind === "handed-off" && (
                <div className="flex flex-col items-start gap-3 rounded-md border border-line bg-sand-50 p-4">
                  <p className="font-medium text-ink">{copy.offPlanHandedOff}</p>
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
              {result.kind === "invalid" && (
                <p className="rounded-md border border-red-700/30 bg-red-50 p-4 font-medium text-red-800">
                  {result.message}
                </p>
              )}
              {result.kind === "error" && (
                <div className="flex flex-col items-start gap-3 rounded-md border border-red-700/30 bg-red-50 p-4">
                  <p className="font-medium text-red-800">{copy.offPlanError}</p>
                  <WhatsAppFallbackLink
                    href={result.whatsappUrl}
                    onClick={() => {
                      forgetAnswers(definition.id);
                      pushLeadEvent(definition.id);
                    }}
                  >
                    {copy.submitWhatsApp}
                  </WhatsAppFallbackLink>
                </div>
              )}
            </div>
          </>
        }
      />
    </section>
  );
}
