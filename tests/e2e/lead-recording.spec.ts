import type { Locator, Page } from "@playwright/test";

import { composeMessage, messageValues } from "../../app/features/leads/compose-message.ts";
import { fieldRules } from "../../app/features/leads/forms/rules.ts";
import type { FormDefinition, LeadValues } from "../../app/features/leads/forms/types.ts";
import { allFields } from "../../app/features/leads/forms/types.ts";
import type { Lead } from "../../server/storage/store.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import type { LeadServiceWatch, SentLead } from "./lead-service.ts";
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
 * with exactly the values the message carries, and the service stores it.
 * (The off-plan form, which posts instead, is hosted-post.spec.ts's.)
 */

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
function valuesOf(definition: FormDefinition, submission: SentLead): LeadValues {
  const values: Record<string, string | string[]> = {};
  for (const field of allFields(definition)) {
    const posted = submission.fields.filter(([name]) => name === field.name).map(([, value]) => value);
    values[field.name] = field.type === "checkboxes" ? posted : (posted[0] ?? "");
  }
  return values;
}

/** What the page sent for the form and what the service stored, once both exist. */
async function recorded(
  service: LeadServiceWatch,
  definition: FormDefinition,
): Promise<{ submission: SentLead; lead: Lead }> {
  const id = serviceIds[definition.id];
  await expect
    .poll(async () => (await service.stored()).length, { message: `nothing stored for ${id}` })
    .toBe(1);
  expect(service.to(id)).toHaveLength(1);
  return { submission: service.to(id)[0]!, lead: (await service.stored())[0]! };
}

for (const registered of registeredForms.filter((entry) => entry.whatsapp)) {
  const { definition, page: path } = registered;

  test(`${definition.id}: recorded after the WhatsApp tab opened, with exactly the message's values`, async ({
    page,
    whatsapp,
    leadService,
  }) => {
    const calls = await watchCalls(page);
    const form = await openForm(page, registered);
    const answers = answersFor(definition);
    await fillForm(form, definition, answers);
    await form.locator('button[type="submit"]').click();

    const handoff = await whatsapp.last();
    expect(handoff.text).toBe(composeMessage(definition, answers));
    const { submission, lead } = await recorded(leadService, definition);

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
    // Stored with exactly the message's values: the owner reads what the visitor sent.
    expect(lead).toMatchObject({ formId: serviceIds[definition.id], page: path, handoff: "tab-opened" });
    expect(lead.values).toEqual(values);
    expect(composeMessage(definition, lead.values)).toBe(handoff.text);

    // Same click, tab first: window.open, then the record (and nothing was awaited in between).
    expect(await calls()).toEqual([
      "open https://wa.me/5491100000000",
      `fetch /api/form/submit/${serviceIds[definition.id]}`,
    ]);
  });
}

test("a refused tab is recorded as such, and the visitor still gets the 'Abrir WhatsApp' link", async ({
  page,
  whatsapp,
  leadService,
}) => {
  await page.addInitScript(() => {
    window.open = () => null;
  });
  const registered = registeredForms.find((entry) => entry.definition.id === "apartment")!;
  const form = await openForm(page, registered);
  const answers = answersFor(registered.definition);
  await fillForm(form, registered.definition, answers);
  await form.locator('button[type="submit"]').click();

  const { submission, lead } = await recorded(leadService, registered.definition);
  expect(Object.fromEntries(submission.fields)._handoff).toBe("tab-refused");
  // The inbox lists it among the leads to call back.
  expect(lead.handoff).toBe("tab-refused");
  const link = page.getByRole("dialog").getByRole("link", { name: "Abrir WhatsApp" });
  await expect(link).toBeVisible();
  expect(new URL((await link.getAttribute("href"))!).searchParams.get("text")).toBe(
    composeMessage(registered.definition, valuesOf(registered.definition, submission)),
  );
  await link.click();
  expect((await whatsapp.last()).text).toBe(composeMessage(registered.definition, answers));
});

test("a bot that fills the honeypot is recorded with it, and stored as spam", async ({
  page,
  leadService,
}) => {
  const registered = registeredForms.find((entry) => entry.definition.id === "express-online")!;
  const form = await openForm(page, registered);
  await fillForm(form, registered.definition, answersFor(registered.definition));
  // Hidden from people and from Tab: only a script reaches it.
  await expect(form.locator('input[name="website"]')).toHaveAttribute("tabindex", "-1");
  await form.locator('input[name="website"]').fill("https://spam.example", { force: true });
  await form.locator('button[type="submit"]').click();
  const { submission, lead } = await recorded(leadService, registered.definition);
  expect(Object.fromEntries(submission.fields).website).toBe("https://spam.example");
  expect(lead.status).toBe("spam");
});

/** A filler of exactly `length` UTF-16 code units: names, accents, quotes and ampersands, no pair to cut. */
function textOf(length: number, multiline: boolean): string {
  const piece = multiline ? 'Ñandú O\'Brien & Cía. "B"\n' : 'Ñandú O\'Brien & Cía. "B" ';
  return piece.repeat(Math.ceil(length / piece.length)).slice(0, length);
}

/**
 * Answers at the edge of what each input allows: every text at its maxlength,
 * the widest numbers (decimals) and the last option of each list, all boxes of
 * a group, phones as people type them (spaces, +, parentheses, dots, dashes).
 */
function edgeAnswersFor(definition: FormDefinition, index: number): LeadValues {
  const phones = ["+54 (11) 5555-1234", "11.5555.1234", "+5491155551234", "011 4555-0000"];
  const answers: Record<string, string | string[]> = {};
  for (const field of allFields(definition)) {
    const rules = fieldRules(field);
    const options = rules.options ?? [];
    answers[field.name] =
      field.type === "select"
        ? options.at(-1)!
        : field.type === "checkboxes"
          ? [...options]
          : field.type === "email"
            ? `zoe.o'brien+${"x".repeat(40)}@mail-${index}.example.com.ar`
            : field.type === "tel"
              ? phones[index % phones.length]!
              : field.type === "number"
                ? rules.min === 0
                  ? "0"
                  : String(rules.max! - 0.25)
                : textOf(rules.maxLength, field.type === "textarea");
  }
  return answers;
}

for (const [index, registered] of registeredForms.entries()) {
  const { definition } = registered;

  test(`${definition.id}: what its inputs allow is stored (201): texts at their maxlength, decimals, typed phones`, async ({
    page,
    leadService,
  }) => {
    const form = await openForm(page, registered);
    const answers = edgeAnswersFor(definition, index);
    // A longer paste stops at the input's maxlength: no visitor can type what the service would refuse.
    for (const field of allFields(definition).filter((candidate) => candidate.type === "text")) {
      const box = form.locator(`[name="${field.name}"]`);
      await box.fill(`${answers[field.name] as string}${"sobra".repeat(20)}`);
      await expect(box).toHaveValue(answers[field.name] as string);
    }
    await fillForm(form, definition, answers);
    const answered = page.waitForResponse((response) => response.url().includes("/api/form/submit/"));
    await form.locator('button[type="submit"]').click();
    expect((await answered).status()).toBe(201);
    const { lead } = await recorded(leadService, definition);
    expect(lead.values).toEqual(messageValues(definition, answers));
    await expect(page.locator("[data-not-recorded]")).toHaveCount(0);
  });
}

for (const failure of [503, 422] as const) {
  test(`a recording answered ${failure} after WhatsApp opened is not silent: the success state says to send the message`, async ({
    page,
    whatsapp,
  }) => {
    await page.route("**/api/form/submit/**", (route) =>
      route.fulfill({
        status: failure,
        contentType: "application/json",
        body: JSON.stringify({ ok: false, error: "no", fields: {} }),
      }),
    );
    const note =
      /^Importante: nuestro sistema no pudo registrar tu solicitud\. Enviá el mensaje en WhatsApp para que le llegue a .+\.$/;

    // In a page: on the success state, under the success line.
    const inline = registeredForms.find((entry) => entry.definition.id === "express-online")!;
    let form = await openForm(page, inline);
    await fillForm(form, inline.definition, answersFor(inline.definition));
    await form.locator('button[type="submit"]').click();
    expect((await whatsapp.last()).text).toBe(
      composeMessage(inline.definition, answersFor(inline.definition)),
    );
    await expect(form.getByRole("status")).toContainText("Solicitud enviada correctamente", {
      useInnerText: true,
    });
    await expect(form.locator("[data-not-recorded]")).toHaveText(note);

    // In a modal that closed as WhatsApp opened: the page says it, and the note can be dismissed.
    const modal = registeredForms.find((entry) => entry.definition.id === "valuation")!;
    form = await openForm(page, modal);
    await fillForm(form, modal.definition, answersFor(modal.definition));
    await form.locator('button[type="submit"]').click();
    await expect(page.getByRole("dialog")).toBeHidden();
    const alert = page.getByRole("alert").filter({ hasText: "Importante" });
    await expect(alert.locator("p")).toHaveText(note);
    await alert.getByRole("button", { name: "Cerrar" }).click();
    await expect(alert).toHaveCount(0);
  });
}
