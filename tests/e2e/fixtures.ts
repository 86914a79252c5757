import { test as base, expect, type Page } from "@playwright/test";

/**
 * Every test page is fenced in: requests to any host but 127.0.0.1 fail the
 * test, except the two outside services the site hands leads to, which are
 * stubbed and recorded (WhatsApp click-to-chat and the hosted form service).
 */
export type Handoff = { url: URL; text: string };

type Fixtures = {
  outsideRequests: string[];
  whatsapp: { handoffs: Handoff[]; last: () => Promise<Handoff> };
};

export const test = base.extend<Fixtures>({
  outsideRequests: async ({ context }, use) => {
    const outside: string[] = [];
    await context.route(
      (url) => url.hostname !== "127.0.0.1" && url.hostname !== "wa.me",
      async (route) => {
        outside.push(route.request().url());
        await route.abort("blockedbyclient");
      },
    );
    await use(outside);
    expect(outside, "the page requested a host other than 127.0.0.1").toEqual([]);
  },
  whatsapp: async ({ context, outsideRequests }, use) => {
    void outsideRequests;
    const handoffs: Handoff[] = [];
    await context.route("https://wa.me/**", async (route) => {
      const url = new URL(route.request().url());
      handoffs.push({ url, text: url.searchParams.get("text") ?? "" });
      await route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" });
    });
    const last = async () => {
      await expect.poll(() => handoffs.length, { message: "WhatsApp was never opened" }).toBeGreaterThan(0);
      return handoffs.at(-1)!;
    };
    await use({ handoffs, last });
  },
});

/** Waits until React has hydrated the page (set by the app on mount). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
}

/** Holds the page's boot module back until `release()` is called, so the page stays un-hydrated. */
export async function holdHydration(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/boot-*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

export { expect };
