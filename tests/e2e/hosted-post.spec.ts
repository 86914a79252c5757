import type { Page } from "@playwright/test";

import { loadSiteConfig } from "../../app/config/site-config.ts";
import { allFields } from "../../app/features/leads/forms/types.ts";
import { testBuildEnv } from "../test-build-env.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { dataLayer, expect, formServiceLock, hydrated, test } from "./fixtures.ts";
import {
  completeWithKeyboard,
  control,
  definitionOf,
  expectEmpty,
  expectMessage,
  expectRefusedSubmit,
  expectRendered,
  expectValues,
  expectVisibleFocus,
  fillForm,
  postedFields,
  sampleValues,
  tabUntil,
  watchFormEvents,
} from "./lead-forms.ts";
import { inlineForms } from "./site-pages.ts";

/**
 * The forms that post to the hosted form service: real HTML forms that work
 * without JavaScript, posted in the background with it, and handed to WhatsApp
 * when the service fails. A local recorder stands in for the service on the
 * port the test build points at (tests/test-build-env.ts).
 */
test.describe.configure({ lock: formServiceLock });

const { config: site } = loadSiteConfig({ ...process.env, ...testBuildEnv });

for (const { page: sitePage, form } of inlineForms.filter(({ form }) => form.action !== null)) {
  const definition = definitionOf(form.id);
  const values = sampleValues(definition);
  const fieldNames = allFields(definition).map((field) => field.name);
  const selector = `form[data-lead-inline="${form.id}"]`;
  const formOf = (page: Page) => page.locator(selector);

  test.describe(`${form.id} form on ${sitePage.path}`, () => {
    test("is a real form posting to the form service, with the definition's fields", async ({ page }) => {
      expect(form.action).toMatch(new RegExp(`^${site.formServiceUrl}/api/form/submit/[a-z0-9-]+$`));
      await page.goto(sitePage.path);
      await expect(formOf(page)).toHaveAttribute("method", "post");
      await expectRendered(formOf(page), definition);
    });

    test("completed with the keyboard and posted in the background: sending, then success, emptied", async ({
      page,
      whatsapp,
      formService,
    }) => {
      let answer!: () => void;
      formService.hold = new Promise<void>((resolve) => (answer = resolve));
      await page.goto(sitePage.path);
      await hydrated(page);
      // (The untouched form is part of every page's axe check in pages.spec.ts.)
      const scope = formOf(page);
      const anchor = await scope.evaluate((element) => element.closest("[id]")?.id);
      await tabUntil(page, page.locator(`a[href="#${anchor}"]`).first());
      await page.keyboard.press("Enter");
      await tabUntil(page, control(scope, allFields(definition)[0]!), 3);
      await completeWithKeyboard(page, scope, definition, values);
      await page.keyboard.press("Tab");
      const submit = scope.locator('button[type="submit"]');
      await expect(submit).toBeFocused();
      await expectVisibleFocus(page);
      await page.keyboard.press("Enter");

      // Sending until the service answers: announced on the button, which keeps the focus.
      await expect(submit).toHaveAccessibleName("Enviando consulta...");
      await expect(submit).toHaveAttribute("aria-disabled", "true");
      await expect(submit).toBeFocused();
      await expect.poll(() => formService.submissions.length).toBe(1);
      answer();
      await expect(scope.getByRole("status")).toContainText("Recibimos tu consulta");
      await expectNoAxeViolations(page, selector);

      const [submission] = formService.submissions;
      expect(submission!.path).toBe(new URL(form.action!).pathname);
      expect(submission!.contentType).toContain("application/x-www-form-urlencoded");
      // fetch sends the text as typed (line breaks included).
      expect(submission!.fields).toEqual(postedFields(definition, values));
      expect(whatsapp.handoffs).toHaveLength(0);
      expect(await dataLayer(page)).toEqual([{ event: "generate_lead", form: form.id }]);
      // Emptied for a next consultation, with the focus still on the button.
      await expectEmpty(scope, definition);
      await expect(submit).toBeFocused();
      for (const { maxLength } of allFields(definition).filter((field) => field.maxLength))
        await expect(scope.getByText(`quedan ${maxLength} caracteres`)).toBeVisible();
    });

    for (const failure of ["500", "unreachable"] as const) {
      test(`refused while invalid; service ${failure}: a Spanish error and the same answers by WhatsApp`, async ({
        page,
        whatsapp,
        formService,
      }) => {
        await watchFormEvents(page);
        await page.goto(sitePage.path);
        await hydrated(page);
        const scope = formOf(page);
        const send = scope.locator('button[type="submit"]');
        const lastRequired = allFields(definition)
          .filter((field) => field.required)
          .at(-1)!;
        await fillForm(scope, definition, { ...values, [lastRequired.name]: "" });
        await send.click();
        await expectRefusedSubmit(page, scope);
        expect(formService.submissions).toHaveLength(0);

        if (failure === "500") formService.status = 500;
        else await formService.stop();
        await fillForm(scope, definition, values);
        await send.click();
        const alert = scope.getByRole("alert");
        await expect(alert).toContainText("No pudimos enviar tu consulta");
        expect(formService.submissions).toHaveLength(failure === "500" ? 1 : 0);
        await expectValues(scope, definition, values);
        await expectNoAxeViolations(page, selector);

        await alert.getByRole("link", { name: "Enviar por WhatsApp" }).click();
        expectMessage(await whatsapp.last(), definition, values);
        expect(await dataLayer(page)).toEqual([{ event: "generate_lead", form: form.id }]);
      });
    }

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("the browser posts the same fields natively and shows the service's answer", async ({
        page,
        formService,
      }) => {
        await page.goto(sitePage.path);
        await fillForm(formOf(page), definition, values);
        await formOf(page).locator('button[type="submit"]').click();
        await expect(page).toHaveURL(form.action!);
        await expect(page.getByRole("heading", { name: "Gracias" })).toBeVisible();
        expect(formService.submissions).toHaveLength(1);
        // A native submission turns a textarea's line breaks into CRLF (HTML's rule).
        const nativeValues = Object.fromEntries(
          fieldNames.map((name) => {
            const value = values[name] ?? "";
            return [name, typeof value === "string" ? value.replace(/\n/g, "\r\n") : value];
          }),
        );
        expect(formService.submissions[0]!.fields).toEqual(postedFields(definition, nativeValues));
      });
    });
  });
}
