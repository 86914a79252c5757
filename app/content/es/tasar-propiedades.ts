import { Gauge, Handshake, ShieldCheck, Target } from "lucide-react";

import { site } from "../../config/site.ts";
import type { Card, HeroCopy, PageMetaCopy, SectionIntro } from "../types.ts";
import { claims } from "./claims.ts";

export const meta: PageMetaCopy = {
  title: `Tasar Propiedades para Vender en Puerto Madero | ${site.businessName}`,
  description: `Tasá tu casa, loft, penthouse, oficina, local o estudio antes de vender: precio justo desde el primer día y ventas hasta ${claims.fasterSale} más rápidas. Informe en ${claims.delivery}.`,
  keywords: [
    "tasar propiedad para vender",
    "tasación antes de vender",
    "tasar local comercial",
    "tasar loft Puerto Madero",
    "tasación de oficinas",
  ],
};

export const service = {
  name: "Tasación de propiedades para venta por tipo",
  serviceType: "Tasación inmobiliaria para venta",
};

export const hero: HeroCopy = {
  eyebrow: "Tasar antes de vender",
  title: "Tasá tu propiedad antes de ponerla en venta",
  lead: `Un precio bien fundamentado es la forma más rápida de vender. Tenés el informe en ${claims.delivery}.`,
  cta: "Solicitar Tasación Express",
};

export const typesSection: SectionIntro & { button: (tipo: string) => string } = {
  eyebrow: "Tipos de propiedad",
  title: "Tasamos cada tipo de propiedad",
  intro: "Elegí el tipo y pedí la tasación con ese dato ya cargado.",
  button: (tipo) => `Tasar ${tipo}`,
};

export const reasons: SectionIntro & { items: readonly Card[] } = {
  eyebrow: "Por qué tasar primero",
  title: "Cuatro razones para tasar antes de vender",
  items: [
    {
      icon: Target,
      title: "Precio justo desde el día uno",
      text: "Publicás en el valor correcto y captás a los compradores serios en las primeras semanas.",
    },
    {
      icon: Gauge,
      title: `Vendés hasta ${claims.fasterSale} más rápido`,
      text: "Las propiedades bien tasadas pasan menos tiempo publicadas y no se desgastan.",
    },
    {
      icon: Handshake,
      title: "Negociás con argumentos",
      text: "Un informe firmado respalda tu precio frente a cada contraoferta.",
    },
    {
      icon: ShieldCheck,
      title: "Evitás rebajas sucesivas",
      text: "Sin precios inflados que después hay que bajar de a poco, perdiendo tiempo y valor.",
    },
  ],
};

export const closing: SectionIntro & { button: string } = {
  title: "¿Pensás vender este año?",
  intro: "Contanos de tu propiedad y te proponemos un precio y un plan de venta.",
  button: "Consultar por mi venta",
};
