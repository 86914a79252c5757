import {
  BadgeCheck,
  Building2,
  ChartColumn,
  Clock,
  FileCheck,
  Handshake,
  MapPin,
  TrendingUp,
} from "lucide-react";

import { site } from "../../config/site.ts";
import type { ActionCard, Card, HeroCopy, PageMetaCopy, SectionIntro, Stat } from "../types.ts";
import { claims } from "./claims.ts";

export const meta: PageMetaCopy = {
  title: `Property Appraisals in Puerto Madero, Buenos Aires | ${site.businessName}`,
  description: `Licensed appraiser in Puerto Madero, Buenos Aires: express apartment appraisals with a signed report in ${claims.delivery}, ${claims.towers} towers surveyed and over ${site.yearsOfExperience} years of experience.`,
  keywords: [
    "Puerto Madero property appraisal",
    "Buenos Aires apartment valuation",
    "licensed appraiser Argentina",
    "tasación Puerto Madero",
    "Puerto Madero apartment value",
  ],
};

export const hero: HeroCopy & { secondary: string } = {
  eyebrow: "Licensed appraiser · Puerto Madero, Buenos Aires",
  title: "Know what your Puerto Madero apartment is really worth",
  lead: `A tasación is a formal appraisal: a written valuation report signed by a licensed appraiser under Argentine rules. Ours arrives within ${claims.delivery}, from someone who knows every tower, every dock and every view.`,
  cta: "Request an Express Appraisal",
  secondary: `See the ${claims.towers} towers`,
};

export const services: SectionIntro & { items: readonly ActionCard[] } = {
  eyebrow: "Services",
  title: "Everything you need to decide on solid figures",
  intro: "One professional, from the first question to the signed report, even if you live abroad.",
  items: [
    {
      icon: Clock,
      title: `Delivered within ${claims.delivery}`,
      text: "Ask for the appraisal today and have the report in your hands in one or two business days.",
      action: "Request an express appraisal",
    },
    {
      icon: FileCheck,
      title: "A professional report",
      text: "Comparable sales, adjustments for floor, view and amenities, and a report signed with the appraiser's licence number.",
      action: "Request a professional report",
    },
    {
      icon: MapPin,
      title: "Local expertise",
      text: "We work only in Puerto Madero: we know what each dock, each tower and each orientation is worth.",
      action: "Ask about my tower",
    },
    {
      icon: Building2,
      title: "Residential apartments",
      text: "Studios, half-floor and full-floor apartments and penthouses, in amenity towers and in the converted dock buildings.",
      action: "Appraise my apartment",
    },
    {
      icon: TrendingUp,
      title: "Investment advice",
      text: "We help you decide whether to buy, sell or wait, with clear figures for rental yield and appreciation.",
      action: "Ask for advice",
    },
    {
      icon: ChartColumn,
      title: "Market analysis",
      text: "Closing prices, time on the market and current supply in the neighbourhood, so you negotiate with arguments.",
      action: "Request an analysis",
    },
  ],
};

export const whyUs: SectionIntro & { items: readonly Card[] } = {
  eyebrow: "Why choose us",
  title: "A specialist's precision, a neighbour's care",
  items: [
    {
      icon: BadgeCheck,
      title: "Licensed professional",
      text: `Licensed by ${site.professionalBody}, the professional body of real estate brokers in the City of Buenos Aires (licence no. ${site.registrationNumber}). Every report carries a signature and professional liability.`,
    },
    {
      icon: Building2,
      title: `${claims.towers} towers surveyed`,
      text: "We know the floor plans, amenities, expensas (the monthly building fees) and closing prices of every building in the neighbourhood.",
    },
    {
      icon: Clock,
      title: `Report within ${claims.delivery}`,
      text: "A quick answer without cutting corners: the timing of your decision matters.",
    },
    {
      icon: Handshake,
      title: `Over ${site.yearsOfExperience} years`,
      text: "We have worked with owners, heirs and investors, local and foreign, through every market cycle.",
    },
  ],
};

export const towersSection: SectionIntro & { button: string; more: string } = {
  eyebrow: "Buildings",
  title: `The ${claims.towers} towers we appraise`,
  intro: "Choose your building and request the appraisal with the tower already filled in.",
  button: "Appraise an Apartment",
  more: "SEE ALL BUILDINGS",
};

export const credentials: {
  eyebrow: string;
  title: string;
  registration: string;
  text: string;
  licenceLink: string;
  licencePath: "/tasador";
  stats: readonly Stat[];
} = {
  eyebrow: "Credentials",
  title: "Licensed appraiser",
  registration: claims.registration,
  text: "Every report is signed under a professional licence and backed by data from the neighbourhood.",
  licenceLink: "Check the licence",
  licencePath: "/tasador",
  stats: [
    { value: claims.experience, label: "years of experience" },
    { value: claims.towers, label: "towers in Puerto Madero" },
    { value: claims.deliveryFigure, label: "to deliver the report" },
  ],
};
