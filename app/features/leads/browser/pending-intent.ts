import { inlineFormSelector } from "../../../lib/form-protocol.ts";
import type { FormId } from "../forms/catalogue.ts";

/**
 * What the boot loader (scripts/build/boot-loader.js) remembers when a visitor
 * submits an in-page form before the page's island ran and the form has nowhere
 * to post natively (no lead service): the island replays that submit once it runs.
 */
export type PendingLead = { submit: FormId };

declare global {
  interface Window {
    __pendingLead?: PendingLead;
  }
}

/** Returns the remembered intent once, so it is replayed a single time. */
export function takePendingLead(): PendingLead | undefined {
  const pending = window.__pendingLead;
  delete window.__pendingLead;
  return pending;
}

/** Replays an in-page submit: the form's own handler runs, with native validation. */
export function replayInlineSubmit(formId: FormId): void {
  document.querySelector<HTMLFormElement>(inlineFormSelector(formId))?.requestSubmit();
}
