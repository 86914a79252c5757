import type { Route } from "./+types/not-found";
import { buttonStyles } from "../components/button-styles.ts";
import { LinkList } from "../components/link-list.tsx";
import { site } from "../config/site.ts";
import { serviceLinks } from "../content/es/common.ts";
import { meta as copy, notFound } from "../content/es/not-found.ts";
import { buildMeta } from "../lib/seo/meta.ts";
import { notFoundPath } from "../site-map.ts";
import { Link } from "react-router";

export const meta: Route.MetaFunction = () =>
  buildMeta({ path: notFoundPath, ...copy, isErrorPage: true }, site);

export default function NotFound() {
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
      <Link to="/" className={`${buttonStyles.primary} mt-10`}>
        {notFound.home}
      </Link>
    </section>
  );
}
