import type { Page } from "@playwright/test";

import { expect, hydrated, test as base } from "./fixtures.ts";
import {
  latestInboxServer,
  ownerEmail,
  ownerPassword,
  startInboxServer,
  type InboxServer,
} from "./inbox-server.ts";

/**
 * Inbox browser tests: a fresh server per test (tests/e2e/inbox-server.ts),
 * and a guard on the page that fails the test if anything a visitor typed
 * ever ran as script: a dialog opened, an uncaught error, or a
 * Content-Security-Policy violation (reported by the browser's own
 * `securitypolicyviolation` event).
 */
type InboxFixtures = {
  inbox: InboxServer;
  guard: { dialogs: string[]; errors: string[]; cspViolations: string[] };
};

export const test = base.extend<InboxFixtures>({
  // Playwright reads a fixture's dependencies from this pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  inbox: async ({}, use) => {
    const server = await startInboxServer();
    await use(server);
    await server.stop();
  },
  guard: async ({ page }, use) => {
    const guard = { dialogs: [] as string[], errors: [] as string[], cspViolations: [] as string[] };
    page.on("dialog", async (dialog) => {
      guard.dialogs.push(dialog.message());
      await dialog.dismiss();
    });
    page.on("pageerror", (error) => guard.errors.push(error.message));
    await page.exposeFunction("__reportCspViolation", (violation: string) =>
      guard.cspViolations.push(violation),
    );
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const report = (window as unknown as { __reportCspViolation: (text: string) => void })
          .__reportCspViolation;
        void report(`${event.effectiveDirective} ${event.blockedURI} ${event.sample}`);
      });
    });
    await use(guard);
    expect(guard, "nothing a visitor typed may run, and the inbox never breaks its CSP").toEqual({
      dialogs: [],
      errors: [],
      cspViolations: [],
    });
  },
});

/**
 * Signs in through the login form and the second step (the suite's owner has
 * the authenticator app since the first sign-in, decision 0024), then waits
 * for the interactive page. The sign-in's own confirmation is then let lapse
 * (the inbox's clock moves 11 minutes), so the flows that ask for a fresh
 * confirmation still ask.
 */
export async function logIn(page: Page, inbox: InboxServer, path = "/bandeja"): Promise<void> {
  await page.goto(`${inbox.url}${path}`);
  await enterPasswordAndCode(page, inbox);
}

/** The login form and the second step, on whatever origin the page is at. */
export async function enterPasswordAndCode(page: Page, inbox: InboxServer): Promise<void> {
  await page.getByLabel("Email").fill(ownerEmail);
  await page.getByLabel("Contraseña").fill(ownerPassword);
  await page.getByRole("button", { name: "Ingresar", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/bandeja/ingresar/verificar");
  await page.getByLabel("Código", { exact: true }).fill(inbox.ownerCode());
  await page.getByRole("button", { name: "Confirmar con el código" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/bandeja/ingresar"));
  inbox.advance(11 * 60_000);
  // The page again, as it is once the sign-in's confirmation lapsed (its export links ask again).
  await page.reload();
  await hydrated(page);
}

/**
 * The fresh confirmation (decisions 0018 and 0024): the password typed again
 * when the action asks for it, and the owner's authenticator code, then back
 * to the page that asked.
 */
export async function confirmWithPassword(page: Page, inbox = latestInboxServer!): Promise<void> {
  await expect(page.getByRole("heading", { name: "Confirmá que sos vos" })).toBeVisible();
  await hydrated(page);
  const withPassword = page.getByRole("button", { name: "Confirmar con la contraseña" });
  if (await withPassword.isVisible()) {
    await page.getByLabel("Contraseña").fill(ownerPassword);
    await withPassword.click();
    // Back where it asked, or on to the factor.
    await expect(withPassword).toBeHidden();
    await hydrated(page);
  }
  if (new URL(page.url()).pathname === "/bandeja/confirmar") {
    await page.getByLabel("Código", { exact: true }).fill(inbox.ownerCode());
    await page.getByRole("button", { name: "Confirmar con el código" }).click();
  }
  await page.waitForURL((url) => url.pathname !== "/bandeja/confirmar");
  await hydrated(page);
}

export { expect, hydrated };
