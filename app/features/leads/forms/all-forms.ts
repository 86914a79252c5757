import type { SiteConfig } from "../../../config/site-config.ts";
import { apartmentFormFor } from "./apartment.ts";
import { expressOnlineFormFor } from "./express-online.ts";
import { expressFormFor } from "./express.ts";
import type { FormId } from "./catalogue.ts";
import { offPlanForm } from "./off-plan.ts";
import { saleByTypeFormFor } from "./sale-by-type.ts";
import { saleForm } from "./sale.ts";
import type { TowerList } from "./options.ts";
import type { FormDefinition } from "./types.ts";
import { valuationFormFor } from "./valuation.ts";

/**
 * Every form's definition by its id, built from the configuration, the year
 * (the off-plan move-in years) and the towers the dropdowns list. Typed by the
 * id list, so a form without a definition fails the typecheck. Reads no
 * configuration of its own: the lead service calls it with the site it
 * publishes now (server/site/published-site.ts).
 */
export function allForms(
  site: Pick<SiteConfig, "deliveryHours">,
  year: number,
  towers: TowerList,
): Record<FormId, FormDefinition> {
  return {
    express: expressFormFor(site, towers),
    valuation: valuationFormFor(towers),
    sale: saleForm,
    apartment: apartmentFormFor(towers),
    "sale-by-type": saleByTypeFormFor(towers),
    "express-online": expressOnlineFormFor(site),
    "off-plan": offPlanForm(year),
  };
}
