import type { Route } from "./+types/tasar-departamentos";
import { buttonStyles } from "../components/button-styles.ts";
import { CardSection, StepSection } from "../components/card-section.tsx";
import { PageHero } from "../components/page-hero.tsx";
import { StatList } from "../components/stat-list.tsx";
import { site } from "../config/site.ts";
import * as en from "../content/en/tasar-departamentos.ts";
import * as es from "../content/es/tasar-departamentos.ts";
import type { Translations } from "../content/types.ts";
import { useCopy } from "../lib/lang.ts";
import { LeadButton } from "../features/leads/markup/lead-button.tsx";
import { LeadFormSection } from "../features/leads/markup/lead-form-section.tsx";
import { service as serviceLd } from "../lib/seo/json-ld.ts";
import { buildMeta } from "../lib/seo/meta.ts";
import { useSiteCopy } from "../lib/site-copy.tsx";
import { langOf, pathIn } from "../site-map.ts";
import { TowerCatalogue } from "./sections/tower-catalogue.tsx";

const translations: Translations<typeof es> = { es, en };

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOf(location.pathname);
  const { meta: copy, service } = translations[lang];
  const path = pathIn(lang, "/tasar-departamentos");
  return buildMeta(
    { path, ...copy, jsonLd: serviceLd(site, { path, ...service, description: copy.description }) },
    site,
  );
};

export default function TasarDepartamentos() {
  const { factors, hero, process, towersSection } = useCopy(translations);
  const { keyStats, presets } = useSiteCopy().common;
  return (
    <>
      <PageHero
        {...hero}
        actions={
          <LeadButton form="apartment" preset={presets.generalConsultation} className={buttonStyles.primary}>
            {hero.cta}
          </LeadButton>
        }
        aside={<StatList stats={keyStats} className="grid-cols-3 lg:grid-cols-1" />}
      />
      <TowerCatalogue id="torres" copy={towersSection} form="apartment" buttonLabel={towersSection.button} />
      <CardSection id="factores" copy={factors} items={factors.items} columns={4} tone="tint" />
      <StepSection id="proceso" copy={process} steps={process.steps} />
      <LeadFormSection form="apartment" />
    </>
  );
}
