import type { ReactNode } from "react";

type PageHeroProps = {
  eyebrow: string;
  title: string;
  lead: string;
  /** The page's next step: usually one LeadButton. */
  actions: ReactNode;
  /** Numbers or badges beside the text on wide screens, below it on phones. */
  aside?: ReactNode;
};

/**
 * The first screen: text only, so the largest paint is the heading and never
 * waits for an image.
 */
export function PageHero({ eyebrow, title, lead, actions, aside }: PageHeroProps) {
  return (
    <section
      aria-labelledby="titulo-pagina"
      className="relative overflow-hidden border-b border-line bg-paper"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_70%_80%_at_100%_0%,var(--color-sand-50),transparent_70%)]"
      />
      <div className="container-page relative grid gap-12 py-14 md:py-24 lg:grid-cols-[1.35fr_1fr] lg:items-center">
        <div>
          <p className="mb-4 text-sm font-semibold tracking-[0.16em] text-brass uppercase">{eyebrow}</p>
          <h1
            id="titulo-pagina"
            className="font-display text-[2.5rem] leading-[1.08] font-semibold tracking-tight text-ink md:text-6xl"
          >
            {title}
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-muted md:text-xl">{lead}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">{actions}</div>
        </div>
        {aside ? <div>{aside}</div> : null}
      </div>
    </section>
  );
}
