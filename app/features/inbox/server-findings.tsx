import { layout } from "../../content/es/inbox.ts";
import type { ServerFinding } from "./inbox-service.ts";

/**
 * What the server's last check (deploy/doctor.sh, decision 0027) found wrong: one line per part of
 * the server, in the owner's words, with when it was seen, and who fixes it. The doctor's own lines
 * carry administrator commands and stay with the administrator (decision 0035). Nothing when all
 * was well, the check never ran, or what it saw no longer holds.
 */
export function ServerFindings({ findings }: { findings: readonly ServerFinding[] }) {
  if (findings.length === 0) return null;
  return (
    <div data-server-findings className="rounded-md border border-red-700 px-2 py-1 text-xs text-red-700">
      <p className="font-semibold">{layout.serverFindings}</p>
      <ul className="list-disc pl-4">
        {findings.map((finding) => (
          <li key={finding.part}>
            {layout.serverFindingParts[finding.part] ?? layout.serverFindingOther(finding.part)}
            {finding.seenText && ` ${layout.serverFindingSeen(finding.seenText)}`}
          </li>
        ))}
      </ul>
      <p>{layout.serverFindingWho}</p>
    </div>
  );
}
