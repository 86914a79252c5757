import { layout } from "../../content/es/inbox.ts";
import type { ServerFinding } from "./inbox-service.ts";

/**
 * What the server's last check (deploy/doctor.sh, decision 0027) found wrong, one line per problem
 * in the doctor's words; nothing when all was well or the check never ran.
 */
export function ServerFindings({ findings }: { findings: readonly ServerFinding[] }) {
  if (findings.length === 0) return null;
  return (
    <div data-server-findings className="rounded-md border border-red-700 px-2 py-1 text-xs text-red-700">
      <p className="font-semibold">{layout.serverFindings}</p>
      <ul className="list-disc pl-4">
        {findings.map((finding) => (
          <li key={finding.message}>{finding.message}</li>
        ))}
      </ul>
    </div>
  );
}
