import type { CDPSession, Page } from "playwright-core";

/**
 * A virtual authenticator in Chromium (the DevTools Protocol's WebAuthn
 * domain): a platform passkey that always verifies the user, as a phone's
 * fingerprint reader would. The browser tests and the screenshot tools use it.
 * WebAuthn refuses IP addresses, so the page must be on http://localhost:PORT.
 */
export async function addVirtualAuthenticator(page: Page): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return cdp;
}
