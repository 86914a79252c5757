import type { Page } from "@playwright/test";

import { loadSiteConfig } from "../../app/config/site-config.ts";
import { towers } from "../../app/content/towers.ts";
import { composeMessage } from "../../app/features/leads/compose-message.ts";
import type { LeadValues } from "../../app/features/leads/forms/types.ts";
import { langOf, pages, towerPath } from "../../app/site-map.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { answersFor, fillForm, registeredForms, serviceIds, typedTexts } from "./registered-forms.ts";
import { browserPages } from "./site-pages.ts";

const { config: site } = loadSiteConfig(process.env);

/**
 * A visitor whose browser runs no JavaScript (or whose scripts never arrive):
 * every form opener still leads to its form, every form posts to the lead
 * service and ends on the thank-you page, and nothing typed ever shows up in
 * a URL. The build points SITE_FORM_SERVICE_URL at the local recording
 * service (tests/test-build-env.ts).
 */

/** Every URL the page requests or navigates to. */
function watchUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  page.on("framenavigated", (frame) => urls.push(frame.url()));
  return urls;
}

const modalPages = pages.filter((page) =>
  registeredForms.some((form) => form.modal && form.page === page.path),
);

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  for (const { path } of browserPages.filter((sitePage) => sitePage.status === 200)) {
    test(`${path}: every form opener is a link to its form, which then shows`, async ({ page, baseURL }) => {
      await page.goto(path);
      const openers = await page.locator("[data-lead-form]").evaluateAll((elements) =>
        elements.map((element) => ({
          tag: element.tagName,
          form: element.getAttribute("data-lead-form"),
          preset: element.getAttribute("data-lead-preset"),
          href: element.getAttribute("href"),
        })),
      );
      for (const [index, opener] of openers.entries()) {
        const registered = registeredForms.find((entry) => entry.definition.id === opener.form);
        expect(registered, `opener ${index} names an unknown form: ${opener.form}`).toBeDefined();
        expect(opener.tag).toBe("A");
        // A tower's apartment opener leads to the tower's page, where the form has the tower chosen;
        // every other opener stays on its form's page and reveals the form.
        const tower = opener.form === "apartment" && towers.find((entry) => entry.nombre === opener.preset);
        expect(opener.href).toBe(
          tower ? `${towerPath(tower.slug, langOf(path))}#tasar` : `${path}#${registered!.anchor}`,
        );
      }
      if (modalPages.some((page) => page.path === path)) expect(openers.length).toBeGreaterThan(0);
      // Following the last opener that stays on the page (furthest from the form's place) reveals the form.
      const index = openers.findLastIndex((opener) => opener.href?.startsWith(`${path}#`));
      if (index >= 0) {
        const registered = registeredForms.find((entry) => entry.definition.id === openers[index]!.form)!;
        const target = page.locator(
          `#${registered.anchor} form[data-lead-inline="${registered.definition.id}"]`,
        );
        if (registered.modal) await expect(target).toBeHidden();
        await page.locator("[data-lead-form]").nth(index).click();
        await expect(page).toHaveURL(`${baseURL}${path}#${registered.anchor}`);
        await expect(target).toBeVisible();
        await expect(target).toBeInViewport({ ratio: 0.05 });
      }
    });
  }

  test("a tower's apartment opener leads to the tower's page, its form showing with the tower chosen", async ({
    page,
    baseURL,
  }) => {
    const tower = towers[0]!;
    await page.goto("/tasar-departamentos");
    await page.locator(`a[data-lead-form="apartment"][data-lead-preset="${tower.nombre}"]`).click();
    await expect(page).toHaveURL(`${baseURL}/torres/${tower.slug}#tasar`);
    const form = page.locator('#tasar form[data-lead-inline="apartment"]');
    await expect(form).toBeInViewport({ ratio: 0.05 });
    await expect(form.locator('[name="edificio"]')).toHaveValue(tower.nombre);
  });

  test("the 104 form openers of the spec are all links, and the English pages have the same", async ({
    request,
  }) => {
    // Counted in the HTML the server sends every page of both languages: what a browser without
    // JavaScript gets (the loop above follows each page kind's openers in the browser).
    const total = { es: 0, en: 0 };
    for (const { path, lang } of pages) {
      const html = await (await request.get(path)).text();
      total[lang] += html.match(/<a\b[^>]*\sdata-lead-form="/g)?.length ?? 0;
      expect(html, path).not.toMatch(/<button\b[^>]*\sdata-lead-form="/);
    }
    expect(total).toEqual({ es: 104, en: 104 });
  });

  for (const registered of registeredForms) {
    const { definition, page: path, anchor } = registered;
    test(`${definition.id} (${path}#${anchor}) posts to the lead service, is stored, and ends on the thank-you page`, async ({
      page,
      baseURL,
      leadService,
    }) => {
      const urls = watchUrls(page);
      await page.goto(`${path}#${anchor}`);
      const form = page.locator(`#${anchor} form[data-lead-inline="${definition.id}"]`);
      await expect(form).toBeVisible();
      await expect(form).toHaveAttribute("method", "post");
      await expect(form).toHaveAttribute("action", `/api/form/submit/${serviceIds[definition.id]}`);

      const answers = answersFor(definition);
      await fillForm(form, definition, answers);
      await form.locator('button[type="submit"]').click();

      await expect(page).toHaveURL(new RegExp(`^${baseURL}/gracias\\?envio=[\\w-]{22}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("¡Gracias! Tu solicitud llegó");
      // A WhatsApp form's thank-you page carries the visitor's own message, composed by the server.
      const handoff = new URL((await page.locator("a[data-handoff-link]").getAttribute("href"))!);
      expect(`${handoff.origin}${handoff.pathname}`).toBe(`https://wa.me/${site.whatsappNumber}`);
      expect(handoff.searchParams.get("text")).toBe(
        registered.whatsapp ? composeMessage(definition, answers) : null,
      );

      const submissions = leadService.to(serviceIds[definition.id]);
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
      // Stored exactly as typed (line breaks back to LF), marked for a call back: no WhatsApp opened.
      const [lead] = await leadService.stored();
      expect(lead).toMatchObject({
        formId: serviceIds[definition.id],
        page: path,
        handoff: registered.whatsapp ? "no-script" : "not-applicable",
      });
      expect(lead!.values).toEqual(answers);

      expectNoVisitorDataIn(urls, answers);
    });
  }

  test("a native post the service refuses (rate limit) loses nothing: back keeps the answers", async ({
    page,
    baseURL,
    leadService,
  }) => {
    const registered = registeredForms.find((entry) => entry.definition.id === "valuation")!;
    const urls = watchUrls(page);
    await leadService.fail(page, 429);
    await page.goto(`${registered.page}#${registered.anchor}`);
    const form = page.locator(`#${registered.anchor} form`);
    const answers = answersFor(registered.definition);
    await fillForm(form, registered.definition, answers);
    await form.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(`${baseURL}/api/form/submit/valuation`);
    expect(leadService.to("valuation")).toHaveLength(1);
    await page.goBack();
    await expect(form.locator('[name="nombre"]')).toHaveValue(answers.nombre as string);
    expectNoVisitorDataIn(urls, answers);
  });
});

test.describe("without JavaScript, answers the service refuses", () => {
  test.use({ javaScriptEnabled: false });

  test("a native post refused as invalid (422) comes back filled in, marked, and is sent again", async ({
    page,
    baseURL,
    leadService,
  }) => {
    const registered = registeredForms.find((entry) => entry.definition.id === "express")!;
    const { definition } = registered;
    // The form's own constraints stop a visitor; an altered request reaches the service's checks.
    let altered = false;
    await page.route("**/api/form/submit/express", (route) => {
      if (altered) return route.continue();
      altered = true;
      const body = new URLSearchParams(route.request().postData() ?? "");
      body.set("telefono", "abc");
      return route.continue({ postData: body.toString() });
    });
    await page.goto(`${registered.page}#${registered.anchor}`);
    const form = page.locator(`#${registered.anchor} form`);
    const answers = answersFor(definition);
    await fillForm(form, definition, answers);
    await form.locator('button[type="submit"]').click();

    await expect(page).toHaveURL(`${baseURL}/api/form/submit/express`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Revisá tus respuestas");
    const phone = page.getByRole("textbox", { name: "Teléfono" });
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAccessibleDescription(/Escribí un teléfono con código de área/);
    await expect(phone).toBeFocused();
    await expect(phone).toHaveValue("abc");
    // Every other answer is there, with the page's limits.
    await expect(page.locator('[name="nombre"]')).toHaveValue(answers.nombre as string);
    await expect(page.locator('[name="nombre"]')).toHaveAttribute("maxlength", "200");
    await expect(page.locator('[name="tipoPropiedad"]')).toHaveValue(answers.tipoPropiedad as string);
    await expect(page.locator('[name="superficie"]')).toHaveValue(answers.superficie as string);
    await expect(page.getByRole("link", { name: "Abrir WhatsApp" })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\//,
    );
    expect(await leadService.stored()).toEqual([]);

    await phone.fill("11 5555 1234");
    await page.getByRole("button", { name: "Enviar de nuevo" }).click();
    await expect(page).toHaveURL(new RegExp(`^${baseURL}/gracias\\?envio=[\\w-]{22}$`));
    const [lead] = await leadService.stored();
    expect(lead!.values).toEqual({ ...answers, telefono: "11 5555 1234" });
    expect(lead!.page).toBe(registered.page);
  });
});

test("the page a refused native post gets has no axe violations", async ({ page, baseURL }) => {
  // The page itself has no script; axe needs one, so this visit keeps JavaScript on.
  const fields: LeadValues = { ...answersFor(registeredForms[0]!.definition), telefono: "abc", email: "x" };
  const inputs = Object.entries(fields)
    .flatMap(([name, value]) =>
      typeof value === "string" ? [[name, value]] : value.map((item) => [name, item]),
    )
    .map(
      ([name, value]) =>
        `<input type="hidden" name="${name}" value="${value!.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;")}">`,
    );
  await page.goto(`${baseURL}/404`);
  await page.setContent(
    `<form method="post" action="${baseURL}/api/form/submit/${registeredForms[0]!.definition.id}">${inputs.join("")}</form>`,
  );
  await Promise.all([
    page.waitForURL(/\/api\/form\/submit\//),
    page.locator("form").evaluate((form: HTMLFormElement) => form.submit()),
  ]);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Revisá tus respuestas");
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(2);
  await expectNoAxeViolations(page);
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
