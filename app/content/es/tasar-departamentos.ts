import { Building2, ChartColumn, MapPin, Ruler } from "lucide-react";

import { site } from "../../config/site.ts";
import type { Card, HeroCopy, PageMetaCopy, SectionIntro, Step } from "../types.ts";
import { claims } from "./claims.ts";

export const meta: PageMetaCopy = {
  title: `Tasar Departamentos en Puerto Madero por Torre | ${site.businessName}`,
  description: `Tasación de departamentos en las ${claims.towers} torres de Puerto Madero: elegí tu edificio y recibí el informe en ${claims.delivery}, firmado por un tasador matriculado.`,
  keywords: [
    "tasar departamento Puerto Madero",
    "tasación por torre",
    "Alvear Tower",
    "Mulieris",
    "Zencity",
    "tasación express",
  ],
};

export const service = {
  name: "Tasación de departamentos por torre en Puerto Madero",
  serviceType: "Tasación de departamentos",
};

export const hero: HeroCopy = {
  eyebrow: "Tasación de departamentos",
  title: "Tasamos tu departamento, torre por torre",
  lead: `Conocemos las ${claims.towers} torres de Puerto Madero: sus plantas, sus vistas y sus valores de cierre. Informe en ${claims.delivery}.`,
  cta: "Solicitar Tasación Express",
};

export const towersSection: SectionIntro & { button: string } = {
  eyebrow: "Edificios",
  title: `Las ${claims.towers} torres de Puerto Madero`,
  intro: "Elegí tu edificio y pedí la tasación con la torre ya seleccionada.",
  button: "Tasar Departamento",
};

export const factors: SectionIntro & { items: readonly Card[] } = {
  eyebrow: "Qué tenemos en cuenta",
  title: "Cuatro factores que definen el valor",
  items: [
    {
      icon: Building2,
      title: "Edificio",
      text: "Categoría de la torre, amenities, seguridad, expensas y estado de las áreas comunes.",
    },
    {
      icon: MapPin,
      title: "Ubicación",
      text: "Dique, frente al agua o a la reserva, piso y orientación de la unidad.",
    },
    {
      icon: Ruler,
      title: "Características",
      text: "Superficies cubierta y descubierta, ambientes, cochera, baulera, estado y terminaciones.",
    },
    {
      icon: ChartColumn,
      title: "Mercado",
      text: "Ventas recientes en la misma torre y en edificios comparables, y la oferta actual.",
    },
  ],
};

export const process: SectionIntro & { steps: readonly Step[] } = {
  eyebrow: "Proceso",
  title: "Cómo trabajamos",
  steps: [
    { title: "Solicitud", text: "Completás el formulario con tu torre y los datos del departamento." },
    { title: "Análisis", text: "Estudiamos comparables de tu edificio y de torres equivalentes." },
    { title: "Inspección", text: "Coordinamos una visita para relevar estado, vista y terminaciones." },
    {
      title: `Informe en ${claims.delivery}`,
      text: "Recibís el informe firmado, con el valor y sus fundamentos.",
    },
  ],
};
