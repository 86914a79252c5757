import { useId } from "react";

import { site } from "../../../config/site.ts";
import { whatsAppChatUrl } from "../../../lib/whatsapp.ts";
import { useFormCopy, useLocalForm } from "./form-copy.ts";
import type { FormDefinition } from "../forms/types.ts";
import { LeadForm } from "./lead-form.tsx";
import { WhatsAppFallbackLink } from "./whatsapp-fallback-link.tsx";
import { formAttributes, shownIn } from "../../../lib/form-protocol.ts";

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

/**
 * A WhatsApp form inside its page: the express online form of
 * /tasaciones-online, each modal page's own copy of its form, and the
 * apartment form of each tower page (its tower preselected). WhatsApp
 * opens inside the submit itself (lead-island.ts); the 2-second sending state
 * that follows (the spec's express online behaviour) is only feedback. Each
 * state's words are in the HTML, hidden (`data-show`), and the island shows
 * the one that applies.
 */
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

  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-line bg-white p-5 sm:p-8">
      <h2 id={titleId} className="font-display text-3xl leading-tight font-semibold text-ink md:text-4xl">
        {title}
      </h2>
      {description && <p className="mt-2 mb-6 text-ink-muted">{description}</p>}
      <LeadForm
        {...{ [formAttributes.inline]: definition.id }}
        aria-labelledby={titleId}
        definition={definition}
        preset={preset}
        page={page}
        pendingLabel={copy.sending}
        status={
          <>
            <div role="status">
              <div
                {...shownIn("success")}
                className="flex flex-col items-start gap-3 rounded-md border border-line bg-sand-50 p-4"
              >
                <p className="font-medium text-ink">{copy.expressSuccess}</p>
                <p {...shownIn("not-recorded")} className="font-medium text-red-800">
                  {copy.notRecorded}
                </p>
                <WhatsAppFallbackLink {...shownIn("refused")} href={whatsAppChatUrl(site.whatsappNumber)}>
                  {copy.openWhatsApp}
                </WhatsAppFallbackLink>
              </div>
            </div>
            <div role="alert">
              <p
                {...shownIn("error")}
                className="rounded-md border border-red-700/30 bg-red-50 p-4 font-medium text-red-800"
              >
                {copy.expressError}
              </p>
            </div>
          </>
        }
      />
    </section>
  );
}
