import type { Route } from "./+types/comprar-en-pozo";
import { buttonStyles } from "../components/button-styles.ts";
import { CallToAction } from "../components/call-to-action.tsx";
import { CardSection, StepSection } from "../components/card-section.tsx";
import { PageHero } from "../components/page-hero.tsx";
import { StatList } from "../components/stat-list.tsx";
import { WhatsAppLink } from "../components/whatsapp-link.tsx";
import { site } from "../config/site.ts";
import * as en from "../content/en/comprar-en-pozo.ts";
import * as es from "../content/es/comprar-en-pozo.ts";
import type { Translations } from "../content/types.ts";
import { useCopy, useLocalPath } from "../lib/lang.ts";
import { OffPlanForm } from "../features/leads/markup/off-plan-form.tsx";
import { service as serviceLd } from "../lib/seo/json-ld.ts";
import { buildMeta } from "../lib/seo/meta.ts";
import { useSiteCopy } from "../lib/site-copy.tsx";
import { langOf, pathIn } from "../site-map.ts";

const translations: Translations<typeof es> = { es, en };

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOf(location.pathname);
  const { meta: copy, service } = translations[lang];
  const path = pathIn(lang, "/comprar-en-pozo");
  return buildMeta(
    { path, ...copy, jsonLd: serviceLd(site, { path, ...service, description: copy.description }) },
    site,
  );
};

export default function ComprarEnPozo() {
  const { benefits, closing, hero, heroStats, process } = useCopy(translations);
  const path = useLocalPath()("/comprar-en-pozo");
  const { whatsappTexts } = useSiteCopy().common;
  return (
    <>
      <PageHero
        {...hero}
        actions={
          <a href="#consulta" className={buttonStyles.primary}>
            {hero.cta}
          </a>
        }
        aside={<StatList stats={heroStats} className="grid-cols-2 lg:grid-cols-1" />}
      />
      <CardSection id="beneficios" copy={benefits} items={benefits.items} columns={4} />
      {/* The form brings its own heading. */}
      <div id="consulta" className="bg-sand-50 py-16 md:py-24">
        <div className="container-page">
          <div className="mx-auto max-w-3xl">
            <OffPlanForm page={path} />
          </div>
        </div>
      </div>
      <StepSection id="proceso" copy={process} steps={process.steps} />
      <CallToAction
        id="cierre-titulo"
        title={closing.title}
        intro={closing.intro}
        action={
          <WhatsAppLink
            text={whatsappTexts.offPlanAdvice}
            hint={closing.hint}
            className={`${buttonStyles.whatsapp} px-7 text-lg`}
          >
            {closing.button}
          </WhatsAppLink>
        }
      />
    </>
  );
}
