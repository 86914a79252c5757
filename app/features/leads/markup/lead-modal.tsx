import { CircleCheck, X } from "lucide-react";
import { useId } from "react";

import { buttonStyles } from "../../../components/button-styles.ts";
import { site } from "../../../config/site.ts";
import { whatsAppChatUrl } from "../../../lib/whatsapp.ts";
import { useFormCopy, useLocalForm } from "./form-copy.ts";
import type { ModalFormId } from "../forms/catalogue.ts";
import { modalForms } from "./form-registry.ts";
import { formPages } from "./form-pages.ts";
import { LeadForm } from "./lead-form.tsx";
import { useLocalPath } from "../../../lib/lang.ts";
import { WhatsAppFallbackLink } from "./whatsapp-fallback-link.tsx";
import { formAttributes, shownIn, type FormState } from "../../../lib/form-protocol.ts";

/**
 * A lead form's modal, as an inert <template> the island (lead-island.ts)
 * clones into the page when an opener is tapped: a native modal dialog (the
 * page behind is inert and does not scroll), Tab cycles inside, Escape /
 * Cancelar / the close icon close it, and focus returns to the opener. The
 * build keeps only the templates of the forms the page's openers open
 * (scripts/build/islands.ts). Next to the dialog, the notice the page shows
 * when the service did not store a request the modal handed to WhatsApp.
 */
export function LeadModalTemplate({ form }: { form: ModalFormId }) {
  const definition = useLocalForm(modalForms[form]);
  const { copy } = useFormCopy();
  const titleId = useId();
  // Recorded with the lead: the page the opener was on is what the service gets (the island sets it).
  const page = useLocalPath()(formPages(form));

  return (
    <template {...{ [formAttributes.modalTemplate]: form }}>
      <div
        role="alert"
        {...shownIn("not-recorded")}
        className="fixed inset-x-2 bottom-2 z-50 mx-auto flex max-w-xl items-start gap-3 rounded-md border border-red-700/30 bg-red-50 p-4 text-red-800 shadow-xl"
      >
        <p className="font-medium">{copy.notRecorded}</p>
        <button type="button" {...{ [formAttributes.dismiss]: "" }} className="shrink-0 underline">
          {copy.close}
        </button>
      </div>
      <dialog
        aria-labelledby={titleId}
        className="m-auto max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-2xl flex-col overflow-hidden rounded-xl bg-white p-0 text-ink shadow-xl backdrop:bg-ink-deep/70 open:flex"
      >
        {/* Only the body scrolls: a field scrolled into view never hides under the title bar. */}
        <div className="flex shrink-0 items-start justify-between gap-4 border-b border-line bg-white px-5 py-4">
          <div>
            <h2 id={titleId} className="font-display text-2xl font-semibold text-ink">
              {definition.title}
            </h2>
            {definition.description && (
              <p className="mt-1 text-sm text-ink-muted">{definition.description}</p>
            )}
          </div>
          <button
            type="button"
            aria-label={copy.close}
            {...{ [formAttributes.close]: "" }}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-ink-muted hover:bg-sand-50"
          >
            <X aria-hidden="true" className="size-6" />
          </button>
        </div>
        <div className="overflow-y-auto overscroll-contain px-5 py-5">
          <div role="status">
            <div {...shownIn("refused")} className="flex flex-col items-start gap-3">
              <CircleCheck aria-hidden="true" className="size-8 text-water" />
              <h3 className="text-lg font-semibold">{copy.readyTitle}</h3>
              <p className="text-ink-muted">{copy.readyText}</p>
              <p {...shownIn("not-recorded")} className="font-medium text-red-800">
                {copy.notRecorded}
              </p>
              <div className="flex w-full flex-col gap-3 sm:flex-row">
                <WhatsAppFallbackLink href={whatsAppChatUrl(site.whatsappNumber)}>
                  {copy.openWhatsApp}
                </WhatsAppFallbackLink>
                <button type="button" {...{ [formAttributes.close]: "" }} className={buttonStyles.secondary}>
                  {copy.close}
                </button>
              </div>
            </div>
          </div>
          <LeadForm
            aria-labelledby={titleId}
            {...{ [formAttributes.show]: "form" satisfies FormState }}
            definition={definition}
            page={page}
            actions={
              <button type="button" {...{ [formAttributes.close]: "" }} className={buttonStyles.secondary}>
                {copy.cancel}
              </button>
            }
          />
        </div>
      </dialog>
    </template>
  );
}
