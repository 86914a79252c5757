import type { Page } from "@playwright/test";

import { allFields } from "../../app/features/leads/forms/types.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { dataLayer, expect, hydrated, pauseClock, test } from "./fixtures.ts";
import {
  reachAndCompleteWithKeyboard,
  expectMessage,
  expectNothingRendered,
  expectRefusedSubmit,
  expectRendered,
  expectValues,
  popupsAsked,
  refusePopups,
  sendingMs,
  watchFormEvents,
} from "./form-checks.ts";
import { answersFor, fillForm, registeredForms } from "./registered-forms.ts";

/**
 * The forms that sit in their page and hand the lead to WhatsApp: filled and
 * sent with the keyboard and with the mouse, the message checked against the
 * composer. WhatsApp opens inside the submit itself; the spec's 2-second
 * "sending" state that follows is only feedback, stepped through with the
 * page's clock. (The lead each form also records after the hand-off is
 * lead-recording.spec.ts's; here the page's request to the service is
 * answered in the page.)
 */

for (const { definition, page: path, anchor } of registeredForms.filter(
  (registered) => registered.whatsapp && !registered.modal,
)) {
  const values = answersFor(definition);
  const selector = `form[data-lead-inline="${definition.id}"]`;
  const formOf = (page: Page) => page.locator(selector);

  test.describe(`${definition.id} form on ${path}`, () => {
    test("reached, completed and sent with the keyboard; WhatsApp opens at once, success after 2 s", async ({
      page,
      whatsapp,
    }) => {
      await page.clock.install();
      await page.goto(path);
      await hydrated(page);
      const scope = formOf(page);
      await expectRendered(scope, definition);
      // (The untouched form is part of every page's axe check in pages.spec.ts.)

      // The page's in-page link to the form is the way in; after it, Tab continues inside the form.
      const submit = await reachAndCompleteWithKeyboard(page, scope, definition, values, anchor);

      await pauseClock(page);
      await page.keyboard.press("Space");
      await expect(submit).toHaveAccessibleName("Enviando solicitud...");
      await expect(submit).toHaveAttribute("aria-disabled", "true");
      await expect(submit).toBeFocused();
      // Opened with no time passing: inside the visitor's own key press.
      expectMessage(await whatsapp.last(), definition, values);
      expect(await dataLayer(page)).toEqual([{ event: "generate_lead", form: definition.id }]);

      await page.clock.runFor(sendingMs - 1);
      await expect(submit).toHaveAccessibleName("Enviando solicitud...");
      await page.clock.runFor(1);
      // innerText: what is shown (the island's other states are in the region, hidden).
      await expect(scope.getByRole("status")).toHaveText(
        /^Solicitud enviada correctamente\. .+ te contactará en breve\.$/,
        { useInnerText: true },
      );
      // The keyboard user's place is kept through the sending state: focus never falls to the page.
      await expect(submit).toHaveAccessibleName("Enviar por WhatsApp");
      await expect(submit).toBeFocused();
      await expect(scope.getByRole("link", { name: "Abrir WhatsApp" })).toHaveCount(0);
      expect(whatsapp.handoffs).toHaveLength(1);
      await expectNothingRendered(page);
    });

    test("refused while invalid, keeping every answer; a blocked tab gets a link; a failed hand-off says so", async ({
      page,
      whatsapp,
    }) => {
      await refusePopups(page);
      await watchFormEvents(page);
      await page.clock.install();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(path);
      await hydrated(page);
      const scope = formOf(page);
      const send = scope.getByRole("button", { name: "Enviar por WhatsApp" });

      await send.click();
      await expectRefusedSubmit(page, scope);
      const required = allFields(definition).filter((field) => field.required);
      await fillForm(scope, definition, { ...values, [required.at(-1)!.name]: "" });
      await send.click();
      await expectRefusedSubmit(page, scope);
      await expectValues(scope, definition, { ...values, [required.at(-1)!.name]: "" });
      expect(await popupsAsked(page)).toEqual([]);

      await fillForm(scope, definition, values);
      await pauseClock(page);
      await send.click();
      await expect(scope.getByRole("button", { name: "Enviando solicitud..." })).toBeVisible();
      await page.clock.runFor(sendingMs);
      await expect(scope.getByRole("status")).toContainText("Solicitud enviada correctamente", {
        useInnerText: true,
      });
      // axe runs on timers: the page's time flows again.
      await page.clock.resume();
      const link = scope.getByRole("link", { name: "Abrir WhatsApp" });
      const href = (await link.getAttribute("href"))!;
      expectMessage(new URL(href), definition, values);
      expect(await popupsAsked(page)).toEqual([href]);
      await expectNoAxeViolations(page, selector);
      await link.click();
      expectMessage(await whatsapp.last(), definition, values);

      // The one way the hand-off itself fails: opening the tab throws (e.g. a blocked window.open).
      await page.evaluate(() => {
        window.open = () => {
          throw new Error("window.open is blocked");
        };
      });
      await send.click();
      await expect(scope.getByRole("alert")).toHaveText(
        "Error al enviar la solicitud. Por favor, intenta nuevamente.",
      );
      await expectNoAxeViolations(page, selector);
      await expectValues(scope, definition, values);
      expect(whatsapp.handoffs).toHaveLength(1);
    });
  });
}
