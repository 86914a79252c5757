import { useId } from "react";

import { site } from "../../../config/site.ts";
import { whatsAppChatUrl } from "../../../lib/whatsapp.ts";
import { useFormCopy } from "./form-copy.ts";
import { localizeForm } from "../forms/localize.ts";
import { offPlanForm } from "../forms/off-plan.ts";
import { LeadForm } from "./lead-form.tsx";
import { submitUrl } from "../service-url.ts";
import { WhatsAppFallbackLink } from "./whatsapp-fallback-link.tsx";
import { formAttributes, shownIn } from "../../../lib/form-protocol.ts";

const statusPanel = "flex flex-col items-start gap-3 rounded-md border border-line bg-sand-50 p-4";

/**
 * The off-plan consultation of /comprar-en-pozo: a real form that posts to the
 * lead service without JavaScript. With JavaScript (lead-island.ts) the same
 * fields are posted in the background; answers the service refuses (422) are
 * marked on their fields; if the post fails (rate limit, service down,
 * offline), the answers go by WhatsApp instead. A site without a lead service
 * hands the consultation to WhatsApp directly, like every other form. Each
 * state's words are in the HTML, hidden (`data-show`); the island shows one.
 * The years offered are those of the build (rebuilt with every release).
 */
export function OffPlanForm({ page }: { page: string }) {
  const titleId = useId();
  const year = new Date().getFullYear();
  const { copy, lang, translateFieldText, messageOpening } = useFormCopy();
  const definition = localizeForm(offPlanForm(year), lang, { translateFieldText, messageOpening });
  const action = submitUrl(definition.id, site);
  const chat = whatsAppChatUrl(site.whatsappNumber);

  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-line bg-white p-5 sm:p-8">
      <h2 id={titleId} className="font-display text-3xl leading-tight font-semibold text-ink md:text-4xl">
        {definition.title}
      </h2>
      {definition.description && <p className="mt-2 mb-6 text-ink-muted">{definition.description}</p>}
      <LeadForm
        {...{ [formAttributes.inline]: definition.id, [formAttributes.posts]: action ? "" : undefined }}
        aria-labelledby={titleId}
        definition={definition}
        page={page}
        submitLabel={action ? copy.offPlanSubmit : copy.submitWhatsApp}
        opensWhatsApp={!action}
        pendingLabel={action ? copy.offPlanSending : undefined}
        status={
          <>
            <div role="status">
              <p {...shownIn("success")} className={`${statusPanel} font-medium text-ink`}>
                {copy.offPlanSuccess}
              </p>
              <div {...shownIn("handed-off")} className={statusPanel}>
                <p className="font-medium text-ink">{copy.offPlanHandedOff}</p>
                <WhatsAppFallbackLink {...shownIn("refused")} href={chat}>
                  {copy.openWhatsApp}
                </WhatsAppFallbackLink>
              </div>
            </div>
            <div role="alert">
              {/* The service's own message (its words, in the page's language) goes in here. */}
              <p
                {...shownIn("invalid")}
                className="rounded-md border border-red-700/30 bg-red-50 p-4 font-medium text-red-800"
              />
              <div
                {...shownIn("error")}
                className="flex flex-col items-start gap-3 rounded-md border border-red-700/30 bg-red-50 p-4"
              >
                <p className="font-medium text-red-800">{copy.offPlanError}</p>
                <WhatsAppFallbackLink href={chat}>{copy.submitWhatsApp}</WhatsAppFallbackLink>
              </div>
            </div>
          </>
        }
      />
    </section>
  );
}
