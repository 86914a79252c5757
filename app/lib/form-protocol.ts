/**
 * The contract between the prerendered lead forms and the browser code that
 * runs on them (decision 0015): the attributes the markup carries, the states
 * a form's status can show and the events the forms send. The TSX writes
 * these names, the island (app/features/leads/browser/lead-island.ts) and the visit
 * beacon (app/features/insight/visit-beacon.ts) read them; the boot loader
 * (scripts/build/boot-loader.js) is plain inlined JavaScript, so a unit test
 * (scripts/build/islands.test.ts) holds it to this list.
 */

/** What a form's status can show: each state's words are in the HTML, hidden, under `data-show`. */
export const formStates = [
  "form",
  "success",
  "refused",
  "not-recorded",
  "error",
  "invalid",
  "handed-off",
] as const;
export type FormState = (typeof formStates)[number];

export const formAttributes = {
  /** On a status element: the state that shows it. */
  show: "data-show",
  /** On an opener (a link to the form's section): the modal form it opens. */
  opener: "data-lead-form",
  /** On an opener: the value it preselects (a tower, a property type). */
  openerPreset: "data-lead-preset",
  /** On a form in its page: the form's id. */
  inline: "data-lead-inline",
  /** On a form in its page that posts to the lead service (the off-plan form). */
  posts: "data-lead-post",
  /** On the page's own copy of a modal form (its section, `:target`). */
  section: "data-lead-section",
  /** On the template the island copies into a dialog. */
  modalTemplate: "data-lead-modal",
  /** On a form: the definition the island composes the message from (island-definition.ts). */
  definition: "data-definition",
  /** On a form: the field an opener's preset goes into. */
  presetField: "data-preset-field",
  /** On that field of an English form: the English words of each preset value. */
  presetLabels: "data-preset-labels",
  /** On a field's wrapper: the field's name (a refused answer's message goes in it). */
  field: "data-field",
  /** On a refused answer's message, added by the island. */
  problem: "data-problem",
  /** On the submit button: its words while sending. */
  pendingLabel: "data-pending-label",
  /** On a text area's counter: the words for one character left, and for any other count. */
  counterOne: "data-counter-one",
  counterOther: "data-counter-other",
  /** On a link the island points at the lead's WhatsApp message. */
  whatsappFallback: "data-whatsapp-fallback",
  /** On a dialog's buttons that close it, and the notice's button that dismisses it. */
  close: "data-close",
  dismiss: "data-dismiss",
  /** Set by the island on a form it handles (tests wait for it). */
  interactive: "data-interactive",
} as const;

/** Set on <html>: the web fonts may load (boot loader, decision 0008); the page's scripts are ready (island). */
export const pageAttributes = { fonts: "data-fonts", hydrated: "data-hydrated" } as const;

export const formEvents = {
  /** Sent to a lead dialog when it opens (does not bubble: heard in the capture phase). */
  opened: "lead:open",
  /** Sent on the document when a form opened WhatsApp. */
  whatsapp: "lead:whatsapp",
} as const;

/** A status element's attributes for the TSX: hidden until the island shows its state. */
export const shownIn = (state: FormState) => ({ hidden: true, [formAttributes.show]: state }) as const;

/** The selector of a form in its page; of one form when its id is given. */
export const inlineFormSelector = (id?: string) =>
  id === undefined ? `form[${formAttributes.inline}]` : `form[${formAttributes.inline}="${id}"]`;
