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
  title: `Tasaciones en Puerto Madero en ${claims.delivery} | ${site.businessName}`,
  description: `Tasador matriculado en Puerto Madero: tasaciones express de departamentos con informe en ${claims.delivery}, ${claims.towers} torres relevadas y más de ${site.yearsOfExperience} años de experiencia.`,
  keywords: [
    "tasaciones Puerto Madero",
    "tasación de departamentos",
    "tasador matriculado",
    "tasación express",
    "valor de departamento Puerto Madero",
  ],
};

export const hero: HeroCopy & { secondary: string } = {
  eyebrow: "Tasador matriculado · Puerto Madero",
  title: "Conocé el valor real de tu departamento en Puerto Madero",
  lead: `Tasaciones profesionales con informe en ${claims.delivery}. Conocemos cada torre, cada dique y cada vista.`,
  cta: "Solicitar Tasación Express",
  secondary: `Ver las ${claims.towers} torres`,
};

export const services: SectionIntro & { items: readonly ActionCard[] } = {
  eyebrow: "Servicios",
  title: "Todo lo que necesitás para decidir con datos",
  intro: "Un solo profesional, de la primera consulta al informe firmado.",
  items: [
    {
      icon: Clock,
      title: `Entrega rápida en ${claims.delivery}`,
      text: "Pedís la tasación hoy y tenés el informe en tus manos en uno o dos días hábiles.",
      action: "Pedir tasación express",
    },
    {
      icon: FileCheck,
      title: "Configuración profesional",
      text: "Metodología de comparables, ajustes por piso, vista y amenities, y un informe firmado con matrícula.",
      action: "Solicitar informe profesional",
    },
    {
      icon: MapPin,
      title: "Especialización local",
      text: "Trabajamos solo en Puerto Madero: sabemos cuánto vale cada dique, cada torre y cada orientación.",
      action: "Consultar por mi torre",
    },
    {
      icon: Building2,
      title: "Departamentos residenciales",
      text: "Monoambientes, semipisos, pisos y penthouses en torres con amenities y edificios de los docks.",
      action: "Tasar mi departamento",
    },
    {
      icon: TrendingUp,
      title: "Asesoramiento en inversión",
      text: "Te ayudamos a comprar, vender o esperar, con números claros de renta y revalorización.",
      action: "Pedir asesoramiento",
    },
    {
      icon: ChartColumn,
      title: "Análisis de mercado",
      text: "Precios de cierre, tiempos de venta y oferta actual del barrio, para que negocies con argumentos.",
      action: "Solicitar análisis",
    },
  ],
};

export const whyUs: SectionIntro & { items: readonly Card[] } = {
  eyebrow: "Por qué elegirnos",
  title: "Precisión de especialista, trato de vecino",
  items: [
    {
      icon: BadgeCheck,
      title: "Profesional matriculado",
      text: `${claims.registration}. Cada informe lleva firma y responsabilidad profesional.`,
    },
    {
      icon: Building2,
      title: `${claims.towers} torres relevadas`,
      text: "Conocemos plantas, amenities, expensas y valores de cierre de cada edificio del barrio.",
    },
    {
      icon: Clock,
      title: `Informe en ${claims.delivery}`,
      text: "Respuesta rápida sin perder rigor: el tiempo de tu decisión importa.",
    },
    {
      icon: Handshake,
      title: `Más de ${site.yearsOfExperience} años`,
      text: "Acompañamos propietarios, herederos e inversores en cada ciclo del mercado.",
    },
  ],
};

export const towersSection: SectionIntro & { button: string; more: string } = {
  eyebrow: "Edificios",
  title: `Las ${claims.towers} torres que tasamos`,
  intro: "Elegí tu edificio y pedí la tasación con la torre ya cargada.",
  button: "Tasar Departamento",
  more: "VER EDIFICIOS",
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
  eyebrow: "Credenciales",
  title: "Tasador matriculado",
  registration: claims.registration,
  text: "Cada informe se firma con matrícula profesional y se sostiene con datos del barrio.",
  licenceLink: "Verificá la matrícula",
  licencePath: "/tasador",
  stats: [
    { value: claims.experience, label: "años de experiencia" },
    { value: claims.towers, label: "torres en Puerto Madero" },
    { value: claims.deliveryFigure, label: "entrega del informe" },
  ],
};
