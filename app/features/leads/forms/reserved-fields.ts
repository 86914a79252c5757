import { originFields } from "../../../lib/visit-origin.ts";

/**
 * Fields every form sends besides its own, and the only other names the lead
 * service accepts (server/leads/submission.ts). Adding one is one line here.
 */
/** The path of the page the form is on. */
export const pageField = "_page";
/** What became of the WhatsApp tab at submit (tab-opened, tab-refused). */
export const handoffField = "_handoff";
/** Visually hidden and skipped by Tab: a person leaves it empty, a bot fills it in. */
export const honeypotField = "website";

/** Where the visit began (app/lib/visit-origin.ts): sent by the forms' script, never typed. */
export { originFields };

export const reservedFields: readonly string[] = [
  pageField,
  handoffField,
  honeypotField,
  ...Object.values(originFields),
];
