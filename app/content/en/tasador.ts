import { site } from "../../config/site.ts";
import type { PageMetaCopy, SectionIntro, Step } from "../types.ts";
import { claims } from "./claims.ts";

/**
 * /en/appraiser (product decision 17): who signs the appraisals, the licence
 * anyone can check in the professional body's public registry, what the
 * written report holds and how long it takes, and what happens to a
 * visitor's data. Every number comes from the site configuration.
 */

export const meta: PageMetaCopy = {
  title: `The appraiser and the licence | ${site.businessName}`,
  description: `${site.appraiserName}, licensed appraiser (${claims.registration}). How to check the licence, what the written report contains and how soon it arrives.`,
  keywords: [
    "licensed appraiser Buenos Aires",
    "check appraiser licence",
    site.professionalBody,
    "appraisal report",
  ],
};

export const hero = {
  eyebrow: "The appraiser",
  title: "Who signs your appraisal",
  lead: `${site.appraiserName}: a licensed appraiser with over ${site.yearsOfExperience} years of appraising in Puerto Madero. In Argentina a tasación (a formal appraisal) carries the appraiser's signature and licence number, and you can check that number yourself.`,
  cta: "Request an appraisal",
  ctaPath: "/en/online-appraisal",
} as const;

export const licence = {
  title: "The licence",
  numberLabel: "Licence number",
  number: site.registrationNumber,
  bodyLabel: "Granted by",
  body: site.professionalBody,
} as const;

export const verify: SectionIntro & { steps: readonly Step[]; registryLink: string; opensNewTab: string } = {
  eyebrow: "Check it",
  title: "How to check the licence",
  intro: `${site.professionalBody}, the Buenos Aires licensing body for real estate brokers and appraisers, publishes the register of its licensees. It takes a minute and you do not need to ask us for anything.`,
  steps: [
    {
      title: "Open the public register",
      text: `Go to the ${site.professionalBody} register of licensees (the link below; the register is in Spanish).`,
    },
    {
      title: "Search for the number",
      text: `Type the licence number ${site.registrationNumber}, or the name: ${site.appraiserName}.`,
    },
    {
      title: "Compare the details",
      text: `${site.appraiserName} must appear with a current licence. If anything does not match, write to us before you hire.`,
    },
  ],
  registryLink: `${site.professionalBody} register of licensees`,
  opensNewTab: "opens in a new tab",
};

export const report: SectionIntro & { items: readonly Step[]; delivery: string; deliveryLabel: string } = {
  eyebrow: "The written report",
  title: "What you receive",
  intro: "A signed report, as a PDF, that you can show a buyer, a bank, or a court in an estate proceeding.",
  items: [
    {
      title: "The property",
      text: "Address, unit, covered and uncovered areas, parking and storage, and the condition recorded during the visit.",
    },
    {
      title: "The comparables",
      text: "Recent sales and listings in the same building or in equivalent towers, adjusted for floor, view, area and condition.",
    },
    {
      title: "The value",
      text: "The market value in US dollars, the method used to reach it, and a suggested asking price.",
    },
    {
      title: "The signature",
      text: `Signed by ${site.appraiserName}, ${claims.registration}, with the date and how long the value holds.`,
    },
  ],
  deliveryLabel: "Delivery time",
  delivery: `${claims.delivery} from the visit to the property.`,
};

export const promise = {
  title: "Your data stays with one person",
  items: [
    `One person answers you: ${site.appraiserName}. We do not pass your enquiry on to other agencies.`,
    "Your data is never sold or shared with anyone.",
    "We never add you to a mailing list without your explicit consent.",
  ],
} as const;

export const breadcrumb = { home: "Home", page: "The appraiser", label: "Breadcrumb" } as const;
