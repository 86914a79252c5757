/**
 * Forms shown in a modal, opened by a LeadButton: the one list the type, the
 * registry and the modal host read. Kept apart from the registry so the page
 * can check an id without loading the form definitions.
 */
export const modalFormIds = ["express", "valuation", "sale", "apartment", "sale-by-type"] as const;

export type ModalFormId = (typeof modalFormIds)[number];

export function isModalFormId(value: string | null | undefined): value is ModalFormId {
  return (modalFormIds as readonly (string | null | undefined)[]).includes(value);
}

/** Forms rendered inside their page. */
export type InlineFormId = "express-online" | "off-plan";

export type FormId = ModalFormId | InlineFormId;
