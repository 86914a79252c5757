import { expect, holdHydration, hydrated, test } from "./fixtures.ts";
import { answersFor, fillForm, registeredForms, serviceIds } from "./registered-forms.ts";
import { campaignOrigin, campaignQuery as campaign } from "../tools/campaign-visit.ts";

/**
 * Where a visit began travels with its lead: a visit from another site, with
 * campaign parameters in its address, then a lead sent by the form's script.
 * Nothing that outlives the tab is left in the browser: no cookie, no
 * localStorage; the origin sits in the tab's sessionStorage only.
 */

for (const registered of registeredForms)
  test(`a visit from another site with campaign parameters, then the ${registered.definition.id} form in its page: its origin is stored with it, nothing lasting in the browser`, async ({
    page,
    context,
    whatsapp,
    leadService,
  }) => {
    const { definition } = registered;
    // The visit lands on a tower page, from Instagram, then goes on to the form's page.
    await page.goto(`/torres/alvear-tower${campaign}`, {
      referer: "https://l.instagram.com/p/abc?igshid=secreto",
    });
    await hydrated(page);
    await page.goto(`${registered.page}#${registered.anchor}`);
    await hydrated(page);
    const form = page.locator(`#${registered.anchor} form[data-lead-inline="${definition.id}"]`);
    await fillForm(form, definition, answersFor(definition));
    await form.locator('button[type="submit"]').click();
    // A WhatsApp form hands off, then records; the off-plan form posts and says it was received.
    if (registered.whatsapp) await whatsapp.last();
    else await expect(page.locator(`#${registered.anchor} [data-show="success"]`)).toBeVisible();

    await expect.poll(async () => (await leadService.stored()).length).toBe(1);
    const [lead] = await leadService.stored();
    expect(lead!.formId).toBe(serviceIds[definition.id]);
    // The referrer's host only: the path and its query never leave the browser.
    expect(lead!.origin).toEqual(campaignOrigin("computer"));

    expect(await context.cookies()).toEqual([]);
    const storage = await page.evaluate(() => ({
      local: Object.keys(localStorage),
      session: Object.fromEntries(
        Object.keys(sessionStorage).map((key) => [key, sessionStorage.getItem(key)]),
      ),
    }));
    expect(storage.local).toEqual([]);
    expect(JSON.stringify(storage.session)).not.toContain("igshid");
    expect(JSON.parse(storage.session["origen-visita"]!)).toMatchObject({ referrer: "l.instagram.com" });
  });

for (const registered of registeredForms)
  test(`a visit from another site with campaign parameters, then the ${registered.definition.id} form sent before its page's script started: the native post carries the tab's origin`, async ({
    page,
    baseURL,
    leadService,
  }) => {
    const { definition, page: path, anchor } = registered;
    await page.goto(`/torres/alvear-tower${campaign}`, {
      referer: "https://l.instagram.com/p/abc?igshid=secreto",
    });
    await hydrated(page);
    // The form's page never gets its island: the post is the browser's own, as on a slow phone.
    await holdHydration(page);
    await page.goto(`${path}#${anchor}`);
    const form = page.locator(`#${anchor} form[data-lead-inline="${definition.id}"]`);
    await fillForm(form, definition, answersFor(definition));
    await form.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(new RegExp(`^${baseURL}/gracias\\?envio=[\\w-]{22}$`));
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"))).toBe(false);

    const [lead] = await leadService.stored();
    expect(lead!.formId).toBe(serviceIds[definition.id]);
    expect(lead!.origin).toEqual(campaignOrigin("computer"));
  });

test("a form sent before its page's script started, in a tab with no recorded origin: the service records what the post shows", async ({
  page,
  baseURL,
  leadService,
}) => {
  const [registered] = registeredForms;
  const { definition, page: path, anchor } = registered!;
  await holdHydration(page);
  await page.goto(`${path}${campaign}#${anchor}`);
  const form = page.locator(`#${anchor} form[data-lead-inline="${definition.id}"]`);
  await fillForm(form, definition, answersFor(definition));
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/gracias\\?envio=[\\w-]{22}$`));

  const [lead] = await leadService.stored();
  expect(lead!.origin).toMatchObject({ landing: path, utmCampaign: "otono-2026" });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const registered of registeredForms)
    test(`the ${registered.definition.id} form: the service records what the post shows, the form's page, its address's campaign, the device`, async ({
      page,
      baseURL,
      context,
      leadService,
    }) => {
      const { definition, page: path, anchor } = registered;
      await page.goto(`${path}${campaign}#${anchor}`, { referer: "https://l.instagram.com/" });
      const form = page.locator(`#${anchor} form[data-lead-inline="${definition.id}"]`);
      await fillForm(form, definition, answersFor(definition));
      await form.locator('button[type="submit"]').click();
      await expect(page).toHaveURL(new RegExp(`^${baseURL}/gracias\\?envio=[\\w-]{22}$`));

      const [lead] = await leadService.stored();
      // A prerendered page cannot know where its visit came from: the referring host is unknown.
      expect(lead!.origin).toEqual({
        landing: path,
        referrer: null,
        utmSource: "instagram",
        utmMedium: "paid",
        utmCampaign: "otono-2026",
        lang: "es",
        device: "computer",
      });
      expect(await context.cookies()).toEqual([]);
    });
});
