import { labelOf, shownFact } from "#app/config/site-facts.ts";
import { describeTowerChange } from "#app/content/tower-edits.ts";
import { composeMail, siteLink, type Mail, type MailSite } from "../mail/mail.ts";
import type { SiteVersion } from "../storage/site-version-rows.ts";
import type { PhotoChange } from "./photos/photo-store.ts";
import { buenosAiresTime } from "#app/lib/buenos-aires-time.ts";
import { inboxPaths } from "#app/features/inbox/paths.ts";

/**
 * The owner's e-mail after every publication and undo: what changed, fact by
 * fact ("Cambió el número de WhatsApp: … → …"), who and when, and where to
 * undo it. A change the owner did not make is noticed at once.
 */

/** What the owner is told after each publication or undo. */
export type PublicationNotice = {
  version: SiteVersion;
  previousNumber: number | undefined;
  /** The photos it changed (decision 0020, photos). */
  photoChanges: PhotoChange[];
};

export function composePublicationEmail(notice: PublicationNotice, site: MailSite): Mail {
  const { version, previousNumber } = notice;
  // Worded by the version it brings back, as the owner chose it and as the inbox says it.
  const what =
    version.kind === "restauración"
      ? version.restoredNumber === 0
        ? `El sitio volvió a los datos de la instalación (queda como versión ${version.number}).`
        : `El sitio volvió a la versión ${version.restoredNumber} (queda como versión ${version.number}).`
      : `Se publicó la versión ${version.number} del sitio.`;
  const changes = [
    ...version.changes.map(
      (change) =>
        `Cambió «${labelOf(change.variable)}»: ${shownFact(change.variable, change.before) || "(vacío)"} → ${shownFact(change.variable, change.after) || "(vacío)"}`,
    ),
    ...(version.towerChanges ?? []).map(describeTowerChange),
    ...notice.photoChanges.map((change) => `Cambió la «${change.label}»: ${change.before} → ${change.after}`),
  ];
  const undo =
    previousNumber === undefined
      ? `Para deshacerlo, en ${siteLink(site, inboxPaths.site)} elegí «Volver a los datos de la instalación».`
      : `Para deshacerlo, en ${siteLink(site, inboxPaths.site)} elegí «Volver a la versión ${previousNumber}».`;
  const by = `Por ${version.publishedBy}, el ${buenosAiresTime(version.createdAt)} (hora de Buenos Aires).`;
  const warning = "Si no fuiste vos, deshacelo ahora y cambiá tu contraseña.";
  return composeMail(site, {
    subject: `${what.replace(/\.$/, "")}: ${changes.length} ${changes.length === 1 ? "cambio" : "cambios"}`,
    blocks: [
      { paragraph: what },
      { paragraph: by },
      { list: changes },
      { paragraph: undo },
      { paragraph: warning },
    ],
  });
}
