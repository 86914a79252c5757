import { Clock, Landmark, Scale } from "lucide-react";

import { site } from "../../config/site.ts";
import type { Card, HeroCopy, PageMetaCopy, SectionIntro } from "../types.ts";
import { claims } from "./claims.ts";

export const meta: PageMetaCopy = {
  title: `Valoración de Inmuebles en Puerto Madero | ${site.businessName}`,
  description: `Valoración profesional de departamentos en las ${claims.towers} torres de Puerto Madero: valor de mercado fundamentado, informe en ${claims.delivery} y firma de tasador matriculado.`,
  keywords: [
    "valoración de inmuebles",
    "valoración de departamentos Puerto Madero",
    "valor de mercado",
    "tasador matriculado",
  ],
};

export const service = {
  name: "Valoración de inmuebles en Puerto Madero",
  serviceType: "Valoración inmobiliaria",
};

export const hero: HeroCopy = {
  eyebrow: "Valoración de inmuebles",
  title: "¿Cuánto vale hoy tu departamento?",
  lead: `Una valoración de mercado hecha por un especialista del barrio, con respaldo técnico y entregada en ${claims.delivery}.`,
  cta: "Solicitar Valoración",
};

export const formPrompt: SectionIntro & { button: string; points: readonly string[] } = {
  eyebrow: "Cómo empezar",
  title: "Describí tu propiedad en dos minutos",
  intro:
    "Torre, ambientes, vista y superficies. Con eso preparamos tu valoración y te respondemos por WhatsApp.",
  button: "Completar Formulario de Valoración",
  points: ["Sin costo de consulta", "Respuesta en el día hábil", "Tus datos se usan solo para responderte"],
};

export const benefits: SectionIntro & { items: readonly Card[] } = {
  eyebrow: "Beneficios",
  title: "Una valoración que te sirve para decidir",
  items: [
    {
      icon: Scale,
      title: "Valor de mercado real",
      text: "Comparables de tu misma torre y de edificios equivalentes, no promedios de portal.",
    },
    {
      icon: Landmark,
      title: "Respaldo para cada trámite",
      text: "Sucesiones, divorcios, garantías o una venta: un informe firmado que podés presentar.",
    },
    {
      icon: Clock,
      title: `Listo en ${claims.delivery}`,
      text: "Sabés cuánto vale tu propiedad antes de tu próxima reunión o negociación.",
    },
  ],
};

export const towersSection: SectionIntro & { button: string } = {
  eyebrow: "Torres",
  title: "Elegí tu torre",
  intro: "Pedí la valoración con el edificio ya seleccionado.",
  button: "Solicitar Valoración",
};
