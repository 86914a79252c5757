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

export const reservedFields: readonly string[] = [pageField, handoffField, honeypotField];
