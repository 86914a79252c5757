import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { expect, hydrated, test } from "./fixtures.ts";
import { buenosAiresDay } from "../../app/lib/buenos-aires-time.ts";

/**
 * The pages' visit beacon in Chromium against the real service: a visit from
 * another site with a campaign is counted once the page is idle, the landing's
 * host and campaign go with the next pages' counts, a lead dialog opened is
 * counted, and nothing in the requests or the database names the visitor.
 */
test("counts views with the landing's host and campaign, and a lead dialog opened", async ({
  page,
  context,
  leadStore,
}, testInfo) => {
  // A campaign of this test's own: the test server's counts are shared by every test.
  const campaign = `prueba-${testInfo.testId}`.toLowerCase().slice(0, 40);
  const sent: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/visitas") sent.push(request.postData() ?? "");
  });
  await page.goto(`/torres/alvear-tower?utm_source=instagram&utm_campaign=${campaign}`, {
    referer: "https://l.instagram.com/",
  });
  await hydrated(page);
  await expect.poll(() => sent.length).toBeGreaterThanOrEqual(1);
  expect(Object.fromEntries(new URLSearchParams(sent[0]))).toEqual({
    p: "/torres/alvear-tower",
    k: "view",
    r: "l.instagram.com",
    c: campaign,
  });

  // The next page of the tab: its count carries the landing's host and campaign.
  await page.goto("/tasaciones");
  await hydrated(page);
  await page.locator("[data-lead-form]").first().click();
  await expect(page.getByRole("dialog")).toBeVisible();

  const counts = async () =>
    (
      await leadStore.db
        .selectFrom("visit_sources")
        .select(["kind", "referrer", "count"])
        .where("campaign", "=", campaign)
        .where("day", "=", buenosAiresDay(new Date()))
        .orderBy("kind")
        .execute()
    ).map((row) => [row.kind, row.referrer, Number(row.count)]);
  // Two views (the tower page, then /tasaciones) and the form opened on /tasaciones.
  await expect.poll(counts).toEqual([
    ["form_open", "l.instagram.com", 1],
    ["view", "l.instagram.com", 2],
  ]);
  expect(await context.cookies()).toEqual([]);
});

test("a sandboxed frame on another site cannot make its visitors count views or WhatsApp taps (Origin null: 403)", async ({
  page,
  leadStore,
  baseURL,
}, testInfo) => {
  const campaign = `marco-${testInfo.testId}`.toLowerCase().slice(0, 40);
  const beacon = `${baseURL}/api/visitas`;
  // What the audit did: a page elsewhere embeds a sandboxed frame whose script posts counts as the
  // site's own beacon would, with its own referrer and campaign, from the visitor's real browser.
  const frameScript = `<script>
    for (const kind of ["view", "whatsapp"]) {
      const body = new URLSearchParams({ p: "/", k: kind, r: "sitio-ajeno.example", c: "${campaign}" }).toString();
      navigator.sendBeacon("${beacon}", body);
      fetch("${beacon}", { method: "POST", body, mode: "no-cors", keepalive: true });
    }
  </script>`;
  const srcdoc = frameScript.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
  const html = `<!doctype html><html lang="es"><title>Ajeno</title><iframe title="marco" sandbox="allow-scripts" srcdoc="${srcdoc}"></iframe></html>`;
  // Chromium does not report a srcdoc frame's beacons as the page's requests; each one answered
  // (whatever its status) shows on the console, unreadable to the frame (Cross-Origin-Resource-Policy).
  let answered = 0;
  page.on("console", (message) => {
    if (message.text().includes("ERR_BLOCKED_BY_RESPONSE")) answered += 1;
  });
  // The embedding site: another origin (its own port) on loopback, as the test's network allows.
  const elsewhere = createServer((_, response) =>
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(html),
  );
  await new Promise<void>((resolve) => elsewhere.listen(0, "127.0.0.1", resolve));
  try {
    await page.goto(`http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}/`);
    await expect.poll(() => answered).toBe(4);
  } finally {
    elsewhere.close();
  }
  const counted = await leadStore.db
    .selectFrom("visit_sources")
    .selectAll()
    .where("campaign", "=", campaign)
    .execute();
  expect(counted).toEqual([]);
});
