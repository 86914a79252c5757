import type { Locator, Page } from "@playwright/test";

import { loadSiteConfig } from "../../app/config/site-config.ts";
import { composeMessage } from "../../app/features/leads/compose-message.ts";
import { fieldRules } from "../../app/features/leads/forms/rules.ts";
import {
  allFields,
  type FieldDefinition,
  type FormDefinition,
  type LeadValues,
} from "../../app/features/leads/forms/types.ts";
import { testBuildEnv } from "../test-build-env.ts";
import { expect, type Handoff } from "./fixtures.ts";

/**
 * Checks that hold for any lead form definition (what it renders, what it
 * holds, the WhatsApp message it hands off, a refused submit) and the keyboard
 * walk through it. Which forms exist, where, and the answers typed into them
 * come from registered-forms.ts; the composer's exact texts are checked in its
 * unit tests, so the message is compared with the composer's own output.
 */

const { config: site } = loadSiteConfig({ ...process.env, ...testBuildEnv });

/** What a form service receives: every field in the definition's order, a checkbox group once per box. */
export function postedFields(definition: FormDefinition, values: LeadValues): [string, string][] {
  return allFields(definition).flatMap((field): [string, string][] => {
    const value = values[field.name] ?? "";
    return typeof value === "string" ? [[field.name, value]] : value.map((option) => [field.name, option]);
  });
}

/** The spec's fixed wait of the in-page WhatsApp form's "sending" state. */
export const sendingMs = 2000;

/** The control of a field; for a checkbox group, the box of one option. */
export function control(scope: Locator, field: FieldDefinition, option?: string): Locator {
  const byName = `[name="${field.name}"]`;
  return scope.locator(option === undefined ? byName : `${byName}[value=${JSON.stringify(option)}]`);
}

type RenderedControl = {
  name: string;
  type: string;
  options?: string[];
  value?: string;
  min?: string;
  max?: string;
  maxLength?: string | null;
  pattern?: string | null;
};

/**
 * The visitor's named controls inside `scope`, in document order: not the
 * hidden page field nor the honeypot, which no person fills (Tab skips it).
 */
const visitorControls = ':is(input:not([type="hidden"], [tabindex="-1"]), select, textarea)[name]';

/** The visitor's controls inside `scope` as the browser renders them. */
function renderedControls(scope: Locator): Promise<RenderedControl[]> {
  return scope.evaluate(
    (root, selector) =>
      [...root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(selector)].map(
        (element) => {
          if (element instanceof HTMLSelectElement)
            return {
              name: element.name,
              type: "select",
              options: [...element.options].map((option) => option.text),
            };
          if (element.type === "checkbox")
            return { name: element.name, type: "checkbox", value: element.value };
          if (element.type === "number")
            return {
              name: element.name,
              type: "number",
              min: (element as HTMLInputElement).min,
              max: (element as HTMLInputElement).max,
            };
          return {
            name: element.name,
            type: element.type,
            maxLength: element.getAttribute("maxlength"),
            pattern: element.getAttribute("pattern"),
          };
        },
      ),
    visitorControls,
  );
}

/**
 * The form renders its definition and nothing else: one control per field in
 * the definition's order, of its type, each select with the definition's
 * options (and a preset outside them, shown selected), and the limits of its
 * rules (forms/rules.ts) as the input's own: the lead service checks the same.
 */
export async function expectRendered(scope: Locator, definition: FormDefinition, preset?: string | null) {
  const expected = allFields(definition).flatMap((field): RenderedControl[] => {
    const options = field.options ?? [];
    switch (field.type) {
      case "select": {
        const extra = field.name === definition.presetField && preset && !options.includes(preset);
        return [
          {
            name: field.name,
            type: "select",
            options: ["Elegí una opción", ...(extra ? [preset] : []), ...options],
          },
        ];
      }
      case "checkboxes":
        return options.map((option) => ({ name: field.name, type: "checkbox", value: option }));
      case "number":
        return [
          {
            name: field.name,
            type: "number",
            min: String(fieldRules(field).min),
            max: String(fieldRules(field).max),
          },
        ];
      default:
        return [
          {
            name: field.name,
            type: field.type,
            maxLength: String(fieldRules(field).maxLength),
            pattern: fieldRules(field).pattern ?? null,
          },
        ];
    }
  });
  expect(await renderedControls(scope)).toEqual(expected);
}

/** What the controls inside `scope` hold, keyed by field name (a list of the ticked boxes for a group). */
function currentValues(scope: Locator): Promise<Record<string, string | string[]>> {
  return scope.evaluate((root, selector) => {
    const values: Record<string, string | string[]> = {};
    for (const element of root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      selector,
    )) {
      if (element instanceof HTMLInputElement && element.type === "checkbox") {
        const ticked = (values[element.name] as string[] | undefined) ?? [];
        values[element.name] = element.checked ? [...ticked, element.value] : ticked;
      } else values[element.name] = element.value;
    }
    return values;
  }, visitorControls);
}

/** Every control holds the given values (a field missing from them is empty): nothing typed was lost. */
export async function expectValues(scope: Locator, definition: FormDefinition, values: LeadValues) {
  const expected = Object.fromEntries(
    allFields(definition).map((field) => [
      field.name,
      values[field.name] ?? (field.type === "checkboxes" ? [] : ""),
    ]),
  );
  await expect.poll(() => currentValues(scope)).toEqual(expected);
}

/** Every control is empty again. */
export async function expectEmpty(scope: Locator, definition: FormDefinition) {
  await expectValues(scope, definition, {});
}

/** The WhatsApp chat of the configured number, with exactly the composer's message for the values. */
export function expectMessage(handoff: Handoff | URL, definition: FormDefinition, values: LeadValues) {
  const url = handoff instanceof URL ? handoff : handoff.url;
  expect(`${url.origin}${url.pathname}`).toBe(`https://wa.me/${site.whatsappNumber}`);
  expect(url.searchParams.get("text")).toBe(composeMessage(definition, values));
}

/** Any text of the values that made it into the page as markup (it must only ever be text). */
export async function expectNothingRendered(page: Page) {
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  await expect(page.locator("b", { hasText: "negrita" })).toHaveCount(0);
}

/**
 * Records the page's form events, so a refused submit is proved by the
 * browser's own `invalid` event and the absence of a `submit` event, with no
 * waiting: both are dispatched within the click or key press itself.
 */
export async function watchFormEvents(page: Page) {
  await page.addInitScript(() => {
    const events: string[] = [];
    Object.assign(window, { __formEvents: events });
    for (const type of ["invalid", "submit"]) addEventListener(type, () => events.push(type), true);
  });
}

/** The browser refused the submit: a field was flagged invalid, focused, and no submit event ran. */
export async function expectRefusedSubmit(page: Page, scope: Locator) {
  const events = () => page.evaluate(() => (window as { __formEvents?: string[] }).__formEvents ?? []);
  await expect.poll(events, { message: "no field was flagged invalid" }).toContain("invalid");
  expect(await events()).not.toContain("submit");
  await expect(scope.locator(":invalid:is(input, select, textarea)").first()).toBeFocused();
  await page.evaluate(() => (window as { __formEvents?: string[] }).__formEvents?.splice(0));
}

/** window.open refuses every tab (as a popup blocker does) and records what it was asked to open. */
export async function refusePopups(page: Page) {
  await page.addInitScript(() => {
    const asked: string[] = [];
    Object.assign(window, { __popupsAsked: asked });
    window.open = (url?: string | URL) => {
      asked.push(String(url));
      return null;
    };
  });
}

export async function popupsAsked(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as { __popupsAsked?: string[] }).__popupsAsked ?? []);
}

// ---------------------------------------------------------------- keyboard

type Focused = {
  name: string;
  value: string;
  tag: string;
  text: string;
  visible: boolean;
  /** What covers the middle of the focused element, if something else does (a sticky bar...). */
  coveredBy: string | null;
};

/**
 * What has the focus, whether it shows a focus indicator (an outline or a
 * ring), and whether any part of it can be seen: the middle of the part left
 * inside the viewport and every clipping ancestor must hit the element itself.
 */
async function focused(page: Page): Promise<Focused> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body)
      return { name: "", value: "", tag: "BODY", text: "", visible: false, coveredBy: "nothing is focused" };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
    // A link that wraps has one box per line: the largest one is looked at.
    const box =
      [...element.getClientRects()].sort((a, b) => b.width * b.height - a.width * a.height)[0] ??
      element.getBoundingClientRect();
    let [top, right, bottom, left] = [box.top, box.right, box.bottom, box.left];
    [top, left, bottom, right] = [
      Math.max(top, 0),
      Math.max(left, 0),
      Math.min(bottom, innerHeight),
      Math.min(right, innerWidth),
    ];
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const clip = getComputedStyle(parent);
      if (clip.overflowX === "visible" && clip.overflowY === "visible") continue;
      const edges = parent.getBoundingClientRect();
      [top, left] = [Math.max(top, edges.top), Math.max(left, edges.left)];
      [bottom, right] = [Math.min(bottom, edges.bottom), Math.min(right, edges.right)];
    }
    const hit =
      bottom > top && right > left ? document.elementFromPoint((left + right) / 2, (top + bottom) / 2) : null;
    const covered = !hit || !(hit === element || element.contains(hit));
    return {
      name: element.getAttribute("name") ?? "",
      value: (element as HTMLInputElement).value ?? "",
      tag: element.tagName,
      text: (element.textContent ?? "").trim(),
      visible: outline || style.boxShadow !== "none",
      coveredBy: covered ? (hit ? `${hit.tagName}.${hit.className}` : "off screen") : null,
    };
  });
}

/** The focused element shows a focus indicator and is not hidden (WCAG 2.4.7, 2.4.11). */
export async function expectVisibleFocus(page: Page): Promise<Focused> {
  let now = await focused(page);
  // A smooth scroll (an in-page link, a focus near the edge) may still be bringing it into view.
  if (now.coveredBy !== null) {
    await expect
      .poll(async () => (now = await focused(page)).coveredBy, {
        message: `focused ${now.tag} "${now.name || now.text.slice(0, 40)}" is hidden`,
      })
      .toBeNull();
  }
  expect(
    now.visible,
    `focused ${now.tag} "${now.name || now.text.slice(0, 40)}" shows no focus indicator`,
  ).toBe(true);
  return now;
}

/** Presses Tab (or Shift+Tab), checking the focus indicator each time, until the target has the focus. */
export async function tabUntil(page: Page, target: Locator, maxPresses = 120, key = "Tab") {
  for (let press = 0; press < maxPresses; press++) {
    await page.keyboard.press(key);
    await expectVisibleFocus(page);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${maxPresses} presses of ${key} never reached the target`);
}

/** Chooses an option of the focused (closed) select with the arrow keys, as a keyboard user does. */
async function chooseWithArrows(page: Page, select: Locator, value: string) {
  const { from, to } = await select.evaluate((element: HTMLSelectElement, wanted) => {
    return {
      from: element.selectedIndex,
      to: [...element.options].findIndex((option) => option.value === wanted),
    };
  }, value);
  expect(to, `no option '${value}'`).toBeGreaterThan(-1);
  const key = to > from ? "ArrowDown" : "ArrowUp";
  for (let step = 0; step < Math.abs(to - from); step++) await page.keyboard.press(key);
  await expect(select).toHaveValue(value);
}

/** Every Tab stop of a form's fields, in order: one per control, one per checkbox. */
type TabStop = { field: FieldDefinition; option?: string };

function tabStops(definition: FormDefinition): TabStop[] {
  return allFields(definition).flatMap((field): TabStop[] =>
    field.type === "checkboxes" ? (field.options ?? []).map((option) => ({ field, option })) : [{ field }],
  );
}

/**
 * Walks every control of the form with Tab, in the definition's order (the
 * first control already has the focus), and enters each value with the
 * keyboard: arrows for selects, Space for checkboxes, typing for the rest.
 */
export async function completeWithKeyboard(
  page: Page,
  scope: Locator,
  definition: FormDefinition,
  values: LeadValues,
) {
  for (const [index, { field, option }] of tabStops(definition).entries()) {
    if (index > 0) await page.keyboard.press("Tab");
    const now = await expectVisibleFocus(page);
    expect(now.name, `Tab should reach '${field.label}' next`).toBe(field.name);
    const value = values[field.name] ?? "";
    if (option !== undefined) {
      expect(now.value).toBe(option);
      if (value.includes(option)) {
        await page.keyboard.press("Space");
        await expect(control(scope, field, option)).toBeChecked();
      }
    } else if (field.type === "select") {
      await chooseWithArrows(page, control(scope, field), value as string);
    } else {
      // One input event for the whole text: how the keyboard moves and chooses is what is tested here.
      await page.keyboard.insertText(value as string);
      await expect(control(scope, field)).toHaveValue(value as string);
      if (field.maxLength) {
        const left = field.maxLength - value.length;
        await expect(scope.getByText(`quedan ${left} caracteres`)).toBeVisible();
      }
    }
  }
}

/**
 * The keyboard way through an in-page form: Tab to the page's link to the form, Enter, Tab into
 * the form, every field as in `completeWithKeyboard`, then Tab to the submit button, which must
 * show its focus. Returns that button.
 */
export async function reachAndCompleteWithKeyboard(
  page: Page,
  scope: Locator,
  definition: FormDefinition,
  values: LeadValues,
  formAnchor: string,
): Promise<Locator> {
  await tabUntil(page, page.locator(`a[href="#${formAnchor}"]`).first());
  await page.keyboard.press("Enter");
  await tabUntil(page, control(scope, allFields(definition)[0]!), 3);
  await completeWithKeyboard(page, scope, definition, values);
  await page.keyboard.press("Tab");
  const submit = scope.locator('button[type="submit"]');
  await expect(submit).toBeFocused();
  await expectVisibleFocus(page);
  return submit;
}

/**
 * From the last field back to the first with Shift+Tab, then forward again:
 * scrolling up must not slide a field under a sticky bar or the modal's title.
 */
export async function walkBackAndForth(page: Page, definition: FormDefinition) {
  const stops = tabStops(definition);
  for (const { field } of stops.slice(0, -1).reverse()) {
    await page.keyboard.press("Shift+Tab");
    expect((await expectVisibleFocus(page)).name).toBe(field.name);
  }
  for (const { field } of stops.slice(1)) {
    await page.keyboard.press("Tab");
    expect((await expectVisibleFocus(page)).name).toBe(field.name);
  }
}

/** Reading order (top to bottom, then left to right) of two elements matches their Tab order. */
export async function expectReadBefore(first: Locator, second: Locator) {
  const a = (await first.boundingBox())!;
  const b = (await second.boundingBox())!;
  const below = b.y >= a.y + a.height;
  const rightOf = Math.abs(b.y - a.y) < 1 && b.x >= a.x + a.width;
  expect(below || rightOf, "the visual order differs from the Tab order").toBe(true);
}
