import { composeMail, type Mail, type MailSender, type MailSite } from "../../mail/mail.ts";
import { buenosAiresTime } from "#app/lib/buenos-aires-time.ts";
import { inboxPaths } from "#app/features/inbox/paths.ts";

/**
 * The owner's e-mail when a second factor is added or removed: a change the
 * owner did not make is noticed at once, with what to do about it.
 */
export type FactorChange =
  | { kind: "passkey-added" | "passkey-removed"; name: string }
  | { kind: "totp-added" | "totp-removed" }
  | { kind: "all-removed-on-server" };

const what: Record<FactorChange["kind"], (change: FactorChange) => string> = {
  "passkey-added": (change) => `Se agregó la llave de acceso «${"name" in change ? change.name : ""}».`,
  "passkey-removed": (change) => `Se quitó la llave de acceso «${"name" in change ? change.name : ""}».`,
  "totp-added": () => "Se activaron los códigos de una app de autenticación.",
  "totp-removed": () => "Se desactivaron los códigos de la app de autenticación.",
  "all-removed-on-server": () =>
    "Se cambió la contraseña en el servidor (npm run owner:password): se quitaron todas las llaves de acceso, los códigos y los códigos de recuperación, y se cerraron todas las sesiones.",
};

export function composeFactorEmail(change: FactorChange, at: Date, site: MailSite): Mail {
  const sentence = what[change.kind](change);
  const lines = [
    sentence,
    `Cuándo: ${buenosAiresTime(at)} (hora de Buenos Aires).`,
    "",
    "Si fuiste vos, no hace falta hacer nada.",
    `Si no fuiste vos, alguien tiene tu contraseña: en el servidor, cambiala con «npm run owner:password» (quita todas las llaves y cierra todas las sesiones) y revisá ${inboxPaths.security}.`,
  ];
  return composeMail(site, {
    subject: `Bandeja: ${sentence}`,
    blocks: lines.filter(Boolean).map((line) => ({ paragraph: line })),
  });
}

/** Sends the e-mail of a change; a failure is logged, never undoes the change. */
export function factorMailer(
  send: MailSender | undefined,
  /** Read at each change: the name published then. */
  site: () => MailSite,
  now: () => Date,
  log: (message: string) => void = (message) => console.error(message),
): (change: FactorChange) => Promise<void> {
  return async (change) => {
    if (!send) return;
    try {
      await send(composeFactorEmail(change, now(), site()));
    } catch (error) {
      log(`No se pudo enviar el aviso de cambio de factor: ${(error as Error).message}`);
    }
  };
}
