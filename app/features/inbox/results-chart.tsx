import type { ResultRow } from "./inbox-service.ts";
import { formatCount } from "./results-table.tsx";

type Series = {
  key: "visits" | "formsOpened" | "leads" | "leadsToWhatsApp";
  label: string;
  className: string;
};

/**
 * A weekly bar chart drawn on the server as SVG: two series side by side per
 * week, the scale's top and middle written on the left, the first and last
 * week below. Its viewBox is 360 wide, so at a phone's 390 px its text keeps
 * its size; the numbers are also in the table that follows it.
 */
export function WeeklyChart({
  id,
  title,
  weeks,
  series,
}: {
  id: string;
  title: string;
  weeks: readonly ResultRow[];
  series: readonly [Series, Series];
}) {
  const width = 360;
  const height = 190;
  const left = 44;
  const bottom = 22;
  const top = 10;
  const plotWidth = width - left - 6;
  const plotHeight = height - top - bottom;
  const max = niceCeiling(Math.max(1, ...weeks.flatMap((week) => series.map((one) => week[one.key]))));
  const slot = plotWidth / Math.max(1, weeks.length);
  const bar = Math.min(18, Math.max(1, (slot * 0.8) / 2));
  const y = (value: number) => top + plotHeight - (value / max) * plotHeight;
  const first = weeks[0];
  const last = weeks.at(-1);
  return (
    <figure className="flex flex-col gap-2">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={`${id}-title`}
        className="h-auto w-full max-w-3xl text-ink"
      >
        <title id={`${id}-title`}>{title}</title>
        {[0, max / 2, max].map((value) => (
          <g key={value}>
            <line
              x1={left}
              x2={width - 6}
              y1={y(value)}
              y2={y(value)}
              className="stroke-line"
              strokeWidth={1}
            />
            <text x={left - 4} y={y(value) + 4} textAnchor="end" fontSize={12} className="fill-ink-muted">
              {formatCount(value)}
            </text>
          </g>
        ))}
        {weeks.map((week, index) =>
          series.map((one, which) => (
            <rect
              key={`${week.key}-${one.key}`}
              x={left + index * slot + slot / 2 - bar + which * bar}
              y={y(week[one.key])}
              width={bar}
              height={Math.max(0, top + plotHeight - y(week[one.key]))}
              className={one.className}
            />
          )),
        )}
        {first ? (
          <text x={left} y={height - 6} fontSize={12} className="fill-ink-muted">
            {first.label}
          </text>
        ) : null}
        {last && last !== first ? (
          <text x={width - 6} y={height - 6} fontSize={12} textAnchor="end" className="fill-ink-muted">
            {last.label}
          </text>
        ) : null}
      </svg>
      <figcaption className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <span className="font-semibold">{title}</span>
        {series.map((one) => (
          <span key={one.key} className="inline-flex items-center gap-1.5">
            <svg viewBox="0 0 10 10" className="size-3" aria-hidden="true">
              <rect width={10} height={10} className={one.className} />
            </svg>
            {one.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

/** 1, 2 or 5 times a power of ten, at or above the value: a scale a person reads at a glance. */
export function niceCeiling(value: number): number {
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((step) => step * power).find((candidate) => candidate >= value)!;
}
