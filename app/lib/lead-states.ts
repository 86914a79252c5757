/**
 * The states a stored lead can be in, shared by the lead service (its storage,
 * its checks, its e-mails), the owner's inbox and the forms' script.
 */

/** Where the owner has a lead: new, contacted, archived or spam. */
export const leadStatuses = ["nuevo", "contactado", "archivado", "spam"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

/**
 * What happened to the WhatsApp hand-off: the tab opened, the browser refused
 * it, the form was posted without JavaScript, or the form has no hand-off (off-plan).
 */
export const handoffOutcomes = ["tab-opened", "tab-refused", "no-script", "not-applicable"] as const;
export type HandoffOutcome = (typeof handoffOutcomes)[number];

/** The outcomes a form's script reports with its record (the others the service decides). */
export type ScriptHandoff = Extract<HandoffOutcome, "tab-opened" | "tab-refused">;
