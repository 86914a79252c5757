import type { ReactNode } from "react";

import type { SectionIntro } from "../content/types.ts";

type Tone = "plain" | "tint" | "dark";

const tones: Record<Tone, string> = {
  plain: "bg-paper",
  tint: "bg-sand-50",
  dark: "bg-ink text-paper",
};

type SectionProps = {
  /** Also the target of in-page links (#consulta, #formulario). */
  id?: string;
  /** Id of the heading that names the section. */
  labelledBy?: string;
  tone?: Tone;
  className?: string;
  children: ReactNode;
};

/** A full-width band of the page with the standard vertical rhythm. */
export function Section({ id, labelledBy, tone = "plain", className = "", children }: SectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={labelledBy}
      data-tone={tone === "dark" ? "dark" : undefined}
      className={`${tones[tone]} py-16 md:py-24 ${className}`}
    >
      <div className="container-page">{children}</div>
    </section>
  );
}

type SectionHeadingProps = SectionIntro & {
  id: string;
  tone?: Tone;
  align?: "start" | "center";
  /** Shown next to the heading on wide screens, e.g. a "see all" link. */
  aside?: ReactNode;
};

/** Eyebrow, h2 and a short intro: the opening of every section. */
export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  tone = "plain",
  align = "start",
  aside,
}: SectionHeadingProps) {
  const dark = tone === "dark";
  return (
    <div
      className={`mb-10 flex flex-col gap-6 md:mb-14 md:flex-row md:items-end md:justify-between ${
        align === "center" ? "text-center md:justify-center" : ""
      }`}
    >
      <div className={align === "center" ? "mx-auto max-w-2xl" : "max-w-2xl"}>
        {eyebrow ? (
          <p
            className={`mb-3 text-sm font-semibold tracking-[0.16em] uppercase ${dark ? "text-sand" : "text-brass"}`}
          >
            {eyebrow}
          </p>
        ) : null}
        <h2
          id={id}
          className={`font-display text-3xl leading-tight font-semibold md:text-4xl ${dark ? "text-paper" : "text-ink"}`}
        >
          {title}
        </h2>
        {intro ? (
          <p className={`mt-4 text-lg leading-relaxed ${dark ? "text-[#c9d2dc]" : "text-ink-muted"}`}>
            {intro}
          </p>
        ) : null}
      </div>
      {aside ? <div className="shrink-0">{aside}</div> : null}
    </div>
  );
}
