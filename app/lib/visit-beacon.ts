/**
 * The visit beacon's contract (decision 0016), read by the page's beacon
 * (app/features/insight/visit-beacon.ts) and by the lead service
 * (server/leads/visit-beacon.ts): where it posts, what it counts and the
 * names of its four fields. Nothing else is sent.
 */
export const visitBeaconPath = "/api/visitas";

/** A page seen, a lead form opened, a hand-off to WhatsApp. */
export const visitKinds = ["view", "form_open", "whatsapp"] as const;
export type VisitKind = (typeof visitKinds)[number];

export const visitFields = {
  /** The site's page, as a path. */
  page: "p",
  kind: "k",
  /** The referring site's host at landing, or "". */
  referrer: "r",
  /** utm_campaign at landing (utm_source when there is no campaign), or "". */
  campaign: "c",
} as const;

/**
 * Sources (a referring host and campaign) counted by name each day and kind: the most frequent
 * ones of the day; the rest add up as "otros" (decision 0017).
 */
export const sourcesPerDay = 100;
/** Every source the day's bound leaves unnamed. */
export const otherValues = "otros";
/** Days of counts kept (13 months: the results' 12 months and the week they start in); older ones are deleted. */
export const visitDaysKept = 400;
/** A campaign as counted and shown: lower-case letters, digits, "-" and "_", at most this long. */
export const campaignLabelLength = 40;
/** A referring host as counted and shown, at most this long. */
export const hostLabelLength = 64;
