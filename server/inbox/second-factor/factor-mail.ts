import {
  composeMail,
  siteLink,
  type Mail,
  type MailLine,
  type MailSender,
  type MailSite,
} from "../../mail/mail.ts";
import { buenosAiresTime } from "#app/lib/buenos-aires-time.ts";
import { inboxPaths } from "#app/features/inbox/paths.ts";

/**
 * The owner's e-mail when a second factor is added or removed: a change the
 * owner did not make is noticed at once, with what to do about it.
 */
export type FactorChange =
  | { kind: "passkey-added" | "passkey-removed"; name: string }
  /** An app by when it was added («06/12/2026, 05:40»): apps have no name, and several may be enabled. */
  | { kind: "totp-added" | "totp-removed"; addedText: string }
  | { kind: "all-removed-on-server" }
  /** A «no fui yo» resolved: the factors it took away, each as `factorWords` says it. */
  | { kind: "unfrozen"; removed: string[] };

/** A factor in the owner's words, the way a change names it. */
export const factorWords = {
  passkey: (name: string) => `la llave de acceso «${name}»`,
  app: (addedText: string) => `la app de autenticación agregada el ${addedText}`,
};

const nothingElse = "No se quitó ninguna otra llave ni app.";

/** The change in one sentence, naming exactly what was added and what was removed (mail and inbox). */
export function describeFactorChange(change: FactorChange): string {
  switch (change.kind) {
    case "passkey-added":
      return `Se agregó ${factorWords.passkey(change.name)}. ${nothingElse}`;
    case "passkey-removed":
      return `Se quitó ${factorWords.passkey(change.name)}.`;
    case "totp-added":
      return `Se agregó una app de autenticación (agregada el ${change.addedText}), junto a las que ya había. ${nothingElse}`;
    case "totp-removed":
      return `Se quitó ${factorWords.app(change.addedText)}.`;
    case "all-removed-on-server":
      return "Se cambió la contraseña en el servidor (npm run owner:password): se quitaron todas las llaves de acceso, los códigos y los códigos de recuperación, y se cerraron todas las sesiones.";
    case "unfrozen":
      return change.removed.length === 0
        ? "Se volvió a permitir publicar y cambiar las llaves; no había llaves ni apps agregadas desde el cambio de «no fui yo»."
        : `Se volvió a permitir publicar y cambiar las llaves; se quitó lo agregado desde el cambio de «no fui yo»: ${change.removed.join(", ")}.`;
  }
}

export function composeFactorEmail(
  change: FactorChange,
  at: Date,
  site: MailSite,
  notMeToken?: string,
): Mail {
  const sentence = describeFactorChange(change);
  const notMe = notMeToken && notMeLink(site, notMeToken);
  const lines: MailLine[] = [
    sentence,
    `Cuándo: ${buenosAiresTime(at)} (hora de Buenos Aires).`,
    "Si fuiste vos, no hace falta hacer nada.",
    ...(notMe
      ? [
          "Si no fuiste vos, abrí este enlace y tocá «No fui yo»: nadie podrá publicar en el sitio ni cambiar las llaves hasta que lo resuelvas desde la bandeja con una llave que ya tenías, o cambiando la contraseña en el servidor.",
          { text: "No fui yo", href: notMe },
        ]
      : [
          `Si no fuiste vos, alguien tiene tu contraseña: en el servidor, cambiala con «npm run owner:password» (quita todas las llaves y cierra todas las sesiones) y revisá ${inboxPaths.security}.`,
        ]),
  ];
  return composeMail(site, {
    subject: `Bandeja: ${sentence}`,
    blocks: lines.map((line) => ({ paragraph: line })),
  });
}

/** The «no fui yo» address of a change, on the installer's address. */
export function notMeLink(site: Pick<MailSite, "siteUrl">, token: string): string {
  return siteLink(site, `${inboxPaths.notMe}?${new URLSearchParams({ clave: token })}`);
}

/** Sends the e-mail of a change; a failure is logged, never undoes the change. */
export function factorMailer(
  send: MailSender | undefined,
  /** Read at each change: the name published then. */
  site: () => MailSite,
  now: () => Date,
  log: (message: string) => void = (message) => console.error(message),
): (change: FactorChange, notMeToken?: string) => Promise<void> {
  return async (change, notMeToken) => {
    if (!send) return;
    try {
      await send(composeFactorEmail(change, now(), site(), notMeToken));
    } catch (error) {
      log(`No se pudo enviar el aviso de cambio de factor: ${(error as Error).message}`);
    }
  };
}

/** The e-mail with a first-factor code, asked for from the first sign-in. */
export function composeFirstFactorEmail(code: string, expiresAt: Date, site: MailSite): Mail {
  return composeMail(site, {
    subject: "Bandeja: tu código de primer ingreso",
    blocks: [
      { paragraph: `Tu código de primer ingreso a la bandeja: ${code}` },
      {
        paragraph: `Escribilo en la página de primer ingreso. Sirve una sola vez, hasta las ${buenosAiresTime(expiresAt)} (hora de Buenos Aires).`,
      },
      {
        paragraph:
          "Si no lo pediste vos, alguien tiene tu contraseña: no compartas este código y pedí que la cambien en el servidor.",
      },
    ],
  });
}

/** Sends a first-factor code; false (and logged) when it could not be sent. */
export function firstFactorCodeMailer(
  send: MailSender,
  site: () => MailSite,
  log: (message: string) => void = (message) => console.error(message),
): (code: string, expiresAt: Date) => Promise<boolean> {
  return async (code, expiresAt) => {
    try {
      await send(composeFirstFactorEmail(code, expiresAt, site()));
      return true;
    } catch (error) {
      log(`No se pudo enviar el código de primer ingreso: ${(error as Error).message}`);
      return false;
    }
  };
}
