import { apartmentForm } from "./apartment.ts";
import { expressForm } from "./express.ts";
import type { ModalFormId } from "./form-ids.ts";
import { saleByTypeForm } from "./sale-by-type.ts";
import { saleForm } from "./sale.ts";
import { valuationForm } from "./valuation.ts";
import type { FormDefinition } from "./types.ts";

/**
 * The forms a LeadButton can open, by id (loaded with the modal, not with the
 * page). Typed by the id list, so an id without a form fails the typecheck.
 */
export const modalForms: Record<ModalFormId, FormDefinition> = {
  express: expressForm,
  valuation: valuationForm,
  sale: saleForm,
  apartment: apartmentForm,
  "sale-by-type": saleByTypeForm,
};
