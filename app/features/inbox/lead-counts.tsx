import { Link } from "react-router";

import { list as copy } from "../../content/es/inbox.ts";
import type { LeadCounts as Counts } from "./inbox-service.ts";
import { inboxRoot } from "./paths.ts";

/** The three numbers that matter, on top: each opens the leads it counts. */
export function LeadCounts({ counts }: { counts: Counts }) {
  const items = [
    { label: copy.counts.new, value: counts.new, to: `${inboxRoot}?estado=nuevo`, hint: undefined },
    { label: copy.counts.thisWeek, value: counts.thisWeek, to: `${inboxRoot}?semana=1`, hint: undefined },
    {
      label: copy.counts.toCallBack,
      value: counts.toCallBack,
      to: `${inboxRoot}?llamar=1`,
      hint: copy.countsHint.toCallBack,
    },
  ];
  return (
    <ul className="grid grid-cols-3 gap-2 sm:gap-4">
      {items.map((item) => (
        <li key={item.label}>
          <Link
            to={item.to}
            className="block h-full rounded-xl border border-line bg-white p-3 text-ink no-underline hover:border-ink sm:p-4"
          >
            <span className="block font-display text-3xl font-semibold md:text-4xl">
              {item.value.toLocaleString("es-AR")}
            </span>
            <span className="mt-1 block text-sm font-semibold">{item.label}</span>
            {item.hint && <span className="mt-1 hidden text-sm text-ink-muted sm:block">{item.hint}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
