import type { Locator, Page } from "@playwright/test";

import { composeMessage, messageValues } from "../../app/features/leads/compose-message.ts";
import type { FormDefinition, LeadValues } from "../../app/features/leads/forms/types.ts";
import { allFields } from "../../app/features/leads/forms/types.ts";
import { formServicePort } from "../test-build-env.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { useFormService, type Submission } from "./form-service.ts";
import {
  answersFor,
  fillForm,
  registeredForms,
  serviceIds,
  type RegisteredForm,
} from "./registered-forms.ts";

/**
 * With JavaScript, every WhatsApp form also records its lead with the lead
 * service: in the same click, after the WhatsApp tab opened (never before),
 * with exactly the values the message carries. The off-plan form posts with
 * fetch and falls back to WhatsApp, answers kept, when the service refuses or
 * is unreachable.
 */

const service = useFormService(test, formServicePort);

/** Records, in order, the tab openings and the requests the page makes. */
async function watchCalls(page: Page) {
  await page.addInitScript(() => {
    const calls: string[] = [];
    (window as unknown as { __calls: string[] }).__calls = calls;
    const open = window.open.bind(window);
    window.open = (...args) => {
      calls.push(`open ${String(args[0]).split("?")[0]}`);
      return open(...args);
    };
    const fetch = window.fetch.bind(window);
    window.fetch = (input, init) => {
      calls.push(`fetch ${input instanceof Request ? input.url : String(input)}`);
      return fetch(input, init);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __calls: string[] }).__calls);
}

/** Opens a form the way a visitor does: an opener's modal, or the form in its page. */
async function openForm(page: Page, registered: RegisteredForm): Promise<Locator> {
  await page.goto(registered.page);
  await hydrated(page);
  if (!registered.modal) return page.locator(`form[data-lead-inline="${registered.definition.id}"]`);
  await page.locator(`[data-lead-form="${registered.definition.id}"]`).first().click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  return dialog.locator("form");
}

/** A submission's form fields as values, checkbox groups as lists (like LeadValues). */
function valuesOf(definition: FormDefinition, submission: Submission): LeadValues {
  const values: Record<string, string | string[]> = {};
  for (const field of allFields(definition)) {
    const posted = submission.fields.filter(([name]) => name === field.name).map(([, value]) => value);
    values[field.name] = field.type === "checkboxes" ? posted : (posted[0] ?? "");
  }
  return values;
}

async function recorded(definition: FormDefinition): Promise<Submission> {
  const id = serviceIds[definition.id];
  await expect.poll(() => service.to(id).length, { message: `nothing recorded for ${id}` }).toBe(1);
  return service.to(id)[0]!;
}

for (const registered of registeredForms.filter((entry) => entry.whatsapp)) {
  const { definition, page: path } = registered;

  test(`${definition.id}: recorded after the WhatsApp tab opened, with exactly the message's values`, async ({
    page,
    whatsapp,
  }) => {
    const calls = await watchCalls(page);
    const form = await openForm(page, registered);
    const answers = answersFor(definition);
    await fillForm(form, definition, answers);
    await form.locator('button[type="submit"]').click();

    const handoff = await whatsapp.last();
    expect(handoff.text).toBe(composeMessage(definition, answers));
    const submission = await recorded(definition);

    expect(submission.contentType).toContain("application/x-www-form-urlencoded");
    expect(submission.accept).toBe("application/json");
    // Every field of the definition in order, then the page, the hand-off and the empty honeypot.
    const names = submission.fields.map(([name]) => name);
    expect(names.slice(-3)).toEqual(["_page", "_handoff", "website"]);
    expect(Object.fromEntries(submission.fields.slice(-3))).toEqual({
      _page: path,
      _handoff: "tab-opened",
      website: "",
    });
    const values = valuesOf(definition, submission);
    expect(values).toEqual(messageValues(definition, answers));
    expect(composeMessage(definition, values)).toBe(handoff.text);

    // Same click, tab first: window.open, then the record (and nothing was awaited in between).
    expect(await calls()).toEqual([
      "open https://wa.me/5491100000000",
      `fetch http://127.0.0.1:${formServicePort}/api/form/submit/${serviceIds[definition.id]}`,
    ]);
  });
}

test("a refused tab is recorded as such, and the visitor still gets the 'Abrir WhatsApp' link", async ({
  page,
  whatsapp,
}) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  const registered = registeredForms.find((entry) => entry.definition.id === "apartment")!;
  const form = await openForm(page, registered);
  const answers = answersFor(registered.definition);
  await fillForm(form, registered.definition, answers);
  await form.locator('button[type="submit"]').click();

  const submission = await recorded(registered.definition);
  expect(Object.fromEntries(submission.fields)._handoff).toBe("tab-refused");
  const link = page.getByRole("dialog").getByRole("link", { name: "Abrir WhatsApp" });
  await expect(link).toBeVisible();
  expect(new URL((await link.getAttribute("href"))!).searchParams.get("text")).toBe(
    composeMessage(registered.definition, valuesOf(registered.definition, submission)),
  );
  await link.click();
  expect((await whatsapp.last()).text).toBe(composeMessage(registered.definition, answers));
});

test("a bot that fills the honeypot is recorded with it (the service marks it as spam)", async ({ page }) => {
  const registered = registeredForms.find((entry) => entry.definition.id === "express-online")!;
  const form = await openForm(page, registered);
  await fillForm(form, registered.definition, answersFor(registered.definition));
  // Hidden from people and from Tab: only a script reaches it.
  await expect(form.locator('input[name="website"]')).toHaveAttribute("tabindex", "-1");
  await form.locator('input[name="website"]').fill("https://spam.example", { force: true });
  await form.locator('button[type="submit"]').click();
  const submission = await recorded(registered.definition);
  expect(Object.fromEntries(submission.fields).website).toBe("https://spam.example");
});

test.describe("off-plan consultation with JavaScript", () => {
  const registered = registeredForms.find((entry) => entry.definition.id === "off-plan")!;
  const { definition } = registered;

  test("posted with fetch (JSON answer): the success message, the form emptied, nothing sent to WhatsApp", async ({
    page,
    whatsapp,
  }) => {
    const form = await openForm(page, registered);
    const answers = answersFor(definition);
    await fillForm(form, definition, answers);
    await form.getByRole("button", { name: "Enviar consulta" }).click();
    await expect(form.getByRole("status")).toContainText("Recibimos tu consulta");
    const submission = await recorded(definition);
    expect(submission.accept).toBe("application/json");
    const fields = Object.fromEntries(submission.fields);
    expect(fields._page).toBe("/comprar-en-pozo");
    expect(fields.website).toBe("");
    expect("_handoff" in fields).toBe(false);
    expect(valuesOf(definition, submission)).toEqual(answers);
    await expect(form.locator('[name="nombre"]')).toHaveValue("");
    expect(whatsapp.handoffs).toHaveLength(0);
  });

  for (const failure of [429, 503, "unreachable"] as const) {
    test(`service ${failure}: a Spanish error and the WhatsApp fallback, every answer kept`, async ({
      page,
      whatsapp,
    }) => {
      if (failure === "unreachable") await service.stop();
      else service.status = failure;
      const form = await openForm(page, registered);
      const answers = answersFor(definition);
      await fillForm(form, definition, answers);
      await form.getByRole("button", { name: "Enviar consulta" }).click();

      const alert = form.getByRole("alert");
      await expect(alert).toContainText("No pudimos enviar tu consulta");
      for (const field of allFields(definition))
        await expect(form.locator(`[name="${field.name}"]`)).toHaveValue(answers[field.name] as string);
      await alert.getByRole("link", { name: "Enviar por WhatsApp" }).click();
      expect((await whatsapp.last()).text).toBe(composeMessage(definition, answers));
      expect(service.to(serviceIds["off-plan"])).toHaveLength(failure === "unreachable" ? 0 : 1);
    });
  }
});
