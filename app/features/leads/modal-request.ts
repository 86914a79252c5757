import type { ModalFormId } from "./forms/catalogue.ts";

/** One opening of a lead modal, as LeadModalHost hands it to the modal. */
export type ModalRequest = {
  form: ModalFormId;
  preset: string | null;
  /** The button that opened the modal: focus returns to it on close. */
  opener: HTMLElement | null;
  /** Counts openings, so reopening the same form is a new request. */
  sequence: number;
};
