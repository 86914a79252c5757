import { site } from "../../config/site.ts";
import type { PageMetaCopy, SectionIntro, Step } from "../types.ts";
import { claims } from "./claims.ts";

/**
 * /tasador (product decision 17): who signs the appraisals, the registration
 * anyone can check in the professional body's public registry, what the
 * written report holds and how long it takes, and what happens to a
 * visitor's data. Every number comes from the site configuration.
 */

export const meta: PageMetaCopy = {
  title: `El tasador y su matrícula | ${site.businessName}`,
  description: `${site.appraiserName}, tasador matriculado (${claims.registration}). Cómo verificar la matrícula, qué trae el informe escrito y en cuánto llega.`,
  keywords: ["tasador matriculado", "verificar matrícula", site.professionalBody, "informe de tasación"],
};

export const hero = {
  eyebrow: "El tasador",
  title: "Quién firma tu tasación",
  lead: `${site.appraiserName}: tasador matriculado, con más de ${site.yearsOfExperience} años tasando en Puerto Madero. Cada informe lleva su firma y su número de matrícula, que podés verificar vos mismo.`,
  cta: "Pedir una tasación",
  ctaPath: "/tasaciones-online",
} as const;

export const licence = {
  title: "La matrícula",
  numberLabel: "Número de matrícula",
  number: site.registrationNumber,
  bodyLabel: "Otorgada por",
  body: site.professionalBody,
} as const;

export const verify: SectionIntro & { steps: readonly Step[]; registryLink: string; opensNewTab: string } = {
  eyebrow: "Verificala",
  title: "Cómo comprobar la matrícula",
  intro: `${site.professionalBody} publica el registro de sus matriculados. Tarda un minuto y no necesitás pedirnos nada.`,
  steps: [
    {
      title: "Abrí el registro público",
      text: `Entrá al registro de matriculados de ${site.professionalBody} (el enlace de abajo).`,
    },
    {
      title: "Buscá el número",
      text: `Escribí el número de matrícula ${site.registrationNumber}, o el nombre: ${site.appraiserName}.`,
    },
    {
      title: "Compará los datos",
      text: `Tiene que figurar ${site.appraiserName} con la matrícula vigente. Si algo no coincide, escribinos antes de contratar.`,
    },
  ],
  registryLink: `Registro de matriculados de ${site.professionalBody}`,
  opensNewTab: "se abre en una pestaña nueva",
};

export const report: SectionIntro & { items: readonly Step[]; delivery: string; deliveryLabel: string } = {
  eyebrow: "El informe escrito",
  title: "Qué recibís",
  intro: "Un informe firmado, en PDF, que podés mostrar a un comprador, a un banco o en una sucesión.",
  items: [
    {
      title: "La propiedad",
      text: "Dirección, unidad, superficies cubierta y descubierta, cochera y baulera, y el estado relevado en la visita.",
    },
    {
      title: "Los comparables",
      text: "Ventas y ofertas recientes en el mismo edificio o en torres equivalentes, con los ajustes por piso, vista, superficie y estado.",
    },
    {
      title: "El valor",
      text: "El valor de mercado en dólares, el método con que se llegó a él y un precio de publicación sugerido.",
    },
    {
      title: "La firma",
      text: `Firmado por ${site.appraiserName}, ${claims.registration}, con fecha y vigencia del valor.`,
    },
  ],
  deliveryLabel: "Plazo de entrega",
  delivery: `${claims.delivery} desde la visita a la propiedad.`,
};

export const promise = {
  title: "Tus datos, con una sola persona",
  items: [
    `Te responde una sola persona: ${site.appraiserName}. No pasamos tu consulta a otras inmobiliarias.`,
    "Tus datos no se venden ni se comparten con nadie.",
    "No te sumamos a ninguna lista de correo sin tu consentimiento explícito.",
  ],
} as const;

export const breadcrumb = { home: "Inicio", page: "El tasador", label: "Ruta de navegación" } as const;
