import { BadgeCheck, ExternalLink, ShieldCheck } from "lucide-react";
import { Link, useLocation } from "react-router";

import type { Route } from "./+types/tasador";
import { Breadcrumbs } from "../components/breadcrumbs.tsx";
import { buttonStyles } from "../components/button-styles.ts";
import { Section, SectionHeading } from "../components/section.tsx";
import { StepList } from "../components/step-list.tsx";
import { site } from "../config/site.ts";
import * as en from "../content/en/tasador.ts";
import * as es from "../content/es/tasador.ts";
import type { Translations } from "../content/types.ts";
import { useCopy } from "../lib/lang.ts";
import { breadcrumbList, realEstateAgent, webPageWithBreadcrumb } from "../lib/seo/json-ld.ts";
import { buildMeta } from "../lib/seo/meta.ts";
import { langOf, pathIn, type Lang } from "../site-map.ts";

const translations: Translations<typeof es> = { es, en };

function crumbsIn(lang: Lang) {
  const { breadcrumb } = translations[lang];
  return [
    { name: breadcrumb.home, path: pathIn(lang, "/") },
    { name: breadcrumb.page, path: pathIn(lang, "/tasador") },
  ];
}

export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOf(location.pathname);
  const copy = translations[lang].meta;
  const path = pathIn(lang, "/tasador");
  const crumbs = crumbsIn(lang);
  return buildMeta(
    {
      path,
      ...copy,
      jsonLd: [
        webPageWithBreadcrumb(site, {
          path,
          name: copy.title,
          description: copy.description,
          type: "AboutPage",
        }),
        breadcrumbList(site, { path, crumbs }),
        realEstateAgent(site, copy.description, path),
      ],
    },
    site,
  );
};

export default function Tasador() {
  const { breadcrumb, hero, licence, promise, report, verify } = useCopy(translations);
  const crumbs = crumbsIn(langOf(useLocation().pathname));
  return (
    <>
      <Breadcrumbs crumbs={crumbs} label={breadcrumb.label} />

      <section aria-labelledby="titulo-pagina" className="border-b border-line bg-paper">
        <div className="container-page grid gap-10 py-10 md:py-16 lg:grid-cols-[1.35fr_1fr] lg:items-center">
          <div>
            <p className="mb-4 text-sm font-semibold tracking-[0.16em] text-brass uppercase">
              {hero.eyebrow}
            </p>
            <h1
              id="titulo-pagina"
              className="font-display text-[2.5rem] leading-[1.08] font-semibold tracking-tight text-ink md:text-6xl"
            >
              {hero.title}
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-muted md:text-xl">{hero.lead}</p>
            <div className="mt-8">
              <Link to={hero.ctaPath} className={buttonStyles.primary}>
                {hero.cta}
              </Link>
            </div>
          </div>
          <section aria-labelledby="matricula-titulo" className="rounded-xl bg-ink p-6 text-paper md:p-8">
            <h2 id="matricula-titulo" className="flex items-center gap-3 font-display text-2xl font-semibold">
              <BadgeCheck aria-hidden="true" focusable="false" className="size-7 text-sand" />
              {licence.title}
            </h2>
            <dl className="mt-6 grid gap-5">
              <div>
                <dt className="text-sm tracking-wide text-[#c9d2dc] uppercase">{licence.numberLabel}</dt>
                <dd className="font-display text-5xl font-semibold text-sand tabular-nums" data-registration>
                  {licence.number}
                </dd>
              </div>
              <div>
                <dt className="text-sm tracking-wide text-[#c9d2dc] uppercase">{licence.bodyLabel}</dt>
                <dd className="text-xl font-semibold">{licence.body}</dd>
              </div>
            </dl>
          </section>
        </div>
      </section>

      <Section id="verificar" labelledBy="verificar-titulo">
        <SectionHeading id="verificar-titulo" {...verify} />
        <StepList steps={verify.steps} />
        <a
          href={site.registryUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={`${buttonStyles.secondary} mt-10`}
        >
          {verify.registryLink}
          <ExternalLink aria-hidden="true" focusable="false" className="size-5" />
          <span className="sr-only"> ({verify.opensNewTab})</span>
        </a>
      </Section>

      <Section id="informe" labelledBy="informe-titulo" tone="tint">
        <SectionHeading id="informe-titulo" {...report} />
        <ul className="grid gap-6 sm:grid-cols-2">
          {report.items.map((item) => (
            <li key={item.title} className="rounded-lg border border-line bg-white p-6">
              <h3 className="font-display text-xl font-semibold text-ink">{item.title}</h3>
              <p className="mt-2 leading-relaxed text-ink-muted">{item.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-lg">
          <span className="font-semibold text-ink">{report.deliveryLabel}: </span>
          <span className="text-ink-muted">{report.delivery}</span>
        </p>
      </Section>

      <Section id="tus-datos" labelledBy="promesa-titulo">
        <h2 id="promesa-titulo" className="font-display text-3xl font-semibold text-ink md:text-4xl">
          {promise.title}
        </h2>
        <ul className="mt-8 grid gap-4 md:grid-cols-3">
          {promise.items.map((item) => (
            <li key={item} className="flex gap-3 text-lg leading-relaxed text-ink">
              <ShieldCheck aria-hidden="true" focusable="false" className="mt-1 size-6 shrink-0 text-water" />
              {item}
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
