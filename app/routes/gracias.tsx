import { MessageCircle } from "lucide-react";
import { Link } from "react-router";

import type { Route } from "./+types/gracias";
import { buttonStyles } from "../components/button-styles.ts";
import { StepList } from "../components/step-list.tsx";
import { site } from "../config/site.ts";
import * as en from "../content/en/gracias.ts";
import * as es from "../content/es/gracias.ts";
import type { Translations } from "../content/types.ts";
import { useCopy, useLocalPath } from "../lib/lang.ts";
import { whatsAppChatUrl } from "../lib/whatsapp.ts";
import { buildMeta } from "../lib/seo/meta.ts";
import { langOf, pathIn, thanksPath } from "../site-map.ts";

const translations: Translations<typeof es> = { es, en };

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOf(location.pathname);
  return buildMeta({ path: pathIn(lang, thanksPath), ...translations[lang].meta, noindex: true }, site);
};

/**
 * The thank-you page a form posted without JavaScript ends on. The link below
 * is the plain chat (what a static host shows); the lead service, serving
 * /gracias?envio={id} for a WhatsApp form's lead, fills in the composed
 * message in its href (the data-handoff-link attribute marks it).
 */
export default function Gracias() {
  const { thanks } = useCopy(translations);
  const localPath = useLocalPath();
  return (
    <section aria-labelledby="titulo-pagina" className="container-page py-16 md:py-24">
      <p className="mb-4 text-sm font-semibold tracking-[0.16em] text-brass uppercase">{thanks.eyebrow}</p>
      <h1 id="titulo-pagina" className="font-display text-4xl leading-tight font-semibold md:text-6xl">
        {thanks.title}
      </h1>
      <p className="mt-6 max-w-2xl text-lg leading-relaxed text-ink-muted">{thanks.lead}</p>

      <h2 className="mt-14 mb-8 font-display text-2xl font-semibold text-ink md:text-3xl">
        {thanks.nextTitle}
      </h2>
      <StepList steps={thanks.steps} />

      <div className="mt-14 flex max-w-2xl flex-col items-start gap-4 rounded-xl border border-line bg-sand-50 p-6 sm:p-8">
        <h2 className="font-display text-2xl font-semibold text-ink">{thanks.whatsappTitle}</h2>
        <p className="leading-relaxed text-ink-muted">{thanks.whatsappText}</p>
        <a
          data-handoff-link=""
          href={whatsAppChatUrl(site.whatsappNumber)}
          target="_blank"
          rel="noopener noreferrer"
          className={`${buttonStyles.whatsapp} px-7 text-lg`}
        >
          <MessageCircle aria-hidden="true" focusable="false" className="size-5 shrink-0" strokeWidth={2} />
          <span>{thanks.whatsappButton}</span>
          <span className="sr-only">({thanks.whatsappHint})</span>
        </a>
      </div>

      <Link to={localPath("/")} className={`${buttonStyles.secondary} mt-10`}>
        {thanks.home}
      </Link>
    </section>
  );
}
