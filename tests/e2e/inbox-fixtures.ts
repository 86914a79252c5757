import type { Page } from "@playwright/test";

import { expect, hydrated, test as base } from "./fixtures.ts";
import { ownerEmail, ownerPassword, startInboxServer, type InboxServer } from "./inbox-server.ts";

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

/** Signs in through the login form and waits for the interactive list. */
export async function logIn(page: Page, inbox: InboxServer, path = "/bandeja"): Promise<void> {
  await page.goto(`${inbox.url}${path}`);
  await page.getByLabel("Email").fill(ownerEmail);
  await page.getByLabel("Contraseña").fill(ownerPassword);
  await page.getByRole("button", { name: "Ingresar", exact: true }).click();
  await page.waitForURL((url) => url.pathname !== "/bandeja/ingresar");
  await hydrated(page);
}

/**
 * The fresh confirmation without a second factor (decision 0018): the
 * password typed again, then back to the page that asked.
 */
export async function confirmWithPassword(page: Page): Promise<void> {
  await expect(page.getByRole("heading", { name: "Confirmá que sos vos" })).toBeVisible();
  await page.getByLabel("Contraseña").fill(ownerPassword);
  await page.getByRole("button", { name: "Confirmar con la contraseña" }).click();
  await page.waitForURL((url) => url.pathname !== "/bandeja/confirmar");
  await hydrated(page);
}

export { expect, hydrated };
