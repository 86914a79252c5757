import { site } from "../../config/site.ts";
import { towerCount } from "../tower-count.ts";

/**
 * Kept apart from common.ts so that a page's copy reads the claims without
 * the menus and footer (a page's code then carries little of the other language).
 */

/** The claims the site makes, formatted once from the configuration. */
export const claims = {
  delivery: `${site.deliveryHours} h`,
  /** The delivery time set large, as a figure. */
  deliveryFigure: `${site.deliveryHours} h`,
  experience: `+${site.yearsOfExperience}`,
  /** The catalogue's length: adding a tower changes every "26 torres" on the site. */
  towers: `${towerCount}`,
  offPlanDiscount: `${site.offPlanDiscountPercent}%`,
  appreciation: `${site.yearlyAppreciation}%`,
  fasterSale: `${site.fasterSalePercent}%`,
  registration: `Matrícula ${site.registrationNumber} — ${site.professionalBody}`,
} as const;
