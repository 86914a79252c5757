import { Fragment } from "react";

import { layout } from "../../content/es/inbox.ts";
import type { BackupGlance } from "./inbox-service.ts";

const copy = layout.backup;

/**
 * The off-site copy at a glance, under the inbox's navigation (decision 0019): when everything was
 * last copied and the last restore the service verified. Framed in red when it needs the owner's eye.
 */
export function BackupLine({ backup }: { backup: BackupGlance }) {
  if (backup.state === "off") return <p className="text-xs text-ink-muted">{copy.off}</p>;
  // A retry is routine (the target blinked); minutes without a copy are a warning; an hour behind
  // or a failed drill need the owner.
  const attention = backup.state === "behind" || backup.state === "drill-failed";
  const warning = backup.state === "stalled";
  const late = backup.state === "behind" ? ` ${copy.behind}` : warning ? ` ${copy.stalled}` : "";
  const parts = [
    backup.state === "drill-failed"
      ? `${copy.drillFailed}: ${backup.problem ?? ""}`
      : `${copy.copy}${late}: ${backup.copiedAgo ?? copy.never}`,
    ...(backup.state === "retrying" || backup.state === "behind" || warning
      ? [copy.waiting(backup.pending)]
      : []),
    `${copy.verified}: ${backup.verified ? `${backup.verified.when}, ${backup.verified.leads}` : copy.noneVerified}`,
    ...(backup.installation ? [copy.installation(backup.installation)] : []),
  ];
  return (
    <p
      data-backup-state={backup.state}
      className={`text-xs ${
        attention
          ? "rounded-md border border-red-700 px-2 py-1 text-red-700"
          : warning
            ? "rounded-md border border-amber-700 px-2 py-1 text-amber-800"
            : "text-ink-muted"
      }`}
    >
      {/* The dot ends a part, so a narrow screen breaks after it and never starts a line with it. */}
      {parts.map((part, index) => (
        <Fragment key={part}>
          {index > 0 && " "}
          <span className="inline-block">
            {part}
            {index < parts.length - 1 && " ·"}
          </span>
        </Fragment>
      ))}
    </p>
  );
}
