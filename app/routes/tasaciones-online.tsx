import type { Route } from "./+types/tasaciones-online";
import { buttonStyles } from "../components/button-styles.ts";
import { BadgeList } from "../components/badge-list.tsx";
import { CardSection } from "../components/card-section.tsx";
import { LinkList } from "../components/link-list.tsx";
import { PageHero } from "../components/page-hero.tsx";
import { Section, SectionHeading } from "../components/section.tsx";
import { site } from "../config/site.ts";
import * as en from "../content/en/tasaciones-online.ts";
import * as es from "../content/es/tasaciones-online.ts";
import type { Translations } from "../content/types.ts";
import { useCopy, useLocalPath } from "../lib/lang.ts";
import { expressOnlineForm } from "../features/leads/markup/site-forms.ts";
import { InlineWhatsAppForm } from "../features/leads/markup/inline-whatsapp-form.tsx";
import { service as serviceLd } from "../lib/seo/json-ld.ts";
import { buildMeta } from "../lib/seo/meta.ts";
import { useSiteCopy } from "../lib/site-copy.tsx";
import { langOf, pathIn } from "../site-map.ts";

const translations: Translations<typeof es> = { es, en };

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOf(location.pathname);
  const { meta: copy, service } = translations[lang];
  const path = pathIn(lang, "/tasaciones-online");
  return buildMeta(
    { path, ...copy, jsonLd: serviceLd(site, { path, ...service, description: copy.description }) },
    site,
  );
};

export default function TasacionesOnline() {
  const { hero, moreServices, reasons } = useCopy(translations);
  const path = useLocalPath()("/tasaciones-online");
  const { serviceLinks } = useSiteCopy().common;
  return (
    <>
      <PageHero
        {...hero}
        actions={
          <a href="#formulario" className={buttonStyles.primary}>
            {hero.cta}
          </a>
        }
        aside={<BadgeList badges={hero.badges} />}
      />
      {/* The form brings its own heading. */}
      <div id="formulario" className="bg-sand-50 py-16 md:py-24">
        <div className="container-page">
          <div className="mx-auto max-w-3xl">
            <InlineWhatsAppForm definition={expressOnlineForm} page={path} />
          </div>
        </div>
      </div>
      <CardSection id="razones" copy={reasons} items={reasons.items} />
      <Section labelledBy="otros-servicios" tone="tint">
        <SectionHeading id="otros-servicios" {...moreServices} />
        <LinkList links={serviceLinks.filter((link) => link.path !== path)} />
      </Section>
    </>
  );
}
