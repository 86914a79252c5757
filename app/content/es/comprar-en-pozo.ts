import { KeyRound, Percent, TrendingUp, Wallet } from "lucide-react";

import { site } from "../../config/site.ts";
import type { Card, HeroCopy, PageMetaCopy, SectionIntro, Stat, Step } from "../types.ts";
import { claims } from "./claims.ts";

export const meta: PageMetaCopy = {
  title: `Comprar en Pozo en Puerto Madero | ${site.businessName}`,
  description: `Invertí en pozo en Puerto Madero con precio de lanzamiento hasta ${claims.offPlanDiscount} por debajo del valor final, financiación en pesos y una revalorización del ${claims.appreciation} anual.`,
  keywords: [
    "comprar en pozo",
    "inversión en pozo Puerto Madero",
    "departamentos en pozo",
    "preventa Puerto Madero",
    "financiación en pesos",
  ],
};

export const service = {
  name: "Asesoramiento para comprar en pozo en Puerto Madero",
  serviceType: "Asesoramiento de inversión inmobiliaria",
};

export const hero: HeroCopy = {
  eyebrow: "Comprar en pozo",
  title: "Invertí en pozo en Puerto Madero, con números claros",
  lead: "Te ayudamos a elegir el proyecto, la unidad y el plan de pagos que mejor se ajustan a tu objetivo.",
  cta: "Consultar Inversión",
};

/** The two claims set large beside the hero. */
export const heroStats: readonly Stat[] = [
  { value: claims.offPlanDiscount, label: "por debajo del valor final, como máximo" },
  { value: claims.appreciation, label: "de revalorización anual estimada" },
];

export const benefits: SectionIntro & { items: readonly (Card & { value?: string })[] } = {
  eyebrow: "Beneficios",
  title: "Por qué comprar en pozo",
  items: [
    {
      icon: Percent,
      value: claims.offPlanDiscount,
      title: "Precio de lanzamiento",
      text: `Comprás hasta ${claims.offPlanDiscount} por debajo del valor final de la unidad terminada.`,
    },
    {
      icon: Wallet,
      title: "Financiación extendida en pesos",
      text: "Cuotas fijas en pesos durante la obra, sin depender de un crédito bancario.",
    },
    {
      icon: TrendingUp,
      value: claims.appreciation,
      title: "Revalorización",
      text: `Una revalorización estimada del ${claims.appreciation} anual mientras avanza la obra.`,
    },
    {
      icon: KeyRound,
      title: "Entrega llave en mano",
      text: "Recibís la unidad terminada, lista para habitar o para poner en renta.",
    },
  ],
};

export const process: SectionIntro & { steps: readonly Step[] } = {
  eyebrow: "Proceso",
  title: "Cinco pasos, de la consulta a la llave",
  steps: [
    { title: "Consulta", text: "Conversamos sobre tu presupuesto, tus plazos y lo que buscás." },
    { title: "Selección", text: "Te presentamos los proyectos y unidades que mejor se ajustan." },
    { title: "Reserva", text: "Reservás la unidad elegida con una seña." },
    { title: "Financiación", text: "Firmás el plan de cuotas fijas en pesos durante la obra." },
    { title: "Entrega", text: "Recibís tu unidad terminada, llave en mano." },
  ],
};

export const closing: SectionIntro & { button: string; hint: string } = {
  title: "¿Hablamos de tu próxima inversión?",
  intro: "Escribinos por WhatsApp y te asesoramos sin compromiso.",
  button: "Pedir asesoramiento por WhatsApp",
  hint: "Se abre en una pestaña nueva",
};
