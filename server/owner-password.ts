/**
 * Creates the inbox's owner account, or resets its password:
 *   printf '%s' "$PASSWORD" | npm run --silent owner:password -- owner@example.com
 * The password is read from standard input (typed, hidden, when it is a
 * terminal), so it never appears in the shell history or the process list.
 * Uses the same database as the service (LEADS_DATA_DIR or DATABASE_URL).
 * A reset ends every open session and every factor.
 *
 * It prints the single-use code of the owner's first sign-in (decision 0024)
 * on a line of its own, `Código de primer ingreso: XXXX-XXXX-XXXX-XXXX`, for
 * whoever runs it (the owner, or the installer that hands it over): the
 * password alone never enrols a factor.
 */
import { stdin, stderr, stdout } from "node:process";

import { Store } from "./storage/store.ts";
import { emailProblem, OwnerAuth } from "./inbox/owner-auth.ts";
import { passwordProblem } from "./inbox/password.ts";
import { factorMailer } from "./inbox/second-factor/factor-mail.ts";
import { issueFirstFactorCode, printedCodeLifetimeMs } from "./inbox/second-factor/owner-codes.ts";
import { buenosAiresTime } from "#app/lib/buenos-aires-time.ts";
import { smtpSender } from "./leads/notify/email.ts";
import { loadServiceConfig, type ServiceConfig } from "./leads/service-config.ts";
import { dataFolderProblem, privateUmask } from "./private-files.ts";
import type { SiteConfig } from "#app/config/site-config.ts";
import { readPublishedSite } from "./site/published-site.ts";
import { inboxRoot } from "#app/features/inbox/paths.ts";

// The database it may create holds the password hash: only the service's user reads it, whatever the shell's umask.
process.umask(privateUmask);

const usage = "Uso: printf '%s' \"$CONTRASEÑA\" | npm run --silent owner:password -- titular@ejemplo.com";

function fail(message: string): never {
  stderr.write(`${message}\n`);
  process.exit(1);
}

async function readPiped(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(chunk as Buffer);
  let text: string;
  try {
    // Bytes that are not UTF-8 would become U+FFFD here and could never be typed at the login.
    text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    fail(
      "La contraseña llegó con bytes que no son UTF-8: el formulario de ingreso no podría enviarla. No se cambió nada.",
    );
  }
  // `echo` adds a line break the owner did not mean as part of the password.
  return text.replace(/\r?\n$/, "");
}

/** Reads one line from the terminal without showing it. */
function readHidden(prompt: string): Promise<string> {
  stdout.write(prompt);
  stdin.setRawMode(true);
  stdin.resume();
  let typed = "";
  return new Promise((resolve) => {
    function onData(chunk: Buffer) {
      for (const character of chunk.toString("utf8")) {
        if (character === "\r" || character === "\n") {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off("data", onData);
          stdout.write("\n");
          resolve(typed);
          return;
        }
        if (character === "\u0003") fail("\nCancelado.");
        typed = character === "\u007f" ? [...typed].slice(0, -1).join("") : typed + character;
      }
    }
    stdin.on("data", onData);
  });
}

/** The same e-mail as any factor removed in the inbox, when SMTP_URL and LEADS_NOTIFY_TO are set. */
async function tellOwner(versions: Store["siteVersions"]): Promise<void> {
  let smtp: ServiceConfig["smtp"];
  let site: SiteConfig;
  try {
    smtp = loadServiceConfig(process.env).smtp;
    // The name the owner published, as every other e-mail has it.
    site = (await readPublishedSite(versions, process.env)).site;
  } catch (error) {
    stderr.write(`No se envió el aviso por e-mail: ${(error as Error).message}\n`);
    return;
  }
  if (!smtp) return;
  await factorMailer(
    smtpSender(smtp.url, smtp.to),
    () => site,
    () => new Date(),
    (line) => stderr.write(`${line}\n`),
  )({ kind: "all-removed-on-server" });
}

const email = process.argv[2];
if (!email || process.argv.length > 3) fail(`Falta el email de la cuenta (y solo eso).\n${usage}`);
const emailError = emailProblem(email);
if (emailError) fail(emailError);

let password: string;
if (stdin.isTTY) {
  password = await readHidden("Contraseña nueva (no se muestra): ");
  if ((await readHidden("Repetila: ")) !== password)
    fail("Las dos contraseñas no coinciden. No se cambió nada.");
} else {
  password = await readPiped();
}
if (password === "") fail(`No llegó ninguna contraseña por la entrada estándar.\n${usage}`);
const passwordError = passwordProblem(password);
if (passwordError) fail(`${passwordError} No se cambió nada.`);

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.LEADS_DATA_DIR ?? "data";
const openFolder = databaseUrl ? undefined : dataFolderProblem(dataDir);
if (openFolder) fail(`${openFolder} No se cambió nada.`);
const store = await Store.open({ databaseUrl, dataDir }).catch((error: unknown) =>
  fail(`No se pudo abrir la base de datos: ${(error as Error).message}`),
);
try {
  const auth = new OwnerAuth(store, {
    now: () => new Date(),
    hasFactor: () => store.secondFactors.anyFactor(),
  });
  const previous = await auth.ownerEmail();
  const hadFactors = await store.secondFactors.anyFactor();
  await auth.setOwner(email, password);
  const firstCode = await issueFirstFactorCode(store.secondFactors, new Date(), printedCodeLifetimeMs, {
    replace: true,
  });
  stdout.write(
    previous
      ? `Listo: contraseña cambiada para ${email.trim().toLowerCase()}. Se cerraron todas las sesiones abiertas.\n`
      : `Listo: cuenta creada para ${email.trim().toLowerCase()}. Ingresá en ${inboxRoot}.\n`,
  );
  if (hadFactors) {
    stdout.write(
      "Se quitaron todas las llaves de acceso, la app de autenticación y los códigos de recuperación.\n",
    );
    await tellOwner(store.siteVersions);
  }
  stdout.write(
    [
      "",
      `Código de primer ingreso: ${firstCode.code}`,
      "",
      `Al ingresar en ${inboxRoot} con el email y la contraseña, la bandeja pide este código y enseguida una llave de acceso o la app de autenticación del teléfono.`,
      `Sirve una sola vez, hasta el ${buenosAiresTime(firstCode.expiresAt)} (hora de Buenos Aires); después, volvé a correr este comando.`,
      "",
    ].join("\n"),
  );
} finally {
  await store.close();
}
