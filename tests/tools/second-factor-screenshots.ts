/**
 * Screenshots of the owner's factors at 390 and 1280 px wide, for a person to
 * look at: the first sign-in (the printed code, the first factor, the recovery
 * codes to keep), the security page, adding a passkey (its name kept through
 * the confirmation), the sign-in's second step, the confirmation, and the
 * «no fui yo» page with the pause it leaves in Seguridad.
 * `node tests/tools/second-factor-screenshots.ts <folder>` (after a build).
 */
import { join } from "node:path";

import { chromium, type Page } from "playwright-core";
import { Secret, TOTP } from "otpauth";

import { chromiumFlags, chromiumPath } from "../../scripts/chromium.ts";
import { ownerEmail, ownerPassword, startInboxServer } from "../e2e/inbox-server.ts";
import { addVirtualAuthenticator } from "../webauthn.ts";

const folder = process.argv[2] ?? ".";
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });

async function enterPassword(page: Page, origin: string) {
  await page.goto(`${origin}/bandeja/ingresar`);
  await page.getByLabel("Email").fill(ownerEmail);
  await page.getByLabel("Contraseña").fill(ownerPassword);
  await page.getByRole("button", { name: "Ingresar", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/bandeja/ingresar");
  await page.waitForLoadState("networkidle");
}

try {
  for (const width of [390, 1280]) {
    const shot = (page: Page, name: string) =>
      page.screenshot({ path: join(folder, `${name}-${width}.png`), fullPage: true });
    const inbox = await startInboxServer({ owner: false });
    const printed = await inbox.createAccount();
    const origin = inbox.url.replace("127.0.0.1", "localhost");
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await addVirtualAuthenticator(page);
    await enterPassword(page, origin);
    await shot(page, "primer-ingreso-codigo");
    await page.getByLabel("Código de primer ingreso").fill(printed);
    await page.getByRole("button", { name: "Seguir" }).click();
    await page.getByRole("img", { name: /Código QR/ }).waitFor();
    await page.waitForLoadState("networkidle");
    await shot(page, "primer-ingreso-factor");
    const secret = (await page.locator("[data-totp-secret]").textContent())!.replace(/\s/g, "");
    const code = () => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: inbox.now().getTime() });
    await page.getByLabel("Código que muestra la app").fill(code());
    await page.getByRole("button", { name: "Activar y entrar" }).click();
    await page.getByRole("list", { name: "Códigos de recuperación" }).waitFor();
    await shot(page, "primer-ingreso-codigos");
    await page.getByRole("link", { name: "Ya los guardé" }).click();
    await page.waitForURL((url) => url.pathname === "/bandeja");

    // A passkey, its name typed before the confirmation.
    inbox.advance(11 * 60_000);
    await page.goto(`${origin}/bandeja/seguridad`);
    await page.waitForLoadState("networkidle");
    await page.getByLabel("Nombre de la llave").fill("Teléfono de Laura");
    await page.getByRole("button", { name: "Agregar llave de acceso" }).click();
    await page.waitForURL((url) => url.pathname === "/bandeja/confirmar");
    await shot(page, "confirmar-contrasena");
    await page.getByLabel("Contraseña").fill(ownerPassword);
    await page.getByRole("button", { name: "Confirmar con la contraseña" }).click();
    await page.getByRole("button", { name: "Confirmar con el código" }).waitFor();
    await shot(page, "confirmar-factor");
    inbox.advance(30_000);
    await page.getByLabel("Código", { exact: true }).fill(code());
    await page.getByRole("button", { name: "Confirmar con el código" }).click();
    await page.waitForURL((url) => url.pathname === "/bandeja/seguridad");
    await page.waitForLoadState("networkidle");
    await shot(page, "seguridad-nombre-guardado");
    await page.getByRole("button", { name: "Agregar llave de acceso" }).click();
    await page.getByRole("status").waitFor();
    await shot(page, "seguridad-con-factores");

    await page.getByRole("button", { name: "Salir" }).click();
    await page.waitForLoadState("networkidle");
    await enterPassword(page, origin);
    await shot(page, "segundo-paso");

    // «No fui yo» from a factor-change e-mail, then the pause in Seguridad.
    const token = "enlace-de-captura-de-pantalla-0123456789";
    const { createHash } = await import("node:crypto");
    await inbox.store.db
      .insertInto("inbox_owner_codes")
      .values({
        token_hash: createHash("sha256").update(`not-me:${token}`).digest("hex"),
        purpose: "not-me",
        change_at: inbox.now().toISOString(),
        created_at: inbox.now().toISOString(),
        expires_at: new Date(inbox.now().getTime() + 86_400_000).toISOString(),
      })
      .execute();
    await page.goto(`${origin}/bandeja/no-fui-yo?clave=${token}`);
    await page.waitForLoadState("networkidle");
    await shot(page, "no-fui-yo");
    await page.getByRole("button", { name: "No fui yo: poner en pausa" }).click();
    await page.getByRole("status").waitFor();
    await shot(page, "no-fui-yo-listo");
    await page.goto(`${origin}/bandeja/ingresar/verificar`);
    await page.getByRole("button", { name: "Usar mi llave de acceso" }).click();
    await page.waitForURL((url) => url.pathname === "/bandeja");
    await page.goto(`${origin}/bandeja/seguridad`);
    await page.waitForLoadState("networkidle");
    await shot(page, "seguridad-en-pausa");
    await page.close();
    await inbox.stop();
  }
  console.log(`Screenshots in ${folder}`);
} finally {
  await browser.close();
}
