/** Forms shown in a modal, opened by a LeadButton. */
export type ModalFormId = "express" | "valuation" | "sale" | "apartment" | "sale-by-type";

/** Forms rendered inside their page. */
export type InlineFormId = "express-online" | "off-plan";

export type FormId = ModalFormId | InlineFormId;
