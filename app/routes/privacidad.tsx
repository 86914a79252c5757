import type { Route } from "./+types/privacidad";
import { site } from "../config/site.ts";
import * as enLegal from "../content/en/legal.ts";
import * as en from "../content/en/privacidad.ts";
import * as esLegal from "../content/es/legal.ts";
import * as es from "../content/es/privacidad.ts";
import type { Translations } from "../content/types.ts";
import { useCopy } from "../lib/lang.ts";
import { buildMeta } from "../lib/seo/meta.ts";
import { langOf, pathIn, privacyPath } from "../site-map.ts";

const translations: Translations<typeof es> = { es, en };
const legal: Translations<typeof esLegal> = { es: esLegal, en: enLegal };

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOf(location.pathname);
  return buildMeta({ path: pathIn(lang, privacyPath), ...translations[lang].meta }, site);
};

/** The full privacy policy (Ley 25.326); each form's short notice and every footer link here. */
export default function Privacidad() {
  const { privacy } = useCopy(translations);
  const { authorityLegend, authorityLink } = useCopy(legal);
  return (
    <article aria-labelledby="titulo-pagina" className="container-page py-16 md:py-24">
      <div className="max-w-3xl">
        <p className="mb-4 text-sm font-semibold tracking-[0.16em] text-brass uppercase">{privacy.eyebrow}</p>
        <h1 id="titulo-pagina" className="font-display text-4xl leading-tight font-semibold md:text-6xl">
          {privacy.title}
        </h1>
        <p className="mt-6 text-lg leading-relaxed text-ink-muted">{privacy.lead}</p>
        <p className="mt-3 text-sm text-ink-muted">{privacy.updated}</p>

        {privacy.sections.map((section) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-titulo`}
            className="mt-12"
          >
            <h2
              id={`${section.id}-titulo`}
              className="font-display text-2xl font-semibold text-ink md:text-3xl"
            >
              {section.title}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-4 leading-relaxed text-ink">
                <WithEmailLinks text={paragraph} />
              </p>
            ))}
          </section>
        ))}

        <section id="organo-de-control" aria-labelledby="organo-de-control-titulo" className="mt-12">
          <h2
            id="organo-de-control-titulo"
            className="font-display text-2xl font-semibold text-ink md:text-3xl"
          >
            {privacy.authorityTitle}
          </h2>
          <div className="mt-4 rounded-xl border border-line bg-sand-50 p-6">
            {authorityLegend.map((paragraph) => (
              <p key={paragraph} className="mt-3 leading-relaxed text-ink first:mt-0">
                {paragraph}
              </p>
            ))}
            <p className="mt-3">
              <a href={authorityLink.href} className="font-medium text-water underline underline-offset-4">
                {authorityLink.label}
              </a>
            </p>
          </div>
        </section>
      </div>
    </article>
  );
}

/** The contact email, wherever the policy names it, is a link. */
function WithEmailLinks({ text }: { text: string }) {
  return text.split(site.email).flatMap((part, index) =>
    index === 0
      ? [part]
      : [
          <a
            key={index}
            href={`mailto:${site.email}`}
            className="inline-block max-w-full text-water underline underline-offset-4 [overflow-wrap:anywhere]"
          >
            {site.email}
          </a>,
          part,
        ],
  );
}
