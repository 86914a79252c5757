import type { LeadOrigin } from "../../server/storage/store.ts";

/**
 * The visit the origin tests make (decision 0016): from an Instagram ad of the autumn campaign,
 * landing on Alvear Tower's page in Spanish.
 */
export const campaignQuery = "?utm_source=instagram&utm_medium=paid&utm_campaign=otono-2026";

/** The origin stored for that visit: the referrer's host only, the campaign's parameters, the device. */
export function campaignOrigin(device: NonNullable<LeadOrigin["device"]>): LeadOrigin {
  return {
    landing: "/torres/alvear-tower",
    referrer: "l.instagram.com",
    utmSource: "instagram",
    utmMedium: "paid",
    utmCampaign: "otono-2026",
    lang: "es",
    device,
  };
}

/** A visit from a phone, in Spanish, that landed on `landing` from `referrer` (a host) with at most a campaign's name. */
export function phoneVisit(
  landing: string,
  referrer: string | null,
  utmCampaign: string | null = null,
): LeadOrigin {
  return { landing, referrer, utmSource: null, utmMedium: null, utmCampaign, lang: "es", device: "phone" };
}
