import { BadgeCheck, Clock, Search, Target } from "lucide-react";

import { site } from "../../config/site.ts";
import type { Card, HeroCopy, PageMetaCopy, SectionIntro } from "../types.ts";
import { claims } from "./claims.ts";

export const meta: PageMetaCopy = {
  title: `Tasación Online Express en ${claims.delivery} | ${site.businessName}`,
  description: `Pedí tu tasación online en Puerto Madero: completás un formulario y recibís el informe en ${claims.delivery}, firmado por un tasador matriculado (${claims.registration}).`,
  keywords: [
    "tasación online",
    "tasación express",
    "valoración de inmuebles",
    "tasación Puerto Madero online",
    "tasador matriculado",
  ],
};

export const service = {
  name: "Tasación online express en Puerto Madero",
  serviceType: "Tasación inmobiliaria online",
};

export const hero: HeroCopy & { badges: readonly Card[] } = {
  eyebrow: "Tasación online",
  title: "Tasación online express",
  lead: "Completá el formulario con los datos de tu propiedad y recibí una tasación profesional sin moverte de tu casa.",
  cta: "Completar el formulario",
  badges: [
    { icon: Clock, title: `Entrega en ${claims.delivery}`, text: "Informe por WhatsApp o email" },
    { icon: BadgeCheck, title: "Tasador matriculado", text: claims.registration },
    { icon: Target, title: "Precisión garantizada", text: "Comparables reales del barrio" },
  ],
};

export const reasons: SectionIntro & { items: readonly Card[] } = {
  eyebrow: "Por qué online",
  title: "Rápida, precisa y sin vueltas",
  items: [
    {
      icon: Clock,
      title: "Ahorrás tiempo",
      text: `Sin visitas previas ni llamadas eternas: tenés tu valor en ${claims.delivery}.`,
    },
    {
      icon: Search,
      title: "Con datos reales",
      text: `Usamos cierres y oferta actual de las ${claims.towers} torres que relevamos.`,
    },
    {
      icon: BadgeCheck,
      title: "Con firma profesional",
      text: `Más de ${site.yearsOfExperience} años de experiencia y ${claims.registration}.`,
    },
  ],
};

export const moreServices: SectionIntro = {
  title: "Otros servicios",
  intro: "¿Buscás algo más específico?",
};
