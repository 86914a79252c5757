import { Check } from "lucide-react";

import type { Route } from "./+types/valoracion-de-inmuebles";
import { buttonStyles } from "../components/button-styles.ts";
import { CardSection } from "../components/card-section.tsx";
import { PageHero } from "../components/page-hero.tsx";
import { Section, SectionHeading } from "../components/section.tsx";
import { StatList } from "../components/stat-list.tsx";
import { site } from "../config/site.ts";
import * as en from "../content/en/valoracion-de-inmuebles.ts";
import * as es from "../content/es/valoracion-de-inmuebles.ts";
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
  const path = pathIn(lang, "/valoracion-de-inmuebles");
  return buildMeta(
    { path, ...copy, jsonLd: serviceLd(site, { path, ...service, description: copy.description }) },
    site,
  );
};

export default function ValoracionDeInmuebles() {
  const { benefits, formPrompt, hero, towersSection } = useCopy(translations);
  const { keyStats } = useSiteCopy().common;
  return (
    <>
      <PageHero
        {...hero}
        actions={
          <LeadButton form="valuation" className={buttonStyles.primary}>
            {hero.cta}
          </LeadButton>
        }
        aside={<StatList stats={keyStats} className="grid-cols-3 lg:grid-cols-1" />}
      />

      <Section labelledBy="formulario-titulo" tone="tint">
        <div className="grid gap-8 lg:grid-cols-[1.4fr_1fr] lg:items-center">
          <SectionHeading id="formulario-titulo" {...formPrompt} />
          <div className="rounded-lg border border-line bg-white p-6 md:p-8">
            <ul className="space-y-3">
              {formPrompt.points.map((point) => (
                <li key={point} className="flex gap-3 text-ink">
                  <Check aria-hidden="true" focusable="false" className="mt-0.5 size-5 shrink-0 text-water" />
                  {point}
                </li>
              ))}
            </ul>
            <LeadButton form="valuation" className={`${buttonStyles.primary} mt-6 w-full`}>
              {formPrompt.button}
            </LeadButton>
          </div>
        </div>
      </Section>

      <CardSection id="beneficios" copy={benefits} items={benefits.items} />

      <TowerCatalogue
        id="torres"
        copy={towersSection}
        form="valuation"
        buttonLabel={towersSection.button}
        tone="tint"
      />
      <LeadFormSection form="valuation" />
    </>
  );
}
