import { BadgeCheck, Clock, Search, Target } from "lucide-react";

import { site } from "../../config/site.ts";
import type { Card, HeroCopy, PageMetaCopy, SectionIntro } from "../types.ts";
import { claims } from "./claims.ts";

export const meta: PageMetaCopy = {
  title: `Express Online Appraisal in ${claims.delivery} | ${site.businessName}`,
  description: `Request your online appraisal in Puerto Madero, Buenos Aires: fill in one form and receive the report within ${claims.delivery}, signed by a licensed appraiser (${claims.registration}).`,
  keywords: [
    "online property appraisal",
    "express appraisal",
    "property valuation Buenos Aires",
    "Puerto Madero online appraisal",
    "licensed appraiser Argentina",
  ],
};

export const service = {
  name: "Express online appraisal in Puerto Madero",
  serviceType: "Online real estate appraisal",
};

export const hero: HeroCopy & { badges: readonly Card[] } = {
  eyebrow: "Online appraisal",
  title: "Express online appraisal",
  lead: "Fill in the form with your property's details and receive a professional appraisal (a tasación, the signed valuation report used in Argentina) wherever you are.",
  cta: "Fill in the form",
  badges: [
    { icon: Clock, title: `Delivered within ${claims.delivery}`, text: "Report by WhatsApp or email" },
    { icon: BadgeCheck, title: "Licensed appraiser", text: claims.registration },
    { icon: Target, title: "Guaranteed precision", text: "Real comparable sales in the neighbourhood" },
  ],
};

export const reasons: SectionIntro & { items: readonly Card[] } = {
  eyebrow: "Why online",
  title: "Quick, precise and straightforward",
  items: [
    {
      icon: Clock,
      title: "You save time",
      text: `No preliminary visits or endless calls: you have your value within ${claims.delivery}.`,
    },
    {
      icon: Search,
      title: "Based on real data",
      text: `We use closing prices and current supply in the ${claims.towers} towers we survey.`,
    },
    {
      icon: BadgeCheck,
      title: "With a professional signature",
      text: `Over ${site.yearsOfExperience} years of experience and ${claims.registration}.`,
    },
  ],
};

export const moreServices: SectionIntro = {
  title: "Other services",
  intro: "Looking for something more specific?",
};
