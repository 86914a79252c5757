import { Clock, Landmark, Scale } from "lucide-react";

import { site } from "../../config/site.ts";
import type { Card, HeroCopy, PageMetaCopy, SectionIntro } from "../types.ts";
import { claims } from "./claims.ts";

export const meta: PageMetaCopy = {
  title: `Property Valuation in Puerto Madero | ${site.businessName}`,
  description: `Professional valuation of apartments in the ${claims.towers} towers of Puerto Madero, Buenos Aires: a reasoned market value, a report within ${claims.delivery}, signed by a licensed appraiser.`,
  keywords: [
    "property valuation Buenos Aires",
    "Puerto Madero apartment valuation",
    "market value",
    "licensed appraiser Argentina",
  ],
};

export const service = {
  name: "Property valuation in Puerto Madero",
  serviceType: "Real estate valuation",
};

export const hero: HeroCopy = {
  eyebrow: "Property valuation",
  title: "What is your apartment worth today?",
  lead: `A market valuation by a specialist in the neighbourhood, technically sound and delivered within ${claims.delivery}.`,
  cta: "Request a Valuation",
};

export const formPrompt: SectionIntro & { button: string; points: readonly string[] } = {
  eyebrow: "How to start",
  title: "Describe your property in two minutes",
  intro:
    "Tower, rooms, view and areas. With that we prepare your valuation and reply on WhatsApp, in English.",
  button: "Fill In the Valuation Form",
  points: [
    "No charge for the first enquiry",
    "A reply on the same business day",
    "Your details are used only to answer you",
  ],
};

export const benefits: SectionIntro & { items: readonly Card[] } = {
  eyebrow: "Benefits",
  title: "A valuation you can base a decision on",
  items: [
    {
      icon: Scale,
      title: "The real market value",
      text: "Comparable sales in your own tower and in equivalent buildings, not listing-site averages.",
    },
    {
      icon: Landmark,
      title: "Support for every procedure",
      text: "Estates, divorces, guarantees or a sale: a signed report you can submit to Argentine courts, banks and notaries.",
    },
    {
      icon: Clock,
      title: `Ready within ${claims.delivery}`,
      text: "Know what your property is worth before your next meeting or negotiation.",
    },
  ],
};

export const towersSection: SectionIntro & { button: string } = {
  eyebrow: "Towers",
  title: "Choose your tower",
  intro: "Request the valuation with the building already selected.",
  button: "Request a Valuation",
};
