import { isConfirmed, type Tower } from "../content/towers.ts";
import { useSiteCopy } from "../lib/site-copy.tsx";
import { FactValue } from "./fact-value.tsx";

/** The building's facts as a definition list; pending ones marked, with one note saying why. */
export function TowerFacts({ tower }: { tower: Tower }) {
  const { factRows, localTower, towerPage } = useSiteCopy().towerPage;
  const rows = factRows(tower);
  const anyPending = rows.some((row) => !row.confirmed) || !isConfirmed(tower, "amenities");
  return (
    <div>
      <dl className="grid gap-x-6 divide-y divide-line border-y border-line sm:grid-cols-[auto_1fr] sm:divide-y-0">
        {rows.map((row) => (
          <div
            key={row.fact}
            data-fact={row.fact}
            className="grid gap-1 py-3 sm:col-span-2 sm:grid-cols-subgrid sm:border-t sm:border-line sm:first:border-t-0"
          >
            <dt className="text-sm font-semibold tracking-wide text-ink-muted uppercase">{row.label}</dt>
            <dd className="text-ink">
              <FactValue confirmed={row.confirmed}>{row.value}</FactValue>
            </dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-8 font-display text-2xl font-semibold text-ink">{towerPage.amenitiesTitle}</h3>
      <p className="mt-2 leading-relaxed text-ink" data-fact="amenities">
        <FactValue confirmed={isConfirmed(tower, "amenities")}>{localTower(tower).amenities}</FactValue>
      </p>
      {anyPending && <p className="mt-6 text-sm text-ink-muted">{towerPage.pendingNote}</p>}
    </div>
  );
}
