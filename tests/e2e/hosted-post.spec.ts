import type { Page } from "@playwright/test";

import { allFields } from "../../app/features/leads/forms/types.ts";
import { originFields } from "../../app/lib/visit-origin.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { dataLayer, expect, hydrated, test } from "./fixtures.ts";
import {
  reachAndCompleteWithKeyboard,
  expectEmpty,
  expectMessage,
  expectRefusedSubmit,
  expectRendered,
  expectValues,
  postedFields,
  watchFormEvents,
} from "./form-checks.ts";
import { answersFor, fillForm, registeredForms, serviceIds } from "./registered-forms.ts";

/**
 * The forms that post to the lead service instead of handing off to WhatsApp,
 * with JavaScript: posted in the background, answered with the success
 * message, and handed to WhatsApp with every answer kept when the service
 * refuses or cannot be reached. The lead is checked where it lands: the
 * service's database. The same forms without JavaScript are no-script.spec.ts's.
 */

for (const { definition, page: path, anchor } of registeredForms.filter(
  (registered) => !registered.whatsapp,
)) {
  const values = answersFor(definition);
  const fieldNames = new Set(allFields(definition).map((field) => field.name));
  const selector = `form[data-lead-inline="${definition.id}"]`;
  const formOf = (page: Page) => page.locator(selector);
  const serviceId = serviceIds[definition.id];

  test.describe(`${definition.id} form on ${path}`, () => {
    test("completed with the keyboard and posted in the background: sending, then success, emptied", async ({
      page,
      whatsapp,
      leadService,
    }) => {
      const answer = await leadService.hold(page);
      await page.goto(path);
      await hydrated(page);
      const scope = formOf(page);
      await expectRendered(scope, definition);
      // (The untouched form is part of every page's axe check in pages.spec.ts.)
      const submit = await reachAndCompleteWithKeyboard(page, scope, definition, values, anchor);
      await page.keyboard.press("Enter");

      // Sending until the service answers: announced on the button, which keeps the focus.
      await expect(submit).toHaveAccessibleName("Enviando consulta...");
      await expect(submit).toHaveAttribute("aria-disabled", "true");
      await expect(submit).toBeFocused();
      await expect.poll(() => leadService.to(serviceId).length).toBe(1);
      answer();
      await expect(scope.getByRole("status")).toContainText("Recibimos tu consulta", { useInnerText: true });
      await expectNoAxeViolations(page, selector);

      // Stored exactly as typed, from this page, with nothing handed to WhatsApp.
      const [lead] = await leadService.stored();
      expect(lead).toMatchObject({
        formId: serviceId,
        page: path,
        handoff: "not-applicable",
        status: "nuevo",
      });
      expect(lead!.values).toEqual(values);
      const [submission] = leadService.to(serviceId);
      expect(submission!.contentType).toContain("application/x-www-form-urlencoded");
      expect(submission!.accept).toBe("application/json");
      // The definition's fields as typed (fetch keeps the line breaks), then where the visit began
      // (this page, reached directly), the page and an empty honeypot.
      expect(submission!.fields.filter(([name]) => fieldNames.has(name))).toEqual(
        postedFields(definition, values),
      );
      const extra = Object.fromEntries(submission!.fields.filter(([name]) => !fieldNames.has(name)));
      expect(extra).toEqual({
        [originFields.landing]: path,
        [originFields.referrer]: "",
        [originFields.utmSource]: "",
        [originFields.utmMedium]: "",
        [originFields.utmCampaign]: "",
        [originFields.device]: "computer",
        _page: path,
        website: "",
      });
      expect(whatsapp.handoffs).toHaveLength(0);
      expect(await dataLayer(page)).toEqual([{ event: "generate_lead", form: definition.id }]);
      // Emptied for a next consultation, with the focus still on the button.
      await expectEmpty(scope, definition);
      await expect(submit).toBeFocused();
      for (const { maxLength } of allFields(definition).filter((field) => field.maxLength))
        await expect(scope.getByText(`quedan ${maxLength} caracteres`)).toBeVisible();
    });

    test("answers the service refuses (422) are shown on their fields, the first focused, every answer kept", async ({
      page,
      leadService,
    }) => {
      await page.goto(path);
      await hydrated(page);
      const scope = formOf(page);
      const message = "Escribí un teléfono con código de área: de 8 a 15 números, por ejemplo 11 5555-5555.";
      await page.route(`**/api/form/submit/${serviceId}`, (route) =>
        route.fulfill({
          status: 422,
          contentType: "application/json",
          body: JSON.stringify({
            ok: false,
            error: "Revisá estos datos: Teléfono, Email.",
            fields: {
              telefono: message,
              email: "Escribí un email completo, por ejemplo nombre@ejemplo.com.",
            },
          }),
        }),
      );
      await fillForm(scope, definition, values);
      await scope.locator('button[type="submit"]').click();
      await expect(scope.getByRole("alert")).toHaveText("Revisá estos datos: Teléfono, Email.", {
        useInnerText: true,
      });
      const phone = scope.locator('[name="telefono"]');
      await expect(phone).toHaveAttribute("aria-invalid", "true");
      await expect(phone).toHaveAccessibleDescription(
        new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")),
      );
      await expect(phone).toBeFocused();
      await expect(scope.locator('[name="email"]')).toHaveAttribute("aria-invalid", "true");
      await expectValues(scope, definition, values);
      expect(leadService.to(serviceId)).toHaveLength(1);
      await expectNoAxeViolations(page, selector);

      // Sent again once the service accepts: stored, and the marks are gone.
      await page.unroute(`**/api/form/submit/${serviceId}`);
      await scope.locator('button[type="submit"]').click();
      await expect(scope.getByRole("status")).toContainText("Recibimos tu consulta", { useInnerText: true });
      await expect(scope.locator('[aria-invalid="true"]')).toHaveCount(0);
      expect(await leadService.stored()).toHaveLength(1);
    });

    for (const failure of [429, 503, "unreachable"] as const) {
      test(`refused while invalid; service ${failure}: a Spanish error and the same answers by WhatsApp`, async ({
        page,
        whatsapp,
        leadService,
      }) => {
        await watchFormEvents(page);
        await page.goto(path);
        await hydrated(page);
        const scope = formOf(page);
        const send = scope.locator('button[type="submit"]');
        const lastRequired = allFields(definition)
          .filter((field) => field.required)
          .at(-1)!;
        await fillForm(scope, definition, { ...values, [lastRequired.name]: "" });
        await send.click();
        await expectRefusedSubmit(page, scope);
        expect(leadService.to(serviceId)).toHaveLength(0);

        await leadService.fail(page, failure);
        await fillForm(scope, definition, values);
        await send.click();
        const alert = scope.getByRole("alert");
        await expect(alert).toContainText("No pudimos enviar tu consulta", { useInnerText: true });
        expect(leadService.to(serviceId)).toHaveLength(1);
        expect(await leadService.stored()).toEqual([]);
        await expectValues(scope, definition, values);
        await expectNoAxeViolations(page, selector);

        await alert.getByRole("link", { name: "Enviar por WhatsApp" }).click();
        expectMessage(await whatsapp.last(), definition, values);
        expect(await dataLayer(page)).toEqual([{ event: "generate_lead", form: definition.id }]);
      });
    }
  });
}
