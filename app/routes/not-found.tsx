import type { Route } from "./+types/not-found";
import { buttonStyles } from "../components/button-styles.ts";
import { LinkList } from "../components/link-list.tsx";
import { site } from "../config/site.ts";
import * as en from "../content/en/not-found.ts";
import * as es from "../content/es/not-found.ts";
import type { Translations } from "../content/types.ts";
import { useCopy, useLocalPath } from "../lib/lang.ts";
import { buildMeta } from "../lib/seo/meta.ts";
import { useSiteCopy } from "../lib/site-copy.tsx";
import { langOf, notFoundPaths } from "../site-map.ts";
import { Link } from "react-router";

const translations: Translations<typeof es> = { es, en };

/** The 404 page of each language: the English one answers unknown paths under /en. */
export const meta: Route.MetaFunction = ({ location }) => {
  const lang = langOf(location.pathname);
  return buildMeta({ path: notFoundPaths[lang], ...translations[lang].meta, isErrorPage: true }, site);
};

export default function NotFound() {
  const { notFound } = useCopy(translations);
  const { serviceLinks } = useSiteCopy().common;
  const localPath = useLocalPath();
  return (
    <section aria-labelledby="titulo-pagina" className="container-page py-16 md:py-24">
      <p className="mb-4 text-sm font-semibold tracking-[0.16em] text-brass uppercase">{notFound.eyebrow}</p>
      <h1 id="titulo-pagina" className="font-display text-4xl leading-tight font-semibold md:text-6xl">
        {notFound.title}
      </h1>
      <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-muted">{notFound.text}</p>
      <div className="mt-10 max-w-4xl">
        <LinkList links={serviceLinks} />
      </div>
      <Link to={localPath("/")} className={`${buttonStyles.primary} mt-10`}>
        {notFound.home}
      </Link>
    </section>
  );
}
