import { Form } from "react-router";

import { buttonStyles } from "../../components/button-styles.ts";
import { afterVisit as copy } from "../../content/es/inbox-visits.ts";
import type { AfterVisitIntent, VisitAfter } from "./agenda-service.ts";

/**
 * What the owner says after a visit (decision 0043): native forms posting to the page's action,
 * so they work before any script arrives. «Visita hecha» and «No vino» appear once the visit has
 * begun; «Reprogramada» any time it is confirmed; a done visit shows its report's clock and
 * «Informe entregado» until it is marked.
 */
export function AfterVisitActions({ visit, name }: { visit: VisitAfter; name: string }) {
  const button = (intent: AfterVisitIntent, label: string, primary = false) => (
    <Form method="post" key={intent}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="visita" value={visit.id} />
      <button
        type="submit"
        aria-label={`${label}: ${name}`}
        className={primary ? buttonStyles.primary : buttonStyles.secondary}
      >
        {label}
      </button>
    </Form>
  );
  if (visit.state === "confirmed")
    return (
      <div className="flex flex-col gap-2">
        <p className="font-semibold">{copy.what}</p>
        <div className="flex flex-wrap gap-2">
          {visit.started ? button("hecha", copy.done, true) : null}
          {visit.started ? button("no-vino", copy.noShow) : null}
          {button("reprogramada", copy.rescheduled)}
        </div>
        <p className="text-sm text-ink-muted">
          {visit.started ? copy.rescheduledNote : `${copy.notStartedNote} ${copy.rescheduledNote}`}
        </p>
      </div>
    );
  const report = visit.report;
  if (!report) return null;
  if (report.state === "delivered") return <p className="font-semibold">{copy.report(report)}</p>;
  return (
    <div className="flex flex-col gap-2">
      <p
        className={
          report.state === "late"
            ? "rounded-md border-2 border-red-800 p-2 font-semibold text-red-800"
            : "font-semibold"
        }
      >
        {copy.report(report)}
      </p>
      <div>{button("informe", copy.delivered, true)}</div>
    </div>
  );
}
