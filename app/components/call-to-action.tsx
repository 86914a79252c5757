import type { ReactNode } from "react";

import { Section } from "./section.tsx";

type CallToActionProps = {
  id: string;
  title: string;
  intro?: string;
  /** The one next step: a LeadButton or a WhatsApp link. */
  action: ReactNode;
  note?: ReactNode;
};

/** The closing band of a page: one sentence and one action. */
export function CallToAction({ id, title, intro, action, note }: CallToActionProps) {
  return (
    <Section tone="dark" labelledBy={id}>
      <div className="mx-auto flex max-w-3xl flex-col items-center text-center">
        <h2 id={id} className="font-display text-3xl leading-tight font-semibold text-paper md:text-5xl">
          {title}
        </h2>
        {intro ? <p className="mt-4 text-lg leading-relaxed text-[#c9d2dc]">{intro}</p> : null}
        <div className="mt-8 flex flex-col items-center gap-3">{action}</div>
        {note ? <div className="mt-4 text-sm text-[#c9d2dc]">{note}</div> : null}
      </div>
    </Section>
  );
}
