import type { BackupGlance } from "#app/features/inbox/inbox-service.ts";
import type { BackupStatus } from "../backup/backup-service.ts";

/** The backup's state as the inbox shows it: ages in words, times on Buenos Aires clocks. */
export function backupGlance(status: BackupStatus, now: Date): BackupGlance {
  const verified = status.lastVerifiedRestore;
  return {
    state: status.state,
    copiedAgo: status.newestCopyAt && ago(now.getTime() - new Date(status.newestCopyAt).getTime()),
    verified: verified && {
      when: dayAndTime(new Date(verified.at), now),
      leads: `${verified.leads.toLocaleString("es-AR")} ${verified.leads === 1 ? "consulta" : "consultas"}`,
    },
    pending: status.pending,
    problem: status.problem,
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

const buenosAires = "America/Argentina/Buenos_Aires";
const weekdayAndTime = new Intl.DateTimeFormat("es-AR", {
  timeZone: buenosAires,
  weekday: "long",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const dateAndTime = new Intl.DateTimeFormat("es-AR", {
  timeZone: buenosAires,
  day: "2-digit",
  month: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "lunes 08:10" within the last six days (a weekly drill's last result); "16/11 08:10" before. */
export function dayAndTime(at: Date, now: Date): string {
  const recent = now.getTime() - at.getTime() < 6 * 86_400_000;
  return (recent ? weekdayAndTime : dateAndTime).format(at).replace(",", "");
}
