import { CardGrid } from "./card-grid.tsx";
import { Section, SectionHeading } from "./section.tsx";
import { StepList } from "./step-list.tsx";
import type { Card, SectionIntro, Step } from "../content/types.ts";

type Tone = "plain" | "tint" | "dark";

/** A titled band of cards (benefits, reasons, factors, differentiators). */
export function CardSection({
  id,
  copy,
  items,
  columns = 3,
  tone = "plain",
}: {
  id: string;
  copy: SectionIntro;
  items: readonly (Card & { value?: string })[];
  columns?: 2 | 3 | 4;
  tone?: Tone;
}) {
  return (
    <Section id={id} labelledBy={`${id}-titulo`} tone={tone}>
      <SectionHeading id={`${id}-titulo`} {...copy} tone={tone} />
      <CardGrid
        items={items}
        idPrefix={id}
        columns={columns}
        tone={tone === "dark" ? "dark" : "light"}
        highlightOf={(item) => item.value}
      />
    </Section>
  );
}

/** A titled numbered process. */
export function StepSection({
  id,
  copy,
  steps,
  tone = "plain",
}: {
  id: string;
  copy: SectionIntro;
  steps: readonly Step[];
  tone?: Tone;
}) {
  return (
    <Section id={id} labelledBy={`${id}-titulo`} tone={tone}>
      <SectionHeading id={`${id}-titulo`} {...copy} tone={tone} />
      <StepList steps={steps} />
    </Section>
  );
}
