import { site } from "../../config/site.ts";
import { backupRetentionDays } from "../../lib/backup-retention.ts";
import type { PageMetaCopy } from "../types.ts";
import { claims } from "./claims.ts";
import { sourcesPerDay, visitDaysKept } from "../../lib/visit-beacon.ts";

export const meta: PageMetaCopy = {
  title: `Privacy policy | ${site.businessName}`,
  description: `What data ${site.businessName} receives through its forms, what for, for how long, and how to ask to see, correct or delete it (Argentine Law 25,326).`,
  keywords: ["privacy policy", "personal data", "Law 25,326 Argentina"],
};

/** When this text last changed; a new version gets a new date. */
const updated = "November 25, 2026";

const hasService = site.formServiceUrl !== "none";
const months = site.leadsRetentionMonths;
/** The visit counts' period in whole months (400 days: 13). */
const visitMonthsKept = Math.floor(visitDaysKept / 30.4);

export type PolicySection = { id: string; title: string; paragraphs: readonly string[] };

/** The full policy (product decision 15) in English; Argentine law (Ley 25.326) governs it. */
export const privacy = {
  eyebrow: "Personal data",
  title: "Privacy policy",
  lead: `What we do with the data you leave on this site, in short: we use it only to answer you, we share it with no one, and we delete it after ${months} months. Argentina's personal data law (Ley 25.326) protects your data.`,
  updated: `Last updated: ${updated}.`,
  sections: [
    {
      id: "responsable",
      title: "Who is responsible for your data",
      paragraphs: [
        `${site.businessName}, run by ${site.appraiserName} (${claims.registration}), with its office at ${site.streetAddress}, ${site.locality}, Buenos Aires, Argentina. For any question about your data, write to ${site.email}.`,
      ],
    },
    {
      id: "datos",
      title: "What data we receive",
      paragraphs: [
        "Only what you type in the forms: your name, your phone or WhatsApp number, your email, and the details of the property or investment you ask about (type, address, areas, rooms, comments and the like).",
        hasService
          ? "With each request we also keep the page you sent it from, the date and time, the browser you used, and an encrypted fingerprint of your IP address (not the address itself), which helps us stop abusive submissions. We also keep how you reached the site on that visit: the first page you opened, the domain of the site that sent you (for example www.google.com, never the full address), the campaign parameters of that first address (utm_source, utm_medium, utm_campaign), the page's language and whether you use a phone or a computer."
          : "This site does not keep your answers: we receive them in the WhatsApp message you send.",
      ],
    },
    {
      id: "finalidad",
      title: "What we use it for",
      paragraphs: [
        "To answer your request: to prepare the appraisal or the advice you asked for and to contact you by WhatsApp, phone or email. We use it for nothing else, we never sell or pass it on, and we never add you to a mailing list without your express consent.",
      ],
    },
    {
      id: "obligatorios",
      title: "Which data is required",
      paragraphs: [
        "In every form, the fields marked * are needed to answer you; the rest are optional. If you leave them out, or your contact details are wrong, we will not be able to reply.",
      ],
    },
    {
      id: "destinatarios",
      title: "Who receives it",
      paragraphs: [
        `Only ${site.businessName}. The providers that host the site and deliver the email notices process it on our behalf and for nothing else.`,
        "If you choose to send your request by WhatsApp, the message also travels through WhatsApp (owned by Meta), under its own terms.",
      ],
    },
    {
      id: "conservacion",
      title: "Where it is kept and for how long",
      paragraphs: [
        hasService
          ? `Your request is kept in the site's database, which only ${site.appraiserName} can access. We keep it for ${months} months from the day we receive it and then delete it; if you ask us to delete it sooner, we do. We also keep an encrypted backup away from the server: what we delete also leaves that backup within ${backupRetentionDays} days at most.`
          : `We keep WhatsApp conversations for ${months} months and then delete them; if you ask us to delete them sooner, we do.`,
      ],
    },
    {
      id: "derechos",
      title: "Your rights and how to use them",
      paragraphs: [
        `You can ask us to show you the data we hold about you, and to correct, update or delete it. Write to ${site.email} from the email or phone you used in your request, so we know it is you.`,
        "We answer requests for access within 10 calendar days, and requests to correct, update or delete within 5 business days, as Argentine Law 25,326 requires (articles 14 and 16).",
      ],
    },
    {
      id: "navegador",
      title: "What your browser keeps",
      paragraphs: [
        "The site uses no cookies and loads no third-party scripts. While you fill in a form, your answers stay in that browser tab's storage (sessionStorage), so they are not lost if you reload the page; they are deleted when you send them or close the tab, and they never leave your device that way.",
        hasService
          ? "The same tab storage also keeps how you arrived (the first page, the domain that sent you and the campaign), to send it with your request; it is deleted when you close the tab."
          : "This site counts no visits and keeps nothing about your browsing.",
      ],
    },
    ...(hasService
      ? [
          {
            id: "visitas",
            title: "How we count visits",
            paragraphs: [
              "We count visits without cookies and without identifying you. Once a page has loaded, your browser sends this same site a notice with four items: the page, what happened (the page was seen, a form was opened or a WhatsApp link was tapped), the domain of the site that sent you to the first page and the campaign of that address (utm_campaign, or utm_source when there is no campaign).",
              `We keep only how many notices arrived each day per page and language, and how many per referring site and campaign (each day, the ${sourcesPerDay} most frequent by name and the rest added up as “otros”). These daily sums are deleted after ${visitMonthsKept} months. We keep neither your IP address, nor your browser, nor any identifier, and no one can tell which visits come from the same person. Your IP address is used for an instant, in memory, to limit notices per minute; your browser's name, to leave out search engines and other automated programs. Neither is stored.`,
            ],
          },
        ]
      : []),
    {
      id: "cambios",
      title: "Changes to this policy",
      paragraphs: ["If we change it, we publish the new version here with its date."],
    },
  ] satisfies PolicySection[],
  authorityTitle: "Supervisory authority",
} as const;
