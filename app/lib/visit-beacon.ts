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

/** Distinct referring hosts, and campaigns, counted by name each day; the rest count as "otros". */
export const distinctPerDay = 30;
/** Every host or campaign past the day's bound. */
export const otherValues = "otros";
