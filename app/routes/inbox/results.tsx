import { Link } from "react-router";

import type { Route } from "./+types/results";
import { results as copy } from "../../content/es/inbox.ts";
import { requireHost } from "../../features/inbox/host.ts";
import { resultPeriods, type ResultPeriod } from "../../features/inbox/inbox-service.ts";
import { inboxMeta } from "../../features/inbox/meta.ts";
import { WeeklyChart } from "../../features/inbox/results-chart.tsx";
import {
  formatConversion,
  formatCount,
  formatDay,
  ResultTable,
} from "../../features/inbox/results-table.tsx";
import { leadPath } from "../../features/inbox/paths.ts";
import { VisitFunnelSection } from "../../features/inbox/funnel-table.tsx";

export const meta: Route.MetaFunction = ({ matches }) => inboxMeta(copy.heading, matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("periodo");
  const period: ResultPeriod = resultPeriods.find((one) => one === asked) ?? "4-semanas";
  return { results: await requireHost(context).inbox.results(period) };
}

export default function Results({ loaderData }: Route.ComponentProps) {
  const { results } = loaderData;
  const { totals } = results;
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-3">
        <h1 className="font-display text-3xl font-semibold md:text-4xl">{copy.heading}</h1>
        <p className="max-w-3xl text-ink-muted">{copy.lead}</p>
        <nav aria-label={copy.period} className="flex flex-wrap gap-2">
          {resultPeriods.map((period) => (
            <Link
              key={period}
              to={`?periodo=${period}`}
              aria-current={period === results.period ? "page" : undefined}
              className={`inline-flex min-h-11 items-center rounded-md border px-4 font-semibold no-underline ${period === results.period ? "border-ink bg-ink text-white" : "border-ink/30 text-ink hover:border-ink"}`}
            >
              {copy.periods[period]}
            </Link>
          ))}
        </nav>
        <p className="text-sm text-ink-muted">{copy.range(results.fromText, results.toText)}</p>
      </header>

      <section aria-labelledby="totales" className="flex flex-col gap-3">
        <h2 id="totales" className="text-xl font-semibold">
          {copy.totals}
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {(
            [
              [copy.columns.visits, formatCount(totals.visits)],
              [copy.columns.formsOpened, formatCount(totals.formsOpened)],
              [copy.columns.leads, formatCount(totals.leads)],
              [copy.columns.leadsToWhatsApp, formatCount(totals.leadsToWhatsApp)],
              [copy.columns.whatsappTaps, formatCount(totals.whatsappTaps)],
              [copy.columns.conversion, formatConversion(totals.conversion)],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="flex flex-col-reverse rounded-xl border border-line bg-white p-3">
              <dt className="text-sm text-ink-muted">{label}</dt>
              <dd className="font-display text-2xl font-semibold tabular-nums">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="semanas" className="flex flex-col gap-4">
        <h2 id="semanas" className="text-xl font-semibold">
          {copy.weeks.heading}
        </h2>
        <div className="grid gap-6 lg:grid-cols-2">
          <WeeklyChart
            id="grafico-visitas"
            title={copy.weeks.chartVisits}
            weeks={results.weeks}
            series={[
              { key: "visits", label: copy.columns.visits, className: "fill-water" },
              { key: "formsOpened", label: copy.columns.formsOpened, className: "fill-brass" },
            ]}
          />
          <WeeklyChart
            id="grafico-consultas"
            title={copy.weeks.chartLeads}
            weeks={results.weeks}
            series={[
              { key: "leads", label: copy.columns.leads, className: "fill-ink" },
              { key: "leadsToWhatsApp", label: copy.columns.leadsToWhatsApp, className: "fill-water" },
            ]}
          />
        </div>
        <ResultTable
          id="tabla-semanas"
          caption={copy.weeks.heading}
          first={copy.weeks.first}
          rows={results.weeks}
          keyText={formatDay}
        />
      </section>

      <section aria-labelledby="paginas" className="flex flex-col gap-4">
        <h2 id="paginas" className="text-xl font-semibold">
          {copy.pages.heading}
        </h2>
        <ResultTable
          id="tabla-paginas"
          caption={copy.pages.heading}
          first={copy.pages.first}
          rows={results.pages}
        />
      </section>

      <section aria-labelledby="origenes" className="flex flex-col gap-4">
        <h2 id="origenes" className="text-xl font-semibold">
          {copy.sources.heading}
        </h2>
        <p className="max-w-3xl text-sm text-ink-muted">{copy.sources.note}</p>
        <ResultTable
          id="tabla-origenes"
          caption={copy.sources.heading}
          first={copy.sources.first}
          rows={results.sources}
        />
      </section>

      <section aria-labelledby="torres" className="flex flex-col gap-4">
        <h2 id="torres" className="text-xl font-semibold">
          {copy.towers.heading}
        </h2>
        <ResultTable
          id="tabla-torres"
          caption={copy.towers.heading}
          first={copy.towers.first}
          showLabel={copy.towers.name}
          rows={results.towers}
        />
      </section>

      {results.funnel ? <VisitFunnelSection funnel={results.funnel} /> : null}

      <section aria-labelledby="esperando" className="flex flex-col gap-4">
        <h2 id="esperando" className="text-xl font-semibold">
          {copy.waiting.heading} ({formatCount(results.waitingTotal)})
        </h2>
        {results.waiting.length === 0 ? (
          <p className="text-ink-muted">{copy.waiting.none}</p>
        ) : (
          <>
            <ul className="flex flex-col divide-y divide-line rounded-xl border border-line bg-white">
              {results.waiting.map((lead) => (
                <li key={lead.id} className="flex flex-wrap items-baseline justify-between gap-x-4 p-3">
                  <Link to={leadPath(lead.id)} className="min-h-11 content-center font-semibold text-water">
                    {lead.name ?? "(sin nombre)"}
                  </Link>
                  <span className="text-sm text-ink-muted">
                    {lead.formTitle} · {copy.waiting.received}{" "}
                    <time dateTime={lead.receivedAt}>{lead.receivedAtText}</time>
                  </span>
                </li>
              ))}
            </ul>
            {results.waitingTotal > results.waiting.length ? (
              <p className="text-sm text-ink-muted">
                {copy.waiting.more(results.waiting.length, results.waitingTotal)}
              </p>
            ) : null}
          </>
        )}
      </section>
    </div>
  );
}
