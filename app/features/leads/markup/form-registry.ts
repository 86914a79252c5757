import { apartmentForm } from "../forms/apartment.ts";
import { expressForm } from "./site-forms.ts";
import type { ModalFormId } from "../forms/catalogue.ts";
import { saleByTypeForm } from "../forms/sale-by-type.ts";
import { saleForm } from "../forms/sale.ts";
import { valuationForm } from "../forms/valuation.ts";
import type { FormDefinition } from "../forms/types.ts";

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
