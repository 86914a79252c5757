import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

import type { Locator, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";

import { inboxPaths } from "../../app/features/inbox/paths.ts";
import { clientDirOf } from "../../server/build-layout.ts";
import { headerPolicyFile } from "../../server/headers.ts";
import type { SiteBuilder } from "../../server/site/site-builder.ts";
import { startSmtpCatcher } from "../service/smtp-catcher.ts";
import { confirmWithPassword, expect, hydrated, test } from "./inbox-fixtures.ts";
import { ownerEmail, startInboxServer, type InboxServer } from "./inbox-server.ts";
import { addPasskey, localOrigin, signInWithAuthenticator } from "./passkeys.ts";

/**
 * Seguridad after the owner renamed the business (issue 35 and decision 0024), at 390 px in
 * Chromium with a passkey and a real SMTP server: a passkey the owner does not recognise is
 * reported from its e-mail («No fui yo»), Seguridad shows the pause and «Resolver» removes
 * that passkey; the last factor left cannot be removed; and an authenticator app set up now
 * reads the published name in its QR code. The pages are a stand-in build: the public site
 * is not what this tests.
 */
test.describe.configure({ timeout: 180_000 });

const newName = "Estudio Dársena Norte";
const shots = process.env.OWNER_WALK_SHOTS;

const standInBuilder: SiteBuilder = async (_env, outDir) => {
  mkdirSync(join(clientDirOf(outDir), "assets"), { recursive: true });
  writeFileSync(join(clientDirOf(outDir), "index.html"), "<!doctype html><title>x</title>");
  mkdirSync(dirname(headerPolicyFile(outDir)), { recursive: true });
  writeFileSync(headerPolicyFile(outDir), JSON.stringify({ formServiceUrl: "", scriptHashes: [] }));
};

/**
 * Presses a Seguridad button until `outcome` shows: when the page asks for the confirmation
 * first, gives it (the password again and the app's code) and presses again.
 */
async function press(page: Page, inbox: InboxServer, button: () => Locator, outcome: Locator): Promise<void> {
  await button().click();
  const asked = page.getByRole("heading", { name: "Confirmá que sos vos" });
  await expect(asked.or(outcome).first()).toBeVisible();
  if (await asked.isVisible()) {
    await confirmWithPassword(page, inbox);
    await expect(page).toHaveURL(/\/bandeja\/seguridad/);
    await hydrated(page);
    await button().click();
  }
  await expect(outcome).toBeVisible();
}

test("after a rename: «No fui yo», then «Resolver» in Seguridad; the last factor kept; a new authenticator app named with the published name", async ({
  page,
  browser,
  guard,
}) => {
  void guard;
  const smtp = await startSmtpCatcher();
  const inbox = await startInboxServer({
    build: standInBuilder,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      LEADS_NOTIFY_TO: ownerEmail,
      LEADS_WEEKLY_SUMMARY: "off",
    },
  });
  const shot = async (name: string) => {
    if (!shots) return;
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: join(shots, `seguridad-${name}-390.png`) });
  };
  try {
    await inbox.store.siteVersions.saveDrafts({ SITE_BUSINESS_NAME: newName }, {}, new Date());
    await inbox.publishing.publisher.publish(ownerEmail);
    await page.setViewportSize({ width: 390, height: 900 });
    const origin = localOrigin(inbox);
    await signInWithAuthenticator(page, inbox, inboxPaths.security);

    // A passkey the owner will not recognise: its e-mail, from the published name, carries «No fui yo».
    await addPasskey(page, inbox, "Llave desconocida");
    await expect.poll(() => smtp.messages.length, { timeout: 20_000 }).toBeGreaterThan(0);
    const notice = smtp.messages.at(-1)!;
    expect(notice.headers.get("from")).toContain(newName);
    const clave = /clave=([A-Za-z0-9_-]+)/.exec(`${notice.text}\n${notice.html}`)?.[1];
    expect(clave).toBeDefined();

    // Pressed from the e-mail, in a browser with no session.
    const mailbox = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const notMe = await mailbox.newPage();
    await notMe.goto(`${origin}${inboxPaths.notMe}?clave=${clave}`);
    await hydrated(notMe);
    await notMe.getByRole("button", { name: "No fui yo: poner en pausa" }).click();
    await expect(notMe.getByRole("status")).toContainText(
      "Listo: publicar y cambiar las llaves quedó en pausa.",
    );
    await mailbox.close();

    // Seguridad shows the pause; «Resolver» with the password and the app the owner already had.
    await page.goto(`${origin}${inboxPaths.security}`);
    await hydrated(page);
    const paused = page.getByRole("region", { name: "Publicar y cambiar llaves está en pausa" });
    await expect(paused).toBeVisible();
    await shot("en-pausa");
    inbox.advance(11 * 60_000);
    await press(
      page,
      inbox,
      () => page.getByRole("button", { name: "Resolver y volver a permitir" }),
      page.getByRole("status").filter({
        hasText: "Listo: se quitaron las llaves agregadas desde el aviso, y se puede publicar de nuevo.",
      }),
    );
    await expect(paused).toHaveCount(0);
    await expect(page.getByText("Llave desconocida")).toHaveCount(0);
    expect(await inbox.store.db.selectFrom("inbox_passkeys").selectAll().execute()).toEqual([]);
    await shot("resuelto");

    // The app is now the only factor: it cannot be removed.
    await press(
      page,
      inbox,
      () => page.getByRole("button", { name: /^Quitar la app agregada el / }),
      page.getByRole("alert").filter({
        hasText: "No se puede quitar: es tu única forma de confirmar que sos vos. Agregá otra antes.",
      }),
    );
    await expect(page.getByRole("alert")).toBeInViewport();
    await expect(page.getByText("Activada: al ingresar podés usar sus códigos.")).toBeVisible();
    expect(await inbox.store.secondFactors.anyFactor()).toBe(true);
    await shot("ultimo-factor");

    // With a passkey of the owner's own, the app can go, and a new one is set up: its QR code names the published name.
    inbox.advance(11 * 60_000);
    await addPasskey(page, inbox, "Mi teléfono");
    await press(
      page,
      inbox,
      () => page.getByRole("button", { name: /^Quitar la app agregada el / }),
      page.getByRole("status").filter({ hasText: "Se quitó la app de autenticación." }),
    );
    const qr = page.getByRole("img", { name: "Código QR para configurar la app de autenticación" });
    await press(
      page,
      inbox,
      () => page.getByRole("button", { name: "Configurar una app de autenticación" }),
      qr,
    );
    await shot("app-nueva");
    const secret = (await page.locator("[data-totp-secret]").innerText()).replace(/\s/g, "");
    // Beside the QR code, the same secret as a link the phone showing the page can open.
    const link = await page.locator("[data-totp-link]").getAttribute("href");
    expect(link).toMatch(/^otpauth:\/\/totp\//);
    expect(new URL(link!).searchParams.get("secret")).toBe(secret);
    const drawn = Buffer.from((await qr.getAttribute("src"))!.split(",")[1]!, "base64").toString("utf8");
    const qrFor = (issuer: string) =>
      renderSVG(
        new TOTP({
          issuer,
          label: ownerEmail,
          algorithm: "SHA1",
          digits: 6,
          period: 30,
          secret: Secret.fromBase32(secret),
        }).toString(),
        { border: 2, ecc: "M" },
      );
    expect(drawn).toBe(qrFor(newName));
    expect(drawn).not.toBe(qrFor("Madero Tasaciones (ejemplo)"));
  } finally {
    await inbox.stop();
    await smtp.stop();
  }
});
