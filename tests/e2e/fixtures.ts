import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";

import { startNginx, type NginxServer } from "../../scripts/nginx-server.ts";
import { buildDir } from "../../server/build-layout.ts";
import type { HeaderPolicy } from "../../server/headers.ts";
import { Store } from "../../server/storage/store.ts";
import { LeadServiceWatch, testUserAgent } from "./lead-service.ts";
import { testLeadsDataDir } from "./test-server.ts";

/**
 * Every test is fenced in: a request to any host outside 127.0.0.0/8 fails
 * the test, except WhatsApp click-to-chat, which is answered by a stub and
 * recorded (the hand-off a lead would have sent). Every test also fails on a
 * Content-Security-Policy or Permissions-Policy violation in any of its pages
 * (the Node server sends nginx's headers: server-parity.spec.ts). Tests that
 * need the page without JavaScript say so with
 * `test.use({ javaScriptEnabled: false })`: their context is fenced the same way.
 */
export type Handoff = { url: URL; text: string };

type Network = { outside: string[]; handoffs: Handoff[] };

type TestFixtures = {
  network: Network;
  /** The policy violations the test's pages reported (checked after every test). */
  policyViolations: string[];
  whatsapp: { handoffs: Handoff[]; last: () => Promise<Handoff> };
  /** What this test's pages sent to the lead service, and what it stored (see lead-service.ts). */
  leadService: LeadServiceWatch;
};

type WorkerFixtures = {
  /** Replaces parts of the build's header policy for the nginx fixture (a worker option). */
  nginxPolicy: Partial<HeaderPolicy>;
  /** The repository's nginx configuration serving the build, one per worker; /api/ goes to the test server. */
  nginx: NginxServer;
  /** The test server's lead database, read by the tests. */
  leadStore: Store;
};

// Chromium resolves localhost to loopback itself (passkeys need a host name, never an IP address).
const isLoopback = (url: URL) => url.hostname === "localhost" || /^127(\.\d{1,3}){3}$/.test(url.hostname);

async function fence(context: BrowserContext): Promise<Network> {
  const network: Network = { outside: [], handoffs: [] };
  await context.route(
    (url) => !isLoopback(url),
    async (route) => {
      const url = new URL(route.request().url());
      if (url.hostname !== "wa.me") {
        network.outside.push(url.href);
        return route.abort("blockedbyclient");
      }
      network.handoffs.push({ url, text: url.searchParams.get("text") ?? "" });
      return route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" });
    },
  );
  return network;
}

const policyMessage = /Content Security Policy|Permissions-Policy|Permissions policy/i;

/** Collects what Chromium reports on the console, and the pages' own violation events, about the policies. */
async function watchPolicies(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  context.on("console", (message) => {
    if (policyMessage.test(message.text())) violations.push(`${message.page()?.url()}: ${message.text()}`);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `Content Security Policy: ${event.effectiveDirective} blocked ${event.blockedURI || "inline"} ` +
          `(${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  return violations;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  network: [
    async ({ context }, use) => {
      const network = await fence(context);
      await use(network);
      expect(network.outside, "the page requested a host outside 127.0.0.0/8").toEqual([]);
    },
    { auto: true },
  ],
  policyViolations: [
    async ({ context }, use) => {
      const violations = await watchPolicies(context);
      await use(violations);
      expect(violations, "a page broke its Content-Security-Policy or Permissions-Policy").toEqual([]);
    },
    { auto: true },
  ],
  whatsapp: async ({ network }, use) => {
    const last = async () => {
      await expect
        .poll(() => network.handoffs.length, { message: "WhatsApp was never opened" })
        .toBeGreaterThan(0);
      return network.handoffs.at(-1)!;
    };
    await use({ handoffs: network.handoffs, last });
  },
  nginxPolicy: [{}, { scope: "worker", option: true }],
  nginx: [
    async ({ nginxPolicy }, use, workerInfo) => {
      // /api/ and /gracias go to the lead service: the Node server the test run started.
      const leadService = new URL(String(workerInfo.project.use.baseURL)).host;
      const server = await startNginx(buildDir, { policy: nginxPolicy, leadService });
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
  leadStore: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const store = await Store.open({ dataDir: testLeadsDataDir });
      await use(store);
      await store.close();
    },
    { scope: "worker" },
  ],
  // Each test's browser names the test in its user agent, which the lead service stores with each lead.
  userAgent: async ({ browser }, use, testInfo) => {
    await use(testUserAgent(browser.version(), testInfo.testId));
  },
  leadService: async ({ context, leadStore, userAgent }, use) => {
    await use(new LeadServiceWatch(context, leadStore, userAgent!));
  },
});

/** Waits until React has hydrated the page (set by the app on mount); if it never does, says how far the page got. */
export async function hydrated(page: Page): Promise<void> {
  try {
    await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 30_000 });
  } catch (error) {
    const state = await page
      .evaluate(() => ({
        url: location.href,
        readyState: document.readyState,
        visibility: document.visibilityState,
        paints: performance.getEntriesByType("paint").map((entry) => entry.name),
        fontsRequested: document.documentElement.hasAttribute("data-fonts"),
        fonts: [...document.fonts].map((face) => `${face.family} ${face.status}`),
        scripts: performance
          .getEntriesByType("resource")
          .filter((entry) => entry.name.endsWith(".js"))
          .map((entry) => `${new URL(entry.name).pathname} ${Math.round(entry.startTime + entry.duration)}`),
      }))
      .catch((reason: unknown) => String(reason));
    throw new Error(`The page never hydrated: ${JSON.stringify(state)}`, { cause: error });
  }
}

/** Holds back every request matching `pattern` until `release()` is called. */
async function holdRequests(page: Page, pattern: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Holds the page's island module back until `release()` is called, so the page stays un-hydrated. */
export const holdHydration = (page: Page) => holdRequests(page, "**/assets/island-*.js");

/** Holds the web fonts back until `release()` is called, so the page stays in its local fallbacks. */
export const holdWebFonts = (page: Page) => holdRequests(page, "**/*.woff2");

/**
 * Stops the page's clock (installed with `page.clock.install()` before the
 * page loaded) a moment ahead, so no timer fires until the test moves time on.
 */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
}

/** What the page pushed for analytics (decision 12). */
export async function dataLayer(page: Page): Promise<unknown[]> {
  return page.evaluate(() => window.dataLayer ?? []);
}

export { expect };
