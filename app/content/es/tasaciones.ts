import { BadgeCheck, Clock, Gauge, MapPin } from "lucide-react";

import { site } from "../../config/site.ts";
import type { Card, HeroCopy, PageMetaCopy, SectionIntro, Stat, Step } from "../types.ts";
import { claims } from "./claims.ts";

export const meta: PageMetaCopy = {
  title: `Tasaciones para Venta en Puerto Madero | ${site.businessName}`,
  description: `Tasación estratégica para vender casas, lofts, penthouses, oficinas, locales y estudios en Puerto Madero. Las propiedades bien tasadas se venden hasta ${claims.fasterSale} más rápido.`,
  keywords: [
    "tasación para venta",
    "tasaciones Puerto Madero",
    "tasar penthouse",
    "tasar oficina",
    "estrategia de precio inmobiliaria",
  ],
};

export const service = {
  name: "Tasación para venta en Puerto Madero",
  serviceType: "Tasación inmobiliaria para venta",
};

export const hero: HeroCopy & { stats: readonly Stat[] } = {
  eyebrow: "Tasaciones para venta",
  title: "Un precio que vende, con una estrategia detrás",
  lead: "Tasamos tu propiedad con datos de cierre reales y te decimos cómo salir al mercado.",
  cta: "Solicitar Tasación",
  stats: [
    { value: claims.fasterSale, label: "más rápido se venden las propiedades bien tasadas" },
    { value: claims.deliveryFigure, label: "para tener tu informe" },
    { value: claims.experience, label: "años de cierres en el barrio" },
  ],
};

export const typesSection: SectionIntro & { button: (tipo: string) => string } = {
  eyebrow: "Tipos de propiedad",
  title: "¿Qué querés vender?",
  intro: "Cada tipo de propiedad tiene su mercado. Elegí el tuyo y empezamos por ahí.",
  button: (tipo) => `Tasar ${tipo}`,
};

export const strategy: SectionIntro & { steps: readonly Step[] } = {
  eyebrow: "Estrategia",
  title: "Cuatro pasos hacia una venta bien pensada",
  steps: [
    {
      title: "Análisis de mercado",
      text: "Relevamos ventas cerradas, oferta activa y tiempos de venta de propiedades como la tuya.",
    },
    {
      title: "Valuación técnica",
      text: "Ajustamos por superficie, piso, vista, estado, amenities y cochera con criterio profesional.",
    },
    {
      title: "Estrategia de precio",
      text: "Definimos el precio de publicación y el margen de negociación para vender sin rebajas sucesivas.",
    },
    {
      title: "Asesoramiento",
      text: "Te acompañamos en las ofertas y la negociación hasta la firma.",
    },
  ],
};

export const differentiators: SectionIntro & { items: readonly Card[] } = {
  eyebrow: "Diferenciales",
  title: "Lo que nos distingue",
  items: [
    {
      icon: MapPin,
      title: "Solo Puerto Madero",
      text: `${claims.towers} torres relevadas y ${site.yearsOfExperience} años de cierres en el barrio.`,
    },
    {
      icon: BadgeCheck,
      title: "Firma matriculada",
      text: `${claims.registration}: un informe con responsabilidad profesional.`,
    },
    {
      icon: Gauge,
      title: `Hasta ${claims.fasterSale} más rápido`,
      text: "Un precio bien calibrado atrae compradores desde la primera semana.",
    },
    {
      icon: Clock,
      title: `Informe en ${claims.delivery}`,
      text: "Salís al mercado cuando vos decidís, no cuando llega el tasador.",
    },
  ],
};

export const closing: SectionIntro & { button: string } = {
  title: "Vendé con un precio que se sostiene",
  intro: "Contanos qué propiedad querés vender y armamos tu estrategia.",
  button: "Solicitar Tasación Estratégica",
};
