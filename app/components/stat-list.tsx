import type { Stat } from "../content/types.ts";

type StatListProps = {
  stats: readonly Stat[];
  tone?: "light" | "dark";
  className?: string;
};

/** Real numbers set large: 24-48 h, 26 torres, +15 años. */
export function StatList({ stats, tone = "light", className = "" }: StatListProps) {
  const dark = tone === "dark";
  return (
    <dl className={`grid gap-x-4 gap-y-6 ${className}`}>
      {stats.map((stat) => (
        <div
          key={stat.label}
          className={`flex flex-col-reverse justify-end border-l-2 pl-3 sm:pl-5 ${dark ? "border-sand/60" : "border-brass/50"}`}
        >
          <dt className={`mt-1 text-sm leading-snug ${dark ? "text-[#c9d2dc]" : "text-ink-muted"}`}>
            {stat.label}
          </dt>
          <dd
            className={`font-display text-[1.75rem] leading-none font-semibold tracking-tight whitespace-nowrap tabular-nums sm:text-4xl md:text-5xl ${
              dark ? "text-sand" : "text-brass"
            }`}
          >
            {stat.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
