import type { BrowserContext, Page, Request } from "@playwright/test";

import type { Lead, Store } from "../../server/storage/store.ts";

/**
 * The browser tests post to the real lead service: the build uses the default
 * configuration (the service on the site's own origin) and the test server
 * stores every lead in a database of its own (tests/e2e/test-server.ts). A
 * test watches what its pages send and reads back what was stored, by the
 * user agent the service records (each test's browser names the test in it),
 * so tests running side by side never see each other's leads. Failures the service cannot be made to produce on demand (a
 * 429 under the test's disabled rate limit, a 503, an unreachable host) are
 * played by answering the page's request in the browser.
 */
export type SentLead = {
  /** The path posted to, e.g. /api/form/submit/valuation. */
  path: string;
  contentType: string;
  accept: string;
  /** The posted fields, in order. */
  fields: [name: string, value: string][];
};

export type ServiceFailure = 429 | 503 | "unreachable";

const submitPath = "/api/form/submit/";

export class LeadServiceWatch {
  /** Every submission this test's pages sent, answered or not. */
  readonly sent: SentLead[] = [];
  private readonly store: Store;
  private readonly userAgent: string;

  /** `userAgent`: the one this test's browser sends (see `testUserAgent`). */
  constructor(context: BrowserContext, store: Store, userAgent: string) {
    this.store = store;
    this.userAgent = userAgent;
    context.on("request", (request) => {
      const url = new URL(request.url());
      if (request.method() === "POST" && url.pathname.startsWith(submitPath))
        this.sent.push(sentLead(url, request));
    });
  }

  /** The submissions sent to one service form id (e.g. "valuation", "consulta-inversion-pozo"). */
  to(serviceFormId: string): SentLead[] {
    return this.sent.filter((lead) => lead.path === `${submitPath}${serviceFormId}`);
  }

  /** The leads the service stored from this test's browser (spam included), oldest first. */
  async stored(): Promise<Lead[]> {
    const everything = { limit: 100_000, offset: 0 };
    const [leads, spam] = await Promise.all([
      this.store.leads.list({}, everything),
      this.store.leads.list({ status: "spam" }, everything),
    ]);
    return [...leads.leads, ...spam.leads]
      .filter((lead) => lead.userAgent === this.userAgent)
      .sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime());
  }

  /** Makes every submission of the page fail the way a busy, broken or absent service does. */
  async fail(page: Page, failure: ServiceFailure): Promise<void> {
    await page.route(`**${submitPath}**`, (route) => {
      if (failure === "unreachable") return route.abort("connectionrefused");
      const json = (route.request().headers().accept ?? "").includes("application/json");
      return route.fulfill({
        status: failure,
        headers: failure === 429 ? { "Retry-After": "60" } : {},
        contentType: json ? "application/json" : "text/html; charset=utf-8",
        body: json
          ? JSON.stringify({ ok: false, error: "no disponible" })
          : `<!doctype html><html lang="es"><title>Error</title><h1>Error ${failure}</h1></html>`,
      });
    });
  }

  /** Holds the page's submissions back until the returned function is called (the page stays "sending"). */
  async hold(page: Page): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${submitPath}**`, async (route) => {
      await released;
      await route.continue();
    });
    return release;
  }
}

function sentLead(url: URL, request: Request): SentLead {
  const headers = request.headers();
  const contentType = headers["content-type"] ?? "";
  const body = request.postData() ?? "";
  return {
    path: url.pathname,
    contentType,
    accept: headers.accept ?? "",
    fields: contentType.startsWith("application/x-www-form-urlencoded") ? [...new URLSearchParams(body)] : [],
  };
}

/** Chromium's own user agent, naming the test: what the service stores with each lead. */
export function testUserAgent(browserVersion: string, testId: string): string {
  return `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${browserVersion} Safari/537.36 prueba/${testId}`;
}
