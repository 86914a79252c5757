/**
 * Screenshots of the owner's second factor at 390 and 1280 px wide, for a
 * person to look at: the security page, adding a passkey (with the recovery
 * codes it shows once), signing in with it, the confirmation step, the
 * authenticator app's QR code and the sign-in's second step.
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

async function signIn(page: Page, origin: string) {
  await page.goto(`${origin}/bandeja/ingresar`);
  await page.getByLabel("Email").fill(ownerEmail);
  await page.getByLabel("Contraseña").fill(ownerPassword);
  await page.getByRole("button", { name: "Ingresar", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/bandeja/ingresar");
}

async function confirmPassword(page: Page) {
  await page.getByLabel("Contraseña").fill(ownerPassword);
  await page.getByRole("button", { name: "Confirmar con la contraseña" }).click();
  await page.waitForURL((url) => url.pathname !== "/bandeja/confirmar");
  await page.waitForLoadState("networkidle");
}

try {
  for (const width of [390, 1280]) {
    const shot = (page: Page, name: string) =>
      page.screenshot({ path: join(folder, `${name}-${width}.png`), fullPage: true });
    const inbox = await startInboxServer();
    const origin = inbox.url.replace("127.0.0.1", "localhost");
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    await addVirtualAuthenticator(page);
    await signIn(page, origin);
    await page.goto(`${origin}/bandeja/seguridad`);
    await page.waitForLoadState("networkidle");
    await shot(page, "seguridad-sin-factor");
    await page.getByRole("button", { name: "Agregar llave de acceso" }).click();
    await page.waitForURL((url) => url.pathname === "/bandeja/confirmar");
    await shot(page, "confirmar-contrasena");
    await confirmPassword(page);
    await page.getByLabel("Nombre de la llave").fill("Teléfono de Laura");
    await page.getByRole("button", { name: "Agregar llave de acceso" }).click();
    await page.getByRole("status").waitFor();
    await shot(page, "llave-agregada-codigos");

    await page.getByRole("button", { name: "Configurar una app de autenticación" }).click();
    await page.getByRole("img", { name: /Código QR/ }).waitFor();
    await shot(page, "app-qr");
    const secret = (await page.locator("[data-totp-secret]").textContent())!.replace(/\s/g, "");
    await page
      .getByLabel("Código que muestra la app")
      .fill(TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: inbox.now().getTime() }));
    await page.getByRole("button", { name: "Activar" }).click();
    await page.getByRole("status").waitFor();
    await shot(page, "seguridad-con-factores");

    await page.getByRole("button", { name: "Salir" }).click();
    await page.waitForLoadState("networkidle");
    await shot(page, "ingresar-con-llave");
    await signIn(page, origin);
    await shot(page, "segundo-paso");
    await page.getByRole("button", { name: "Usar mi llave de acceso" }).click();
    await page.waitForURL((url) => url.pathname === "/bandeja");
    inbox.advance(11 * 60_000);
    await page.goto(`${origin}/bandeja/confirmar?para=datos&volver=/bandeja`);
    await page.waitForLoadState("networkidle");
    await shot(page, "confirmar-factor");
    await page.close();
    await inbox.stop();
  }
  console.log(`Screenshots in ${folder}`);
} finally {
  await browser.close();
}
