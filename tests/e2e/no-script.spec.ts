import type { Browser, BrowserContext } from "@playwright/test";

import { pages } from "../../app/site-map.ts";
import { formServicePort } from "../test-build-env.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { useFormService } from "./form-service.ts";
import {
  answersFor,
  fillForm,
  formServiceUrl,
  registeredForms,
  serviceIds,
  typedTexts,
} from "./registered-forms.ts";

/**
 * A visitor whose browser runs no JavaScript (or whose scripts never arrive):
 * every form opener still leads to its form, every form posts to the lead
 * service and ends on the thank-you page, and nothing typed ever shows up in
 * a URL. The build points SITE_FORM_SERVICE_URL at the local recording
 * service (tests/test-build-env.ts).
 */

const service = useFormService(test, formServicePort);

/** A context with JavaScript off, fenced to loopback, remembering every URL it requested. */
async function noScript(browser: Browser, baseURL: string | undefined) {
  const context: BrowserContext = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const outside: string[] = [];
  const urls: string[] = [];
  await context.route(
    (url) => url.hostname !== "127.0.0.1",
    (route) => {
      outside.push(route.request().url());
      return route.abort();
    },
  );
  context.on("request", (request) => urls.push(request.url()));
  const page = await context.newPage();
  page.on("framenavigated", (frame) => urls.push(frame.url()));
  return { context, page, outside, urls };
}

const modalPages = pages.filter((page) =>
  registeredForms.some((form) => form.modal && form.page === page.path),
);

for (const { path } of pages) {
  test(`${path}: every form opener is a link to its form on the page, which then shows`, async ({
    browser,
    baseURL,
  }) => {
    const { context, page, outside } = await noScript(browser, baseURL);
    await page.goto(path);
    const openers = await page.locator("[data-lead-form]").evaluateAll((elements) =>
      elements.map((element) => ({
        tag: element.tagName,
        form: element.getAttribute("data-lead-form"),
        href: element.getAttribute("href"),
      })),
    );
    for (const [index, opener] of openers.entries()) {
      const registered = registeredForms.find((entry) => entry.definition.id === opener.form);
      expect(registered, `opener ${index} names an unknown form: ${opener.form}`).toBeDefined();
      expect(opener.tag).toBe("A");
      // Openers live on their form's page: following one stays on the page and reveals the form.
      expect(opener.href).toBe(`${path}#${registered!.anchor}`);
    }
    if (modalPages.some((page) => page.path === path)) expect(openers.length).toBeGreaterThan(0);
    // Following an opener (the last one, furthest from the form's place in the page) reveals the form.
    const last = openers.at(-1);
    if (last) {
      const registered = registeredForms.find((entry) => entry.definition.id === last.form)!;
      const target = page.locator(
        `#${registered.anchor} form[data-lead-inline="${registered.definition.id}"]`,
      );
      if (registered.modal) await expect(target).toBeHidden();
      await page.locator("[data-lead-form]").last().click();
      await expect(page).toHaveURL(`${baseURL}${path}#${registered.anchor}`);
      await expect(target).toBeVisible();
      await expect(target).toBeInViewport({ ratio: 0.05 });
    }
    expect(outside).toEqual([]);
    await context.close();
  });
}

test("the 104 form openers of the spec are all links", async ({ browser, baseURL }) => {
  const { context, page } = await noScript(browser, baseURL);
  let total = 0;
  for (const { path } of pages) {
    await page.goto(path);
    total += await page.locator("a[data-lead-form]").count();
    await expect(page.locator("button[data-lead-form]")).toHaveCount(0);
  }
  expect(total).toBe(104);
  await context.close();
});

for (const registered of registeredForms) {
  const { definition, page: path, anchor } = registered;
  test(`${definition.id} (${path}#${anchor}) posts to the lead service and ends on the thank-you page`, async ({
    browser,
    baseURL,
  }) => {
    const { context, page, outside, urls } = await noScript(browser, baseURL);
    await page.goto(`${path}#${anchor}`);
    const form = page.locator(`#${anchor} form[data-lead-inline="${definition.id}"]`);
    await expect(form).toBeVisible();
    await expect(form).toHaveAttribute("method", "post");
    await expect(form).toHaveAttribute(
      "action",
      `${formServiceUrl}/api/form/submit/${serviceIds[definition.id]}`,
    );

    const answers = answersFor(definition);
    await fillForm(form, definition, answers);
    await form.locator('button[type="submit"]').click();

    await expect(page).toHaveURL(new RegExp(`^${baseURL}/gracias\\?envio=[0-9a-f-]{36}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Gracias! Recibimos tu solicitud");
    await expect(page.locator("a[data-handoff-link]")).toHaveAttribute("href", /^https:\/\/wa\.me\/\d+$/);

    const submissions = service.to(serviceIds[definition.id]);
    expect(submissions).toHaveLength(1);
    const [submission] = submissions;
    expect(submission!.path).toBe(`/api/form/submit/${serviceIds[definition.id]}`);
    expect(submission!.contentType).toContain("application/x-www-form-urlencoded");
    expect(submission!.accept).not.toContain("application/json");
    // The form's fields as typed (the browser turns line breaks into CRLF), its page, an empty honeypot.
    const posted = new Map<string, string[]>();
    for (const [name, value] of submission!.fields) posted.set(name, [...(posted.get(name) ?? []), value]);
    expect(posted.get("_page")).toEqual([path]);
    expect(posted.get("website")).toEqual([""]);
    expect(posted.has("_handoff")).toBe(false);
    for (const [name, value] of Object.entries(answers)) {
      const expected = typeof value === "string" ? [value.replace(/\n/g, "\r\n")] : value;
      expect(posted.get(name), name).toEqual(expected);
    }

    expectNoVisitorDataIn(urls, answers);
    expect(outside).toEqual([]);
    await context.close();
  });
}

test("a native post the service refuses (rate limit) loses nothing: back keeps the answers", async ({
  browser,
  baseURL,
}) => {
  const registered = registeredForms.find((entry) => entry.definition.id === "valuation")!;
  const { context, page, urls } = await noScript(browser, baseURL);
  service.status = 429;
  await page.goto(`${registered.page}#${registered.anchor}`);
  const form = page.locator(`#${registered.anchor} form`);
  const answers = answersFor(registered.definition);
  await fillForm(form, registered.definition, answers);
  await form.locator('button[type="submit"]').click();
  await expect(page).toHaveURL(`${formServiceUrl}/api/form/submit/valuation`);
  expect(service.to("valuation")).toHaveLength(1);
  await page.goBack();
  await expect(form.locator('[name="nombre"]')).toHaveValue(answers.nombre as string);
  expectNoVisitorDataIn(urls, answers);
  await context.close();
});

function expectNoVisitorDataIn(urls: string[], answers: Record<string, unknown>) {
  const typed = typedTexts(answers as never);
  const markers = [...typed, "ana.nunez", "5555-1234", "ñandú", "negrita"];
  for (const url of urls) {
    const decoded = safeDecode(url.replace(/\+/g, " "));
    for (const marker of markers) {
      expect(url.includes(marker) || decoded.includes(marker), `visitor data in ${url}`).toBe(false);
      expect(url.includes(encodeURIComponent(marker)), `visitor data in ${url}`).toBe(false);
    }
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

test.describe("the page's own form section, with JavaScript", () => {
  for (const registered of registeredForms.filter((entry) => entry.modal)) {
    const { definition, page: path, anchor } = registered;
    test(`${path}#${anchor} shows the ${definition.id} form, hydrated on demand, with no axe violations`, async ({
      page,
    }) => {
      await page.goto(path);
      await hydrated(page);
      const form = page.locator(`#${anchor} form[data-lead-inline="${definition.id}"]`);
      await expect(form).toBeHidden();
      await page.goto(`${path}#${anchor}`);
      // The form's code loads now: on a busy machine that can take a while.
      await expect(form).toBeVisible({ timeout: 15_000 });
      await expect(form).toHaveAttribute("data-interactive", "", { timeout: 15_000 });
      await expectNoAxeViolations(page, `#${anchor}`);
    });
  }
});
