import { statusLabels } from "../../content/es/inbox.ts";
import type { LeadStatus } from "./inbox-service.ts";

const tones: Record<LeadStatus, string> = {
  nuevo: "bg-ink text-white",
  contactado: "bg-sand-50 text-ink",
  archivado: "border border-line text-ink-muted",
  spam: "border border-red-700 text-red-700",
};

export function StatusBadge({ status }: { status: LeadStatus }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ${tones[status]}`}
    >
      {statusLabels[status]}
    </span>
  );
}
