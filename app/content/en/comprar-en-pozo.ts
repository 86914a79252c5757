import { KeyRound, Percent, TrendingUp, Wallet } from "lucide-react";

import { site } from "../../config/site.ts";
import type { Card, HeroCopy, PageMetaCopy, SectionIntro, Stat, Step } from "../types.ts";
import { claims } from "./claims.ts";

export const meta: PageMetaCopy = {
  title: `Buying Off-Plan in Puerto Madero | ${site.businessName}`,
  description: `Invest off-plan in Puerto Madero, Buenos Aires: launch prices up to ${claims.offPlanDiscount} below the final value, instalments in Argentine pesos and an estimated ${claims.appreciation} appreciation a year.`,
  keywords: [
    "buy off-plan Buenos Aires",
    "Puerto Madero off-plan investment",
    "pre-construction apartments Argentina",
    "en pozo Puerto Madero",
    "Buenos Aires real estate investment",
  ],
};

export const service = {
  name: "Advice on buying off-plan in Puerto Madero",
  serviceType: "Real estate investment advice",
};

export const hero: HeroCopy = {
  eyebrow: "Buying off-plan",
  title: "Invest off-plan in Puerto Madero, with clear figures",
  lead: "Buying “en pozo” means buying a unit before the building is finished. We help you choose the project, the unit and the payment plan that best fit your goal.",
  cta: "Ask About Investing",
};

/** The two claims set large beside the hero. */
export const heroStats: readonly Stat[] = [
  { value: claims.offPlanDiscount, label: "below the final value, at most" },
  { value: claims.appreciation, label: "estimated appreciation a year" },
];

export const benefits: SectionIntro & { items: readonly (Card & { value?: string })[] } = {
  eyebrow: "Benefits",
  title: "Why buy off-plan",
  items: [
    {
      icon: Percent,
      value: claims.offPlanDiscount,
      title: "Launch price",
      text: `You buy up to ${claims.offPlanDiscount} below the final value of the finished unit.`,
    },
    {
      icon: Wallet,
      title: "Extended financing in pesos",
      text: "Fixed instalments in Argentine pesos while the building goes up, without depending on a bank loan.",
    },
    {
      icon: TrendingUp,
      value: claims.appreciation,
      title: "Appreciation",
      text: `An estimated appreciation of ${claims.appreciation} a year as construction progresses.`,
    },
    {
      icon: KeyRound,
      title: "Turnkey delivery",
      text: "You receive the finished unit, ready to live in or to let.",
    },
  ],
};

export const process: SectionIntro & { steps: readonly Step[] } = {
  eyebrow: "Process",
  title: "Five steps, from the first question to the keys",
  steps: [
    { title: "Enquiry", text: "We talk about your budget, your timing and what you are looking for." },
    { title: "Selection", text: "We present the projects and units that fit you best." },
    { title: "Reservation", text: "You reserve the chosen unit with a deposit." },
    {
      title: "Financing",
      text: "You sign the plan of fixed instalments in pesos for the construction period.",
    },
    { title: "Handover", text: "You receive your finished unit, turnkey." },
  ],
};

export const closing: SectionIntro & { button: string; hint: string } = {
  title: "Shall we talk about your next investment?",
  intro: "Message us on WhatsApp and we will advise you, with no commitment.",
  button: "Ask for advice on WhatsApp",
  hint: "Opens in a new tab",
};
