import { BadgeCheck, Clock, Gauge, MapPin } from "lucide-react";

import { site } from "../../config/site.ts";
import type { Card, HeroCopy, PageMetaCopy, SectionIntro, Stat, Step } from "../types.ts";
import { claims } from "./claims.ts";

export const meta: PageMetaCopy = {
  title: `Appraisals for Sale in Puerto Madero | ${site.businessName}`,
  description: `A strategic appraisal to sell houses, lofts, penthouses, offices, shops and studios in Puerto Madero, Buenos Aires. Well-appraised properties sell up to ${claims.fasterSale} faster.`,
  keywords: [
    "appraisal for sale Buenos Aires",
    "Puerto Madero appraisal",
    "penthouse appraisal",
    "office appraisal",
    "real estate pricing strategy",
  ],
};

export const service = {
  name: "Appraisal for sale in Puerto Madero",
  serviceType: "Real estate appraisal for sale",
};

export const hero: HeroCopy & { stats: readonly Stat[] } = {
  eyebrow: "Appraisals for sale",
  title: "A price that sells, backed by a sales strategy",
  lead: "Our appraisal is based on real closing prices, and we tell you how to take your property to market, even if you sell from abroad.",
  cta: "Request an Appraisal",
  stats: [
    { value: claims.fasterSale, label: "faster: how much sooner well-appraised properties sell" },
    { value: claims.deliveryFigure, label: "to have your report" },
    { value: claims.experience, label: "years of closings in the neighbourhood" },
  ],
};

export const typesSection: SectionIntro & { button: (tipo: string) => string } = {
  eyebrow: "Property types",
  title: "What are you selling?",
  intro: "Each type of property has its own market. Choose yours and we start there.",
  button: (tipo) => `Appraise ${/^[aeiou]/i.test(tipo) ? "an" : "a"} ${tipo}`,
};

export const strategy: SectionIntro & { steps: readonly Step[] } = {
  eyebrow: "Strategy",
  title: "Four steps to a well-planned sale",
  steps: [
    {
      title: "Market analysis",
      text: "We survey closed sales, active listings and time on the market for properties like yours.",
    },
    {
      title: "Technical valuation",
      text: "We adjust for area, floor, view, condition, amenities and parking with professional judgement.",
    },
    {
      title: "Pricing strategy",
      text: "We set the asking price and the room for negotiation, so you sell without successive price cuts.",
    },
    {
      title: "Advice",
      text: "We stay with you through the offers and the negotiation until the deed is signed.",
    },
  ],
};

export const differentiators: SectionIntro & { items: readonly Card[] } = {
  eyebrow: "What sets us apart",
  title: "Why owners choose us",
  items: [
    {
      icon: MapPin,
      title: "Only Puerto Madero",
      text: `${claims.towers} towers surveyed and ${site.yearsOfExperience} years of closings in the neighbourhood.`,
    },
    {
      icon: BadgeCheck,
      title: "A licensed signature",
      text: `${claims.registration}: a report with professional liability.`,
    },
    {
      icon: Gauge,
      title: `Up to ${claims.fasterSale} faster`,
      text: "A well-judged price draws buyers from the first week.",
    },
    {
      icon: Clock,
      title: `Report within ${claims.delivery}`,
      text: "You go to market when you decide, not when the appraiser gets round to it.",
    },
  ],
};

export const closing: SectionIntro & { button: string } = {
  title: "Sell at a price that holds",
  intro: "Tell us which property you want to sell and we will build your strategy.",
  button: "Request a Strategic Appraisal",
};
