import { useFetcher } from "react-router";

import { lead as copy } from "../../content/es/inbox.ts";
import type { LeadStatus } from "./inbox-service.ts";

/** The status changes that make sense from each status. */
const nextSteps: Record<LeadStatus, { status: LeadStatus; label: string }[]> = {
  nuevo: [
    { status: "contactado", label: copy.markContacted },
    { status: "archivado", label: copy.archive },
  ],
  contactado: [
    { status: "archivado", label: copy.archive },
    { status: "nuevo", label: copy.markNew },
  ],
  archivado: [{ status: "nuevo", label: copy.markNew }],
  spam: [{ status: "nuevo", label: copy.notSpam }],
};

/**
 * Buttons that change a lead's status. A real form posting to the page's
 * action: with JavaScript it submits in the background and the page
 * refreshes its data; without, the page posts and comes back.
 */
export function StatusActions({ id, status, name }: { id: string; status: LeadStatus; name: string }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="flex flex-wrap gap-2">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={id} />
      {nextSteps[status].map((step) => (
        <button
          key={step.status}
          type="submit"
          name="status"
          value={step.status}
          disabled={busy}
          aria-label={`${step.label}: ${name}`}
          className="min-h-11 cursor-pointer rounded-md border border-ink/30 bg-white px-4 font-semibold text-ink hover:border-ink disabled:cursor-wait disabled:opacity-60"
        >
          {step.label}
        </button>
      ))}
    </fetcher.Form>
  );
}
