import { buenosAiresDay } from "../../server/leads/storage/visit-counts.ts";
import { expect, hydrated, test } from "./fixtures.ts";

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
