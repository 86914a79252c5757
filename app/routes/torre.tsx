import type { Route } from "./+types/torre";
import { Breadcrumbs } from "../components/breadcrumbs.tsx";
import { buttonStyles } from "../components/button-styles.ts";
import { CatalogueImage } from "../components/catalogue-image.tsx";
import { DockMap } from "../components/dock-map.tsx";
import { FactValue } from "../components/fact-value.tsx";
import { LinkList } from "../components/link-list.tsx";
import { Section, SectionHeading } from "../components/section.tsx";
import { TowerFacts } from "../components/tower-facts.tsx";
import { site } from "../config/site.ts";
import * as enNotFound from "../content/en/not-found.ts";
import * as esNotFound from "../content/es/not-found.ts";
import type { Translations } from "../content/types.ts";
import { catalogueImage, towerSocialCard } from "../content/images.ts";
import { isConfirmed, towerBySlug, type Tower } from "../content/towers.ts";
import { towerSvg } from "../lib/art/tower-art.ts";
import { towerFormId } from "../features/leads/markup/form-pages.ts";
import { apartmentForm } from "../features/leads/forms/apartment.ts";
import { InlineWhatsAppForm } from "../features/leads/markup/inline-whatsapp-form.tsx";
import { apartmentComplex, breadcrumbList, webPageWithBreadcrumb } from "../lib/seo/json-ld.ts";
import { useLang } from "../lib/lang.ts";
import { siteCopyOf, useSiteCopy, type SiteCopy } from "../lib/site-copy.tsx";
import { buildMeta } from "../lib/seo/meta.ts";
import { langOf, notFoundPaths, pathIn, towerPath, type Lang } from "../site-map.ts";
import NotFound from "./not-found.tsx";

/** One page per building of the catalogue and language, prerendered for every slug (app/site-map.ts). */

const notFoundCopy: Translations<typeof esNotFound> = { es: esNotFound, en: enNotFound };

function crumbsFor(tower: Tower, lang: Lang, { towerPage }: SiteCopy["towerPage"]) {
  return [
    { name: towerPage.home, path: pathIn(lang, "/") },
    { name: towerPage.towers, path: towerPage.towersPath },
    { name: tower.nombre, path: towerPath(tower.slug, lang) },
  ];
}

export const meta: Route.MetaFunction = ({ params, location, matches }) => {
  const lang = langOf(location.pathname);
  const copy = siteCopyOf(matches).towerPage;
  const { towerDescription, towerPage, towerTitle } = copy;
  const tower = towerBySlug(params.slug);
  // Only catalogue slugs are prerendered; any other one is the 404 page.
  if (!tower)
    return buildMeta({ path: notFoundPaths[lang], ...notFoundCopy[lang].meta, isErrorPage: true }, site);
  const path = towerPath(tower.slug, lang);
  const card = towerSocialCard(tower.slug);
  const title = towerTitle(tower);
  const description = towerDescription(tower);
  const building = apartmentComplex(site, {
    path,
    name: tower.nombre,
    image: card.src,
    streetAddress: isConfirmed(tower, "direccion") ? tower.direccion : undefined,
    geo: tower.geo,
    units: isConfirmed(tower, "units") ? tower.units : undefined,
  });
  return buildMeta(
    {
      path,
      title,
      description,
      keywords: towerPage.keywords(tower),
      image: {
        path: card.src,
        // Over an owner's photo, the card shows that photo: its own words describe it.
        alt: catalogueImage("tower", tower.slug).alt?.[lang] ?? towerPage.imageAlt(tower),
        width: card.width,
        height: card.height,
      },
      jsonLd: [
        webPageWithBreadcrumb(site, { path, name: title, description, about: { "@id": building["@id"] } }),
        breadcrumbList(site, { path, crumbs: crumbsFor(tower, lang, copy) }),
        building,
      ],
    },
    site,
  );
};

export default function Torre({ params }: Route.ComponentProps) {
  const lang = useLang();
  const copy = useSiteCopy().towerPage;
  const { considerations, dockNeighbours, towerPage } = copy;
  const tower = towerBySlug(params.slug);
  if (!tower) return <NotFound />;
  const neighbours = dockNeighbours(tower);
  return (
    <>
      <Breadcrumbs crumbs={crumbsFor(tower, lang, copy)} label={towerPage.breadcrumbLabel} />

      <section aria-labelledby="titulo-pagina" className="border-b border-line bg-paper">
        <div className="container-page grid gap-10 py-10 md:py-16 lg:grid-cols-[1fr_1.1fr] lg:items-center">
          <div>
            <p className="mb-4 text-sm font-semibold tracking-[0.16em] text-brass uppercase">
              {towerPage.eyebrow(tower)}
            </p>
            <h1
              id="titulo-pagina"
              className="font-display text-[2.5rem] leading-[1.08] font-semibold tracking-tight text-ink md:text-6xl"
            >
              {tower.nombre}
            </h1>
            {tower.status === "en construcción" && (
              <p className="mt-4 font-semibold text-brass">
                <FactValue confirmed={isConfirmed(tower, "status")}>{towerPage.underConstruction}</FactValue>
              </p>
            )}
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-muted">{towerPage.lead(tower)}</p>
            <div className="mt-8">
              <a href={`#${towerFormId}`} className={buttonStyles.primary}>
                {towerPage.cta}
              </a>
            </div>
          </div>
          <CatalogueImage
            kind="tower"
            slug={tower.slug}
            alt={towerPage.imageAlt(tower)}
            priority
            inlineArtwork={towerSvg(tower)}
            sizes="(min-width: 1024px) 38rem, 100vw"
            className="aspect-[16/10] rounded-lg bg-sand-50 object-cover"
          />
        </div>
      </section>

      <Section id="datos" labelledBy="datos-titulo">
        <div className="grid gap-12 lg:grid-cols-[1.3fr_1fr]">
          <div>
            <SectionHeading id="datos-titulo" title={towerPage.factsTitle} />
            <TowerFacts tower={tower} />
          </div>
          <figure className="lg:pt-2">
            <h2 className="mb-4 font-display text-2xl font-semibold text-ink">{towerPage.mapTitle}</h2>
            <div className="mx-auto max-w-sm overflow-hidden rounded-lg border border-line">
              <DockMap highlight={tower.dock} title={towerPage.mapImageTitle(tower)} />
            </div>
            <figcaption className="mx-auto mt-3 max-w-sm text-sm text-ink-muted">
              {towerPage.mapCaption(tower)}
            </figcaption>
          </figure>
        </div>
      </Section>

      <Section id="que-mira" labelledBy="que-mira-titulo" tone="tint">
        <SectionHeading id="que-mira-titulo" title={towerPage.considerationsTitle(tower)} />
        <ul className="grid gap-6 md:grid-cols-2">
          {considerations(tower).map((item) => (
            <li key={item.title} className="rounded-lg border border-line bg-white p-6">
              <h3 className="font-display text-xl font-semibold text-ink">{item.title}</h3>
              <p className="mt-2 leading-relaxed text-ink-muted">{item.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <div id={towerFormId} className="py-16 md:py-24">
        <div className="container-page">
          <div className="mx-auto max-w-3xl">
            <InlineWhatsAppForm
              definition={apartmentForm}
              page={towerPath(tower.slug, lang)}
              preset={tower.nombre}
              title={towerPage.formTitle(tower)}
              description={towerPage.formIntro}
            />
          </div>
        </div>
      </div>

      <Section id="mismo-dique" labelledBy="mismo-dique-titulo" tone="tint">
        <SectionHeading id="mismo-dique-titulo" title={towerPage.neighboursTitle(tower)} />
        <LinkList
          links={[
            ...neighbours.map((other) => ({ path: towerPath(other.slug, lang), label: other.nombre })),
            { path: towerPage.towersPath, label: towerPage.allTowers },
          ]}
        />
      </Section>
    </>
  );
}
