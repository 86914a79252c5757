import type { BackupGlance } from "#app/features/inbox/inbox-service.ts";
import type { BackupStatus } from "../backup/backup-state.ts";
import { buenosAiresDayAndTime } from "#app/lib/buenos-aires-time.ts";

/** The backup's state as the inbox shows it: ages in words, times on Buenos Aires clocks. */
export function backupGlance(status: BackupStatus, now: Date): BackupGlance {
  const verified = status.lastVerifiedRestore;
  return {
    state: status.state,
    copiedAgo: status.newestCopyAt && ago(now.getTime() - new Date(status.newestCopyAt).getTime()),
    verified: verified && {
      when: buenosAiresDayAndTime(new Date(verified.at), now),
      leads: `${verified.leads.toLocaleString("es-AR")} ${verified.leads === 1 ? "consulta" : "consultas"}`,
    },
    pending: status.pending,
    problem: status.problem,
    installation: status.installation,
  };
}

/** "hace 40 s", "hace 3 min", "hace 2 h", "hace 3 días". */
export function ago(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `hace ${seconds} s`;
  if (seconds < 3600) return `hace ${Math.floor(seconds / 60)} min`;
  if (seconds < 48 * 3600) return `hace ${Math.floor(seconds / 3600)} h`;
  return `hace ${Math.floor(seconds / 86_400)} días`;
}
