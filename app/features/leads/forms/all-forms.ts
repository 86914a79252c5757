import type { SiteConfig } from "../../../config/site-config.ts";
import { apartmentForm } from "./apartment.ts";
import { expressOnlineFormFor } from "./express-online.ts";
import { expressFormFor } from "./express.ts";
import type { FormId } from "./catalogue.ts";
import { offPlanForm } from "./off-plan.ts";
import { saleByTypeForm } from "./sale-by-type.ts";
import { saleForm } from "./sale.ts";
import type { FormDefinition } from "./types.ts";
import { valuationForm } from "./valuation.ts";

/**
 * Every form's definition by its id, built from the configuration and the
 * year (the off-plan move-in years). Typed by the id list, so a form without
 * a definition fails the typecheck. Reads no configuration of its own: the
 * lead service calls it with the configuration it was started with.
 */
export function allForms(
  site: Pick<SiteConfig, "deliveryHours">,
  year: number,
): Record<FormId, FormDefinition> {
  return {
    express: expressFormFor(site),
    valuation: valuationForm,
    sale: saleForm,
    apartment: apartmentForm,
    "sale-by-type": saleByTypeForm,
    "express-online": expressOnlineFormFor(site),
    "off-plan": offPlanForm(year),
  };
}
