import type { FunnelRow, VisitFunnel } from "./inbox-service.ts";
import { ScrollBox } from "./scroll-box.tsx";
import { results as resultsCopy } from "../../content/es/inbox.ts";
import { formatConversion, formatCount } from "./results-table.tsx";

const copy = resultsCopy.funnel;
const steps = ["leads", "offered", "confirmed", "done", "delivered"] as const;

/**
 * The visits' funnel of the results (decision 0043): the period's leads and how many reached each
 * step, as five figures and then a table per page, source and tower. Wide tables scroll sideways
 * in their own box, reachable by keyboard, like the other results.
 */
export function VisitFunnelSection({ funnel }: { funnel: VisitFunnel }) {
  const { totals } = funnel;
  return (
    <section aria-labelledby="embudo" className="flex flex-col gap-4">
      <h2 id="embudo" className="text-xl font-semibold">
        {copy.heading}
      </h2>
      <p className="max-w-3xl text-sm text-ink-muted">{copy.lead}</p>
      <ol className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {steps.map((step) => (
          <li key={step} className="flex flex-col rounded-xl border border-line bg-white p-3">
            <span className="text-sm text-ink-muted">{copy.steps[step]}</span>
            {/* Shown above its label, like the period's figures; read after it. */}
            <span className="order-first font-display text-2xl font-semibold tabular-nums">
              {formatCount(totals[step])}
            </span>
            {step !== "leads" && totals.leads > 0 ? (
              <span className="text-sm text-ink-muted">
                {copy.ofLeads(formatConversion(totals[step] / totals.leads))}
              </span>
            ) : null}
          </li>
        ))}
      </ol>
      <FunnelTable
        id="embudo-paginas"
        caption={copy.pages}
        first={resultsCopy.pages.first}
        rows={funnel.pages}
      />
      <FunnelTable
        id="embudo-origenes"
        caption={copy.sources}
        first={resultsCopy.sources.first}
        rows={funnel.sources}
      />
      <FunnelTable
        id="embudo-torres"
        caption={copy.towers}
        first={resultsCopy.towers.name}
        rows={funnel.towers}
        byLabel
      />
    </section>
  );
}

function FunnelTable({
  id,
  caption,
  first,
  rows,
  byLabel,
}: {
  id: string;
  caption: string;
  first: string;
  rows: readonly FunnelRow[];
  /** The row's label in the first cell (a tower's name) instead of its key. */
  byLabel?: boolean;
}) {
  return (
    <div className="flex flex-col gap-2">
      <h3 id={`${id}-titulo`} className="font-semibold">
        {caption}
      </h3>
      {rows.length === 0 ? (
        <p className="text-ink-muted">{resultsCopy.empty}</p>
      ) : (
        <ScrollBox labelledBy={`${id}-titulo`}>
          <table id={id} className="w-full border-collapse text-sm tabular-nums">
            <caption className="sr-only">{`${copy.heading}: ${caption}`}</caption>
            <thead>
              <tr className="border-b border-line text-left">
                <th scope="col" className="px-3 py-2 font-semibold">
                  {first}
                </th>
                {steps.map((step) => (
                  <th key={step} scope="col" className="px-3 py-2 text-right font-semibold">
                    {copy.steps[step]}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-b border-line last:border-b-0">
                  <th scope="row" className="min-w-44 px-3 py-2 text-left font-normal break-all">
                    {byLabel ? row.label : row.key}
                  </th>
                  {steps.map((step) => (
                    <td key={step} className="px-3 py-2 text-right">
                      {formatCount(row[step])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </div>
  );
}
