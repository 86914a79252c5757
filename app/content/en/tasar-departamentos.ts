import { Building2, ChartColumn, MapPin, Ruler } from "lucide-react";

import { site } from "../../config/site.ts";
import type { Card, HeroCopy, PageMetaCopy, SectionIntro, Step } from "../types.ts";
import { claims } from "./claims.ts";

export const meta: PageMetaCopy = {
  title: `Puerto Madero Apartment Appraisal by Tower | ${site.businessName}`,
  description: `Apartment appraisals in the ${claims.towers} towers of Puerto Madero, Buenos Aires: choose your building and receive the report within ${claims.delivery}, signed by a licensed appraiser.`,
  keywords: [
    "Puerto Madero apartment appraisal",
    "appraisal by tower",
    "Alvear Tower",
    "Mulieris",
    "Zencity",
    "express appraisal",
  ],
};

export const service = {
  name: "Apartment appraisal by tower in Puerto Madero",
  serviceType: "Apartment appraisal",
};

export const hero: HeroCopy = {
  eyebrow: "Apartment appraisal",
  title: "We appraise your apartment, tower by tower",
  lead: `We know the ${claims.towers} towers of Puerto Madero: their floor plans, their views and their closing prices. Report within ${claims.delivery}.`,
  cta: "Request an Express Appraisal",
};

export const towersSection: SectionIntro & { button: string } = {
  eyebrow: "Buildings",
  title: `The ${claims.towers} towers of Puerto Madero`,
  intro: "Choose your building and request the appraisal with the tower already selected.",
  button: "Appraise an Apartment",
};

export const factors: SectionIntro & { items: readonly Card[] } = {
  eyebrow: "What we take into account",
  title: "Four factors that set the value",
  items: [
    {
      icon: Building2,
      title: "Building",
      text: "The tower's standing, amenities, security, expensas (monthly building fees) and the state of the common areas.",
    },
    {
      icon: MapPin,
      title: "Location",
      text: "The dock, whether it faces the water or the nature reserve, and the unit's floor and orientation.",
    },
    {
      icon: Ruler,
      title: "Features",
      text: "Covered and uncovered areas, rooms, parking, storage unit, condition and finishes.",
    },
    {
      icon: ChartColumn,
      title: "Market",
      text: "Recent sales in the same tower and in comparable buildings, and what is on offer today.",
    },
  ],
};

export const process: SectionIntro & { steps: readonly Step[] } = {
  eyebrow: "Process",
  title: "How we work",
  steps: [
    { title: "Request", text: "You fill in the form with your tower and the apartment's details." },
    { title: "Analysis", text: "We study comparable sales in your building and in equivalent towers." },
    { title: "Inspection", text: "We arrange a visit to record the condition, the view and the finishes." },
    {
      title: `Report within ${claims.delivery}`,
      text: "You receive the signed report, with the value and the reasoning behind it.",
    },
  ],
};
