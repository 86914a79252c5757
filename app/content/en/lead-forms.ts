import { site } from "../../config/site.ts";
import { formWords } from "./form-words.ts";

/** The lead forms' own interface text in English. */
export const copy = {
  submitWhatsApp: "Send via WhatsApp",
  cancel: "Cancel",
  close: "Close",
  choose: "Choose an option",
  required: "required",
  requiredNote: "Fields marked * are required.",
  privacyNotice: `${site.businessName} uses these details only to answer you, never shares them and keeps them for ${site.leadsRetentionMonths} months. Fields without * are optional. You can ask to see, correct or delete them at`,
  privacyLink: "Privacy policy",
  honeypot: "Do not fill in",
  noScriptNoService:
    "This form needs JavaScript to be sent. Message us directly on WhatsApp or at the email address below.",
  noScriptWhatsApp: "Open WhatsApp",
  charactersLeft: (count: number) => (count === 1 ? "1 character left" : `${count} characters left`),
  openWhatsApp: "Open WhatsApp",
  readyTitle: "Your request is ready",
  readyText: "Your browser did not open WhatsApp automatically. Tap the button to send us the message.",
  sending: "Sending request...",
  expressSuccess: `Request sent. ${site.appraiserName} will be in touch shortly.`,
  expressError: "The request could not be sent. Please try again.",
  notRecorded: `Important: our system could not record your request. Send the message in WhatsApp so that it reaches ${site.appraiserName}.`,
  offPlanSubmit: "Send enquiry",
  offPlanSending: "Sending enquiry...",
  offPlanSuccess: `Thank you! We have received your enquiry. ${site.appraiserName} will be in touch shortly.`,
  offPlanHandedOff: `Thank you! We opened WhatsApp with your enquiry: send the message and ${site.appraiserName} will reply shortly.`,
  offPlanError:
    "We could not send your enquiry just now. Your answers are still here: send them to us on WhatsApp and we will answer just the same.",
} as const;

/** The English of the form definitions' text, with this site's delivery time (form-words.ts). */
export const { translateFieldText, messageOpening } = formWords(site);
