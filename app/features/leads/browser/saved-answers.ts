import { readValues } from "../compose-message.ts";
import type { FormId } from "../forms/catalogue.ts";
import { allFields, type FormDefinition, type LeadValues } from "../forms/types.ts";

/**
 * What a visitor typed in a form, kept in sessionStorage for the life of the
 * tab (product decision 19): a reload or a back navigation gives it back, and
 * it is forgotten once the lead is handed off or stored. Storage can be
 * missing or full (private modes); the form then simply works without it.
 */

const storageKey = (form: FormId) => `lead-answers:${form}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function forgetAnswers(form: FormId): void {
  try {
    storage()?.removeItem(storageKey(form));
  } catch {
    // Nothing to forget.
  }
}

function hasAnswer(value: string | readonly string[] | undefined, ignored = false): boolean {
  if (ignored || value === undefined) return false;
  return typeof value === "string" ? value.trim() !== "" : value.length > 0;
}

/**
 * Keeps the form's current answers. A preset alone (the tower of the button
 * that opened the form) is not an answer the visitor gave, so it is not kept
 * unless something else was typed.
 */
export function saveAnswers(definition: FormDefinition, form: HTMLFormElement): void {
  const values = readValues(definition, new FormData(form));
  const typed = Object.entries(values).some(([name, value]) =>
    hasAnswer(value, name === definition.presetField),
  );
  try {
    if (typed) storage()?.setItem(storageKey(definition.id), JSON.stringify(values));
    else storage()?.removeItem(storageKey(definition.id));
  } catch {
    // Quota or privacy settings: the answers stay in the page only.
  }
}

function savedAnswers(form: FormId): LeadValues | null {
  try {
    const saved = storage()?.getItem(storageKey(form));
    const parsed: unknown = saved ? JSON.parse(saved) : null;
    return parsed && typeof parsed === "object" ? (parsed as LeadValues) : null;
  } catch {
    return null;
  }
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Puts saved answers back into the controls the visitor has not filled in:
 * text typed before hydration, a value the browser restored itself and the
 * preset of the button that opened the form all win over the saved copy.
 * Each restored control gets an input event, so counters and listeners follow.
 */
export function restoreAnswers(definition: FormDefinition, form: HTMLFormElement): void {
  const saved = savedAnswers(definition.id);
  if (!saved) return;
  const restored: Control[] = [];
  for (const field of allFields(definition)) {
    const value = saved[field.name];
    if (!hasAnswer(value)) continue;
    if (field.type === "checkboxes") {
      const boxes = [...form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].filter(
        (box) => box.name === field.name,
      );
      if (boxes.some((box) => box.checked)) continue;
      const chosen = typeof value === "string" ? [value] : value!;
      for (const box of boxes) box.checked = chosen.includes(box.value);
      restored.push(...boxes);
      continue;
    }
    const control = form.elements.namedItem(field.name) as Control | null;
    if (!control || control.value !== "" || typeof value !== "string") continue;
    if (
      control instanceof HTMLSelectElement &&
      ![...control.options].some((option) => option.value === value)
    )
      continue;
    control.value = value;
    restored.push(control);
  }
  for (const control of restored) control.dispatchEvent(new Event("input", { bubbles: true }));
}
