import type { Page } from "@playwright/test";

import { addVirtualAuthenticator } from "../webauthn.ts";
import { confirmWithPassword, enterPasswordAndCode, expect, hydrated } from "./inbox-fixtures.ts";
import type { InboxServer } from "./inbox-server.ts";

/**
 * The owner's steps with a passkey, shared by the browser tests that need one
 * (the second factor itself, a publication confirmed with it). WebAuthn
 * refuses IP addresses ("This is an invalid domain"), so the inbox is opened
 * at http://localhost:PORT, as the owner would on the server.
 */
export const localOrigin = (inbox: InboxServer) => inbox.url.replace("127.0.0.1", "localhost");

/** The password and the authenticator code the suite's owner enrolled at the first sign-in (decision 0024). */
export async function signInWithPassword(page: Page, inbox: InboxServer, path = "/bandeja"): Promise<void> {
  await page.goto(`${localOrigin(inbox)}${path}`);
  await enterPasswordAndCode(page, inbox);
}

/** Where a test of passkeys starts: a virtual authenticator in the page, then the password sign-in. */
export async function signInWithAuthenticator(
  page: Page,
  inbox: InboxServer,
  path = "/bandeja",
): Promise<void> {
  await addVirtualAuthenticator(page);
  await signInWithPassword(page, inbox, path);
}

/**
 * Adds a passkey at /bandeja/seguridad: its name typed first, then the
 * password typed again and the owner's code; the name is still there after
 * the confirmation (issue 35's owner's words).
 */
export async function addPasskey(page: Page, inbox: InboxServer, name: string): Promise<void> {
  await page.goto(`${localOrigin(inbox)}/bandeja/seguridad`);
  await hydrated(page);
  await page.getByLabel("Nombre de la llave").fill(name);
  await page.getByRole("button", { name: "Agregar llave de acceso" }).click();
  // The confirmation first (and nothing registered before it).
  await confirmWithPassword(page, inbox);
  await expect(page).toHaveURL(new RegExp(`^${localOrigin(inbox)}/bandeja/seguridad`));
  await expect(page.getByLabel("Nombre de la llave")).toHaveValue(name);
  await page.getByRole("button", { name: "Agregar llave de acceso" }).click();
  await expect(page.getByRole("status")).toHaveText(`Se agregó la llave «${name}».`);
}

/** The confirmation page («Confirmá que sos vos») answered with the passkey, back at the page that asked. */
/**
 * After the confirmation, a held publication or undo shows what goes live and waits for the
 * owner's press (decision 0035): presses it.
 */
export async function pressHeldWork(page: Page): Promise<void> {
  const held = page.getByRole("region", { name: /^¿(Publicar estos cambios|Volver a .+)\?$/ });
  await expect(held).toBeVisible();
  await held.getByRole("button").first().click();
}

export async function confirmWithPasskey(page: Page, backTo: string): Promise<void> {
  await expect(page.getByRole("heading", { name: "Confirmá que sos vos" })).toBeVisible();
  await hydrated(page);
  await page.getByRole("button", { name: "Confirmar con mi llave de acceso" }).click();
  await page.waitForURL((url) => url.pathname === backTo);
  await hydrated(page);
}
