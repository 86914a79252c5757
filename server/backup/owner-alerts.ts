import { composeMail, type MailSender, type MailSite } from "../mail/mail.ts";
import type { BackupStatus, Drill } from "./backup-state.ts";

/**
 * The owner's e-mails about the off-site copy (decision 0019): copies behind by more than the
 * alert threshold, and a failed drill. Both say that leads are still being stored.
 */
export type OwnerAlert = { subject: string; text: string };

/**
 * Sends an alert through the owner's e-mail (SMTP_URL and LEADS_NOTIFY_TO), when there is one,
 * From the name published when it is sent (read from the database: this runs on its own thread).
 */
export function alertSender(
  send: MailSender | undefined,
  site: (() => Promise<MailSite>) | undefined,
): ((alert: OwnerAlert) => Promise<void>) | undefined {
  if (!send || !site) return undefined;
  return async ({ subject, text }) =>
    send(
      composeMail(await site(), {
        subject,
        blocks: text.split("\n\n").map((paragraph) => ({ paragraph })),
      }),
    );
}

export function drillFailed(drill: Drill): OwnerAlert {
  return {
    subject: "Copias de seguridad: la restauración de prueba falló",
    text: `La restauración de prueba de la copia fuera del servidor falló el ${drill.at}:\n\n${drill.problem}\n\nLas consultas siguen guardándose en el servidor. Avisale a quien instaló el servidor para que revise la copia.`,
  };
}

export function copiesBehind(status: BackupStatus): OwnerAlert {
  return {
    subject: "Copias de seguridad atrasadas",
    text: `La copia fuera del servidor está atrasada: lo último copiado es de ${status.newestCopyAt ?? "nunca"} y hay ${status.pending} cambios esperando.\n\n${status.problem ?? ""}\n\nLas consultas siguen guardándose en el servidor y se copiarán cuando el destino responda.`,
  };
}

/** An error in one line of at most 300 characters, for the log, the state and the e-mails. */
export function oneLine(error: unknown): string {
  const text =
    error instanceof Error
      ? `${error.name === "Error" ? "" : `${error.name}: `}${error.message}`
      : String(error);
  return text.replace(/\s+/g, " ").trim().slice(0, 300);
}
