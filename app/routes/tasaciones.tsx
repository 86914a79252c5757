import type { Route } from "./+types/tasaciones";
import { buttonStyles } from "../components/button-styles.ts";
import { CallToAction } from "../components/call-to-action.tsx";
import { CardSection, StepSection } from "../components/card-section.tsx";
import { PageHero } from "../components/page-hero.tsx";
import { StatList } from "../components/stat-list.tsx";
import { site } from "../config/site.ts";
import * as en from "../content/en/tasaciones.ts";
import * as es from "../content/es/tasaciones.ts";
import type { Translations } from "../content/types.ts";
import { useCopy } from "../lib/lang.ts";
import { LeadButton } from "../features/leads/markup/lead-button.tsx";
import { LeadFormSection } from "../features/leads/markup/lead-form-section.tsx";
import { service as serviceLd } from "../lib/seo/json-ld.ts";
import { buildMeta } from "../lib/seo/meta.ts";
import { langOf, pathIn } from "../site-map.ts";
import { PropertyTypeCatalogue } from "./sections/property-type-catalogue.tsx";

const translations: Translations<typeof es> = { es, en };

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOf(location.pathname);
  const { meta: copy, service } = translations[lang];
  const path = pathIn(lang, "/tasaciones");
  return buildMeta(
    { path, ...copy, jsonLd: serviceLd(site, { path, ...service, description: copy.description }) },
    site,
  );
};

export default function Tasaciones() {
  const { closing, differentiators, hero, strategy, typesSection } = useCopy(translations);
  return (
    <>
      <PageHero
        {...hero}
        actions={
          <LeadButton form="sale" className={buttonStyles.primary}>
            {hero.cta}
          </LeadButton>
        }
        aside={<StatList stats={hero.stats} className="grid-cols-3 lg:grid-cols-1" />}
      />
      <PropertyTypeCatalogue id="tipos" copy={typesSection} form="sale" buttonLabel={typesSection.button} />
      <StepSection id="estrategia" copy={strategy} steps={strategy.steps} tone="tint" />
      <CardSection id="diferenciales" copy={differentiators} items={differentiators.items} columns={4} />
      <CallToAction
        id="cierre-titulo"
        title={closing.title}
        intro={closing.intro}
        action={
          <LeadButton form="sale" className={buttonStyles.onDark}>
            {closing.button}
          </LeadButton>
        }
      />
      <LeadFormSection form="sale" />
    </>
  );
}
