import type { Step } from "../content/types.ts";

/** A numbered process; the numbers are real list numbers for screen readers. */
export function StepList({ steps }: { steps: readonly Step[] }) {
  const columns = { 3: "lg:grid-cols-3", 5: "lg:grid-cols-5" }[steps.length] ?? "lg:grid-cols-4";
  return (
    <ol className={`grid gap-8 sm:grid-cols-2 ${columns}`}>
      {steps.map((step, index) => (
        <li key={step.title} className="relative border-t-2 border-brass/40 pt-6">
          <span
            aria-hidden="true"
            className="font-display text-5xl leading-none font-semibold text-brass tabular-nums"
          >
            {String(index + 1).padStart(2, "0")}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-ink">{step.title}</h3>
          <p className="mt-2 leading-relaxed text-ink-muted">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
