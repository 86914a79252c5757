import { Gauge, Handshake, ShieldCheck, Target } from "lucide-react";

import { site } from "../../config/site.ts";
import type { Card, HeroCopy, PageMetaCopy, SectionIntro } from "../types.ts";
import { claims } from "./claims.ts";

export const meta: PageMetaCopy = {
  title: `Appraise Your Property Before Selling in Puerto Madero | ${site.businessName}`,
  description: `Have your house, loft, penthouse, office, shop or studio appraised before you sell: a fair price from day one and sales up to ${claims.fasterSale} faster. Report within ${claims.delivery}.`,
  keywords: [
    "appraisal before selling",
    "property appraisal Buenos Aires",
    "shop appraisal",
    "Puerto Madero loft appraisal",
    "office appraisal",
  ],
};

export const service = {
  name: "Appraisal for sale by property type",
  serviceType: "Real estate appraisal for sale",
};

export const hero: HeroCopy = {
  eyebrow: "Appraise before you sell",
  title: "Have your property appraised before you put it on the market",
  lead: `A well-reasoned price is the quickest way to sell. You have the report within ${claims.delivery}.`,
  cta: "Request an Express Appraisal",
};

export const typesSection: SectionIntro & { button: (tipo: string) => string } = {
  eyebrow: "Property types",
  title: "We appraise every type of property",
  intro: "Choose the type and request the appraisal with it already filled in.",
  button: (tipo) => `Appraise ${/^[aeiou]/i.test(tipo) ? "an" : "a"} ${tipo}`,
};

export const reasons: SectionIntro & { items: readonly Card[] } = {
  eyebrow: "Why appraise first",
  title: "Four reasons to appraise before you sell",
  items: [
    {
      icon: Target,
      title: "A fair price from day one",
      text: "You list at the right value and catch the serious buyers in the first weeks.",
    },
    {
      icon: Gauge,
      title: `Sell up to ${claims.fasterSale} faster`,
      text: "Well-appraised properties spend less time listed and do not go stale.",
    },
    {
      icon: Handshake,
      title: "Negotiate with arguments",
      text: "A signed report backs your price against every counter-offer.",
    },
    {
      icon: ShieldCheck,
      title: "Avoid successive price cuts",
      text: "No inflated prices that later have to come down bit by bit, losing time and value.",
    },
  ],
};

export const closing: SectionIntro & { button: string } = {
  title: "Thinking of selling this year?",
  intro: "Tell us about your property and we will propose a price and a sales plan.",
  button: "Ask about my sale",
};
