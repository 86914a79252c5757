import { site } from "../../config/site.ts";
import type { PageMetaCopy, Step } from "../types.ts";
import { claims } from "./claims.ts";
import { officeHours } from "./common.ts";

export const meta: PageMetaCopy = {
  title: `Thank you for your request | ${site.businessName}`,
  description: "We have received your request. Here is what happens next and how to continue on WhatsApp.",
  keywords: [],
};

/** Where a form sent without JavaScript lands (the lead service's 303). */
export const thanks = {
  eyebrow: "Request received",
  title: "Thank you! We have your request",
  lead: `Your answers are saved. ${site.appraiserName} will review them and reply in English, by WhatsApp or email.`,
  nextTitle: "What happens next",
  steps: [
    {
      title: "We review your details",
      text: "We read your whole request and ask you for anything the appraisal still needs.",
    },
    {
      title: "We get in touch",
      text: `Usually on the same business day, during office hours: ${officeHours(site.openingDays, site.opens, site.closes)}.`,
    },
    {
      title: "You receive your report",
      text: `Once we have all the details, the signed report arrives within ${claims.delivery}.`,
    },
  ] satisfies Step[],
  whatsappTitle: "Would you rather continue on WhatsApp?",
  whatsappText: "Open the chat and send us the message: we will answer you there, during office hours.",
  whatsappButton: "Open WhatsApp",
  whatsappHint: "Opens in a new tab",
  home: "Back to the home page",
} as const;
