import { expect, hydrated, test } from "./fixtures.ts";
import { answersFor, fillForm, registeredForms } from "./registered-forms.ts";

/**
 * After a form in its page is sent, its answer is where the visitor is
 * looking (product decision 26): at a phone's width and a computer's, the
 * confirmation is inside the viewport, and it is in a live region (status or
 * alert), so a screen reader reads it out. On a phone the form's status sits
 * below the fold until the island brings it into view.
 */
const screens = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

for (const registered of registeredForms)
  for (const screen of screens)
    test(`${registered.page}: the ${registered.definition.id} form's confirmation is in view and announced at ${screen.width} px`, async ({
      page,
      whatsapp,
    }) => {
      const { definition, anchor } = registered;
      await page.setViewportSize(screen);
      await page.goto(`${registered.page}#${anchor}`);
      await hydrated(page);
      const section = page.locator(`#${anchor}`);
      const form = section.locator(`form[data-lead-inline="${definition.id}"]`);
      await fillForm(form, definition, answersFor(definition));
      await form.locator('button[type="submit"]').click();
      if (registered.whatsapp) await whatsapp.last();

      const answer = section.locator('[data-show="success"]');
      await expect(answer).toBeVisible();
      // All of it but a sub-pixel sliver a scroll may leave at its edge; below the fold it is 0.
      await expect(answer).toBeInViewport({ ratio: 0.9 });
      await expect(section.locator(':is([role="status"], [role="alert"]) [data-show="success"]')).toHaveCount(
        1,
      );
    });
