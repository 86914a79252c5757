import {
  formAttributes,
  formEvents,
  inlineFormSelector,
  type FormState,
} from "../../../lib/form-protocol.ts";
import { readValues } from "../compose-message.ts";
import type { FormDefinition, LeadValues } from "../forms/types.ts";
import { optionLabel } from "../forms/types.ts";
import { handOff, leadWhatsAppUrl, pushLeadEvent } from "./handoff.ts";
import { catalogueEntry } from "../forms/catalogue.ts";
import { pageField } from "../forms/reserved-fields.ts";
import { readPageSettings } from "../../../lib/page-settings.ts";
import { submitUrl } from "../service-url.ts";
import { postLead } from "./lead-service.ts";
import { replayInlineSubmit, takePendingLead } from "./pending-intent.ts";
import { forgetAnswers, restoreAnswers, saveAnswers } from "./saved-answers.ts";

/**
 * The lead forms' behaviour in the browser, on HTML the prerender wrote: no
 * framework, just listeners. What each form does comes from the definition
 * it carries (`data-definition`, see island-definition.ts) and the same pure
 * modules the server and the tests use (composer, saved answers, hand-off,
 * lead service). Each status the components rendered is in the HTML, hidden,
 * under `data-show="<state>"`; `show` reveals the ones that apply.
 */

/** How long the "Enviando solicitud..." state shows (spec: 2000 ms). Visual only. */
export const sendingMs = 2000;
/** A service that never answers must not leave the visitor waiting forever. */
const requestTimeoutMs = 15_000;

/** What a form does with a valid submit; made once per form, so it can keep that form's state. */
type Handler = (form: HTMLFormElement, definition: FormDefinition) => (values: LeadValues) => void;

const $ = <T extends Element = HTMLElement>(root: ParentNode, selector: string) =>
  root.querySelector<T>(selector);

/**
 * Shows, inside `scope`, the elements of the named states and hides the
 * others; a shown one also carries `data-<state>` (tests and styles read it).
 */
function show(scope: Element, ...states: FormState[]): void {
  for (const element of scope.querySelectorAll<HTMLElement>(`[${formAttributes.show}]`)) {
    const state = element.getAttribute(formAttributes.show)! as FormState;
    const visible = states.includes(state);
    element.hidden = !visible;
    element.toggleAttribute(`data-${state}`, visible);
  }
}

/**
 * An in-page form's answer, shown where the visitor is looking (product
 * decision 26): on a phone the form's status sits below the fold once the
 * keyboard closes, so the shown answer is scrolled into view. It is in the
 * form's status or alert region, so a screen reader also reads it out.
 */
function showAnswer(scope: Element, ...states: FormState[]): void {
  show(scope, ...states);
  const answer = [...scope.querySelectorAll<HTMLElement>(`[${formAttributes.show}]`)].find(
    (element) => !element.hidden,
  );
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  answer?.scrollIntoView({ block: "nearest", behavior: still ? "auto" : "smooth" });
}

function setFallback(scope: Element, url: string): HTMLAnchorElement | null {
  const links = scope.querySelectorAll<HTMLAnchorElement>(`a[${formAttributes.whatsappFallback}]`);
  for (const link of links) link.href = url;
  return links[0] ?? null;
}

/** Each submit button's own words, kept while it shows its sending words. */
const idleLabels = new WeakMap<HTMLButtonElement, string>();

/** The submit button's sending state: its label, a spinner, aria-disabled (focus stays on it). */
function setPending(form: HTMLFormElement, pending: boolean): void {
  const button = $<HTMLButtonElement>(form, 'button[type="submit"]');
  const label = button?.querySelector("span");
  const pendingLabel = button?.getAttribute(formAttributes.pendingLabel);
  if (!button || !label || !pendingLabel) return;
  idleLabels.set(button, idleLabels.get(button) ?? label.textContent ?? "");
  label.textContent = pending ? pendingLabel : idleLabels.get(button)!;
  button.toggleAttribute("aria-disabled", pending);
  if (pending) button.setAttribute("aria-disabled", "true");
  const [spinner, icon] = button.querySelectorAll("svg");
  // A class, not the `hidden` attribute, which SVG does not have.
  spinner?.classList.toggle("hidden", !pending);
  icon?.classList.toggle("hidden", pending);
}

/** The remaining characters of each text area with a limit, as the visitor types. */
function countCharacters(form: HTMLFormElement): void {
  for (const box of form.querySelectorAll("textarea")) {
    const counter = box.maxLength > 0 ? document.getElementById(`${box.id}-counter`) : null;
    if (!counter) continue;
    const update = () => {
      const left = box.maxLength - box.value.length;
      counter.textContent =
        left === 1
          ? counter.getAttribute(formAttributes.counterOne)!
          : counter.getAttribute(formAttributes.counterOther)!.replace("999999", `${left}`);
    };
    box.addEventListener("input", update);
    // form.reset() empties the box without an input event.
    form.addEventListener("reset", () => setTimeout(update));
    update();
  }
}

/** Answers the service refused (422): a message on each field, the focus on the first. */
function markProblems(form: HTMLFormElement, problems: Record<string, string>): void {
  for (const old of form.querySelectorAll(`[${formAttributes.problem}]`)) old.remove();
  for (const control of form.querySelectorAll("[aria-invalid]")) control.removeAttribute("aria-invalid");
  for (const [name, message] of Object.entries(problems)) {
    const wrapper = $(form, `[${formAttributes.field}="${CSS.escape(name)}"]`);
    const control = $(form, `[name="${CSS.escape(name)}"]:not([type="hidden"])`);
    if (!wrapper || !control) continue;
    const note = document.createElement("p");
    note.id = `${control.id || name}-error`;
    note.setAttribute(formAttributes.problem, "");
    note.className = "text-sm font-medium text-red-800";
    note.textContent = message;
    wrapper.append(note);
    const describer = wrapper.tagName === "FIELDSET" ? wrapper : control;
    const describedBy = describer.getAttribute("aria-describedby");
    describer.setAttribute("aria-describedby", describedBy ? `${describedBy} ${note.id}` : note.id);
    control.setAttribute("aria-invalid", "true");
  }
  $(form, '[aria-invalid="true"]')?.focus();
}

/**
 * Makes a prerendered form work: saved answers come back and are kept as the
 * visitor types, the counters follow, and a valid submit (the browser's own
 * validation passed) goes to `handle` instead of the form's action.
 */
function attach(form: HTMLFormElement, handler: Handler): void {
  const definition = JSON.parse(form.getAttribute(formAttributes.definition)!) as FormDefinition;
  const handle = handler(form, definition);
  // Marks the form as handled by the island (the tests wait for it).
  form.setAttribute(formAttributes.interactive, "");
  countCharacters(form);
  restoreAnswers(definition, form);
  // Keeps what was typed before the island ran, too.
  const save = () => saveAnswers(definition, form);
  save();
  form.addEventListener("input", save);
  form.addEventListener("change", save);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    if (form.querySelector('button[aria-disabled="true"]')) return;
    handle(readValues(definition, new FormData(form)));
  });
}

// ---------------------------------------------------------------- in-page forms

/** A WhatsApp form in its page: the tab opens in the submit, then 2 s of "sending", then success. */
const inPageWhatsApp: Handler = (form, definition) => {
  const box = form.closest("section") ?? form;
  let timer: number | undefined;
  let submits = 0;
  setFallback(box, "")?.addEventListener("click", () => forgetAnswers(definition.id));
  return (values) => {
    window.clearTimeout(timer);
    try {
      const { opened, url, recorded } = handOff(definition, values, form);
      const submit = ++submits;
      const states: FormState[] = ["success", ...(opened ? [] : (["refused"] as const))];
      let sending = true;
      setFallback(box, url);
      setPending(form, true);
      show(box);
      timer = window.setTimeout(() => {
        sending = false;
        setPending(form, false);
        showAnswer(box, ...states);
      }, sendingMs);
      // The service did not store it: the success state says only the WhatsApp message carries it.
      void recorded.then((stored) => {
        if (stored || submit !== submits) return;
        states.push("not-recorded");
        if (!sending) showAnswer(box, ...states);
      });
    } catch {
      showAnswer(box, "error");
    }
  };
};

/** The off-plan form: posted in the background; refused answers marked; WhatsApp if the post fails. */
const inPagePost: Handler = (form, definition) => {
  const box = form.closest("section") ?? form;
  const [handedOffLink, errorLink] = box.querySelectorAll(`a[${formAttributes.whatsappFallback}]`);
  handedOffLink?.addEventListener("click", () => forgetAnswers(definition.id));
  errorLink?.addEventListener("click", () => {
    forgetAnswers(definition.id);
    pushLeadEvent(definition.id);
  });
  return (values) => {
    if (!submitUrl(definition.id, readPageSettings())) {
      const { opened, url: whatsapp } = handOff(definition, values, form);
      setFallback(box, whatsapp);
      showAnswer(box, "handed-off", ...(opened ? [] : (["refused"] as const)));
      return;
    }
    const whatsapp = leadWhatsAppUrl(definition, values);
    setPending(form, true);
    show(box);
    void (async () => {
      try {
        const response = await postLead(definition, form, { signal: AbortSignal.timeout(requestTimeoutMs) });
        setPending(form, false);
        if (response.status === 422) {
          const answer = (await response.json()) as { error?: string; fields?: Record<string, string> };
          // Nothing is emptied: the visitor corrects the marked answers and sends again.
          const message = $(box, `[${formAttributes.show}="invalid"]`);
          if (message) message.textContent = answer.error ?? "";
          show(box, "invalid");
          markProblems(form, answer.fields ?? {});
          return;
        }
        if (!response.ok) throw new Error(`El servicio respondió ${response.status}`);
        markProblems(form, {});
        pushLeadEvent(definition.id);
        forgetAnswers(definition.id);
        // Emptied in place: the focus and the status live region stay where they are.
        form.reset();
        showAnswer(box, "success");
      } catch {
        setPending(form, false);
        setFallback(box, whatsapp);
        showAnswer(box, "error");
      }
    })();
  };
};

// ---------------------------------------------------------------- modal forms

const focusable =
  'a[href]:not([hidden]), button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type Modal = {
  dialog: HTMLDialogElement;
  notice: HTMLElement;
  preset: string | null;
  /** Where the focus returns on close: the opener tapped last. */
  opener: HTMLElement | null;
  close: () => void;
};
const modals = new Map<string, Modal>();

/** The form's field for a preset: a list shows the stored value (added when it is not an option), a text field its words. */
function applyPreset(form: HTMLFormElement, definition: FormDefinition, preset: string | null): void {
  const name = definition.presetField;
  const control = name ? form.elements.namedItem(name) : null;
  if (!preset || !(control instanceof HTMLSelectElement || control instanceof HTMLInputElement)) return;
  if (control instanceof HTMLSelectElement) {
    if (![...control.options].some((option) => option.value === preset))
      control.add(new Option(preset, preset, true, true), 1);
    control.value = preset;
  } else {
    const field = definition.sections.flatMap((section) => section.fields).find((f) => f.name === name)!;
    control.defaultValue = control.value = optionLabel(field, preset);
  }
}

/**
 * A new copy of a form's template (a new preset starts a fresh form, as a new
 * request; reopening with the same preset finds what was typed).
 */
function mountModal(template: HTMLTemplateElement, preset: string | null): Modal {
  const copy = template.content.cloneNode(true) as DocumentFragment;
  const dialog = $<HTMLDialogElement>(copy, "dialog")!;
  const notice = $(copy, '[role="alert"]')!;
  const form = $<HTMLFormElement>(dialog, "form")!;
  const pageInput = form.elements.namedItem(pageField);
  // The lead is recorded with the page the visitor opened it on.
  if (pageInput instanceof HTMLInputElement) pageInput.value = location.pathname;
  document.body.append(copy);
  const definition = JSON.parse(form.getAttribute(formAttributes.definition)!) as FormDefinition;
  applyPreset(form, definition, preset);

  let refused = false;
  let notRecorded = false;
  let scrollBefore = "";
  const render = () => {
    show(dialog, refused ? "refused" : "form", ...(notRecorded ? (["not-recorded"] as const) : []));
    // Once the modal closed on a request the service did not store, the page says so.
    const visible = notRecorded && !dialog.open;
    notice.hidden = !visible;
    notice.toggleAttribute("data-not-recorded", visible);
  };
  const modal: Modal = {
    dialog,
    notice,
    preset,
    opener: null,
    close() {
      if (!dialog.open) return;
      dialog.close();
      document.documentElement.style.overflow = scrollBefore;
      render();
      const back = modal.opener?.isConnected
        ? modal.opener
        : $(document, `[${formAttributes.opener}="${CSS.escape(definition.id)}"]`);
      back?.focus();
    },
  };
  /** Once the message is on its way: the saved answers go, and a form the catalogue says so starts empty. */
  const handedOff = () => {
    forgetAnswers(definition.id);
    if (catalogueEntry(definition.id).emptiedAfterHandoff) form.reset();
  };

  attach(form, () => (values) => {
    const { opened, url, recorded } = handOff(definition, values, form);
    notRecorded = false;
    void recorded.then((stored) => {
      notRecorded = !stored;
      render();
    });
    if (opened) {
      handedOff();
      modal.close();
      return;
    }
    refused = true;
    render();
    setFallback(dialog, url)?.focus();
  });
  setFallback(dialog, "")?.addEventListener("click", () => {
    handedOff();
    modal.close();
  });
  for (const button of dialog.querySelectorAll(`[${formAttributes.close}]`))
    button.addEventListener("click", modal.close);
  notice.querySelector(`[${formAttributes.dismiss}]`)?.addEventListener("click", () => {
    notRecorded = false;
    render();
  });
  dialog.addEventListener("cancel", (event) => {
    event.preventDefault();
    modal.close();
  });
  dialog.addEventListener("keydown", trapTab);
  // Each opening is a new request: the form shows again, the page stops scrolling, focus moves in.
  dialog.addEventListener(formEvents.opened, () => {
    refused = false;
    if (!dialog.open) dialog.showModal();
    render();
    scrollBefore = document.documentElement.style.overflow;
    document.documentElement.style.overflow = "hidden";
    // The first field a person fills: not the hidden page field, nor the honeypot Tab skips.
    $(dialog, 'form :is(input:not([type="hidden"], [tabindex="-1"]), select, textarea)')?.focus();
  });
  return modal;
}

function openModal(form: string, preset: string | null, from: HTMLElement): boolean {
  const template = $<HTMLTemplateElement>(
    document,
    `template[${formAttributes.modalTemplate}="${CSS.escape(form)}"]`,
  );
  if (!template) return false;
  let modal = modals.get(form);
  if (!modal || modal.preset !== preset) {
    modal?.dialog.remove();
    modal?.notice.remove();
    modal = mountModal(template, preset);
    modals.set(form, modal);
  }
  modal.opener = from;
  modal.dialog.dispatchEvent(new Event(formEvents.opened));
  return true;
}

function trapTab(event: KeyboardEvent): void {
  if (event.key !== "Tab") return;
  const dialog = event.currentTarget as HTMLDialogElement;
  const items = [...dialog.querySelectorAll<HTMLElement>(focusable)].filter(
    (item) => item.getClientRects().length > 0,
  );
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Starts the page's lead forms: every in-page form, the openers of the modal
 * forms (one delegated listener), and the replay of an in-page submit the
 * boot loader held back before the island ran.
 */
export function startLeadForms(): void {
  for (const form of document.querySelectorAll<HTMLFormElement>(inlineFormSelector()))
    attach(form, form.hasAttribute(formAttributes.posts) ? inPagePost : inPageWhatsApp);

  document.addEventListener("click", (event) => {
    // A new tab or window (Ctrl, Cmd, Shift, middle button) follows the link to the page's form.
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    const target =
      event.target instanceof Element
        ? event.target.closest<HTMLElement>(`a[${formAttributes.opener}]`)
        : null;
    if (
      target &&
      openModal(
        target.getAttribute(formAttributes.opener)!,
        target.getAttribute(formAttributes.openerPreset),
        target,
      )
    )
      event.preventDefault();
  });

  const pending = takePendingLead();
  if (pending) replayInlineSubmit(pending.submit);
}
