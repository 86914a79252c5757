import type { Route } from "./+types/tasar-propiedades";
import { buttonStyles } from "../components/button-styles.ts";
import { CallToAction } from "../components/call-to-action.tsx";
import { CardSection } from "../components/card-section.tsx";
import { PageHero } from "../components/page-hero.tsx";
import { StatList } from "../components/stat-list.tsx";
import { site } from "../config/site.ts";
import * as en from "../content/en/tasar-propiedades.ts";
import * as es from "../content/es/tasar-propiedades.ts";
import type { Translations } from "../content/types.ts";
import { useCopy } from "../lib/lang.ts";
import { LeadButton } from "../features/leads/markup/lead-button.tsx";
import { LeadFormSection } from "../features/leads/markup/lead-form-section.tsx";
import { service as serviceLd } from "../lib/seo/json-ld.ts";
import { buildMeta } from "../lib/seo/meta.ts";
import { useSiteCopy } from "../lib/site-copy.tsx";
import { langOf, pathIn } from "../site-map.ts";
import { PropertyTypeCatalogue } from "./sections/property-type-catalogue.tsx";

const translations: Translations<typeof es> = { es, en };

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOf(location.pathname);
  const { meta: copy, service } = translations[lang];
  const path = pathIn(lang, "/tasar-propiedades");
  return buildMeta(
    { path, ...copy, jsonLd: serviceLd(site, { path, ...service, description: copy.description }) },
    site,
  );
};

export default function TasarPropiedades() {
  const { closing, hero, reasons, typesSection } = useCopy(translations);
  const { keyStats, presets } = useSiteCopy().common;
  return (
    <>
      <PageHero
        {...hero}
        actions={
          <LeadButton form="sale-by-type" className={buttonStyles.primary}>
            {hero.cta}
          </LeadButton>
        }
        aside={<StatList stats={keyStats} className="grid-cols-3 lg:grid-cols-1" />}
      />
      <PropertyTypeCatalogue
        id="tipos"
        copy={typesSection}
        form="sale-by-type"
        buttonLabel={typesSection.button}
        showZone
      />
      <CardSection id="razones" copy={reasons} items={reasons.items} columns={4} tone="tint" />
      <CallToAction
        id="cierre-titulo"
        title={closing.title}
        intro={closing.intro}
        action={
          <LeadButton form="sale-by-type" preset={presets.saleConsultation} className={buttonStyles.onDark}>
            {closing.button}
          </LeadButton>
        }
      />
      <LeadFormSection form="sale-by-type" />
    </>
  );
}
