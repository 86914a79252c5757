import { ArrowRight } from "lucide-react";
import { Link } from "react-router";

import type { Route } from "./+types/home";
import { buttonStyles } from "../components/button-styles.ts";
import { CardGrid } from "../components/card-grid.tsx";
import { CardSection } from "../components/card-section.tsx";
import { PageHero } from "../components/page-hero.tsx";
import { Section, SectionHeading } from "../components/section.tsx";
import { StatList } from "../components/stat-list.tsx";
import { WhatsAppLink } from "../components/whatsapp-link.tsx";
import { site } from "../config/site.ts";
import * as en from "../content/en/home.ts";
import * as es from "../content/es/home.ts";
import type { Translations } from "../content/types.ts";
import { useCopy, useLocalPath } from "../lib/lang.ts";
import { LeadButton } from "../features/leads/markup/lead-button.tsx";
import { LeadFormSection } from "../features/leads/markup/lead-form-section.tsx";
import { buildMeta } from "../lib/seo/meta.ts";
import { useSiteCopy } from "../lib/site-copy.tsx";
import { realEstateAgent } from "../lib/seo/json-ld.ts";
import { langOf, pathIn } from "../site-map.ts";
import { TowerCatalogue } from "./sections/tower-catalogue.tsx";

const translations: Translations<typeof es> = { es, en };

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOf(location.pathname);
  const copy = translations[lang].meta;
  const path = pathIn(lang, "/");
  return buildMeta({ path, ...copy, jsonLd: realEstateAgent(site, copy.description, path) }, site);
};

export default function Home() {
  const { credentials, hero, services, towersSection, whyUs } = useCopy(translations);
  const { keyStats, whatsappCta, whatsappTexts } = useSiteCopy().common;
  const localPath = useLocalPath();
  return (
    <>
      <PageHero
        eyebrow={hero.eyebrow}
        title={hero.title}
        lead={hero.lead}
        actions={
          <>
            <LeadButton form="express" className={buttonStyles.primary}>
              {hero.cta}
            </LeadButton>
            <a href="#edificios" className={buttonStyles.secondary}>
              {hero.secondary}
            </a>
          </>
        }
        aside={<StatList stats={keyStats} className="grid-cols-3 lg:grid-cols-1" />}
      />

      <Section id="servicios" labelledBy="servicios-titulo">
        <SectionHeading id="servicios-titulo" {...services} />
        <CardGrid
          items={services.items}
          idPrefix="servicio"
          renderAction={(item, headingId) => (
            <LeadButton form="express" aria-describedby={headingId} className={buttonStyles.card}>
              {item.action}
            </LeadButton>
          )}
        />
      </Section>

      <CardSection id="por-que-elegirnos" copy={whyUs} items={whyUs.items} columns={4} tone="tint" />

      <TowerCatalogue
        id="edificios"
        copy={towersSection}
        form="express"
        buttonLabel={towersSection.button}
        aside={
          <Link
            to={localPath("/tasar-departamentos")}
            className={`${buttonStyles.secondary} uppercase tracking-wide`}
          >
            {towersSection.more}
            <ArrowRight aria-hidden="true" focusable="false" className="size-5" />
          </Link>
        }
      />

      <Section tone="dark" labelledBy="credenciales-titulo">
        <div className="grid gap-10 lg:grid-cols-[1fr_1.4fr] lg:items-center">
          <div>
            <p className="mb-3 text-sm font-semibold tracking-[0.16em] text-sand uppercase">
              {credentials.eyebrow}
            </p>
            <h2
              id="credenciales-titulo"
              className="font-display text-3xl font-semibold text-paper md:text-4xl"
            >
              {credentials.title}
            </h2>
            <p className="mt-3 text-lg font-medium text-sand">{credentials.registration}</p>
            <p className="mt-3 max-w-md leading-relaxed text-[#c9d2dc]">{credentials.text}</p>
            <Link
              to={localPath(credentials.licencePath)}
              className="mt-4 inline-flex min-h-11 items-center gap-2 font-semibold text-paper underline decoration-sand/60 underline-offset-4 hover:decoration-sand"
            >
              {credentials.licenceLink}
              <ArrowRight aria-hidden="true" focusable="false" className="size-5" />
            </Link>
          </div>
          <StatList stats={credentials.stats} tone="dark" className="grid-cols-3" />
        </div>
      </Section>

      <Section labelledBy="whatsapp-titulo" tone="tint">
        <div className="mx-auto flex max-w-3xl flex-col items-center text-center">
          <p className="mb-3 text-sm font-semibold tracking-[0.16em] text-brass uppercase">
            {whatsappCta.eyebrow}
          </p>
          <h2 id="whatsapp-titulo" className="font-display text-3xl leading-tight font-semibold md:text-5xl">
            {whatsappCta.title}
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-ink-muted">{whatsappCta.text}</p>
          <div className="mt-8">
            <WhatsAppLink
              text={whatsappTexts.contact}
              hint={whatsappCta.hint}
              className={`${buttonStyles.whatsapp} px-7 text-lg`}
            >
              {whatsappCta.button}
            </WhatsAppLink>
          </div>
        </div>
      </Section>
      <LeadFormSection form="express" />
    </>
  );
}
