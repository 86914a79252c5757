import { campaignLabelLength, hostLabelLength } from "#app/lib/visit-beacon.ts";
import { originFields, phonePattern } from "#app/lib/visit-origin.ts";
import { langOf } from "#app/site-map.ts";
import type { LeadOrigin } from "../storage/store.ts";
import { pagePath } from "./submission.ts";

/**
 * A lead's origin (decision 0016), checked and bounded before it is stored:
 * a site path, a bare host name, campaign values of at most 100 characters
 * without control characters, "phone" or "computer".
 *
 * The forms' script sends what the tab kept since landing. A form posted
 * without scripts sends none of it, and a prerendered page cannot know where
 * its visit came from; the service then says only what the post itself shows:
 * the landing is the page the form is on (the visit may have begun earlier),
 * the referring host is the Referer's when it is another site (a form's own
 * post almost always names the site itself, so mostly unknown), the campaign
 * parameters are those of the form page's address (the Referer keeps its query
 * on the same site), and the device comes from the User-Agent header.
 */
export function readOrigin(
  data: FormData,
  request: {
    page: string | null;
    referer: string | undefined;
    userAgent: string;
    siteHosts: readonly string[];
  },
): LeadOrigin {
  const posted = (name: string) => {
    const value = data.get(name);
    return typeof value === "string" ? value : "";
  };
  const landing = pagePath(posted(originFields.landing));
  if (landing) {
    const device = posted(originFields.device);
    return {
      landing,
      referrer: hostName(posted(originFields.referrer)),
      utmSource: campaignValue(posted(originFields.utmSource)),
      utmMedium: campaignValue(posted(originFields.utmMedium)),
      utmCampaign: campaignValue(posted(originFields.utmCampaign)),
      lang: langOf(landing),
      device: device === "phone" || device === "computer" ? device : null,
    };
  }
  const referer = request.referer && URL.canParse(request.referer) ? new URL(request.referer) : undefined;
  const fromElsewhere = referer && !request.siteHosts.includes(referer.host);
  const query = referer && !fromElsewhere ? referer.searchParams : new URLSearchParams();
  return {
    landing: request.page,
    referrer: fromElsewhere ? hostName(referer.host) : null,
    utmSource: campaignValue(query.get("utm_source") ?? ""),
    utmMedium: campaignValue(query.get("utm_medium") ?? ""),
    utmCampaign: campaignValue(query.get("utm_campaign") ?? ""),
    lang: request.page ? langOf(request.page) : null,
    device: request.userAgent ? (phonePattern.test(request.userAgent) ? "phone" : "computer") : null,
  };
}

/**
 * A host name as a browser writes it (letters, digits, dots, dashes, an optional port), lower-cased,
 * at most `hostLabelLength` characters: it is shown to the owner as a short label.
 */
export function hostName(value: string): string | null {
  const host = value.trim().toLowerCase();
  return host.length <= hostLabelLength && /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?(:\d{1,5})?$/.test(host)
    ? host
    : null;
}

/**
 * A campaign as a source is named to the owner (the results, the weekly e-mail; decision 0017):
 * accents dropped, lower case, every run of anything but a-z, 0-9 and "_" one "-", at most
 * `campaignLabelLength` characters. "Llamá ya: https://x.example/login" is
 * "llama-ya-https-x-example-login": a label, never a sentence or an address.
 */
export function campaignLabel(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, campaignLabelLength)
    .replace(/-+$/, "");
}

/** A campaign parameter: control characters removed, trimmed, at most 100 characters. */
export function campaignValue(value: string): string | null {
  const text = value
    .replace(/\p{Cc}/gu, "")
    .trim()
    .slice(0, 100);
  return text || null;
}
