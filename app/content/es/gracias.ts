import { site } from "../../config/site.ts";
import type { PageMetaCopy, Step } from "../types.ts";
import { claims } from "./claims.ts";
import { officeHours } from "./common.ts";

export const meta: PageMetaCopy = {
  title: `Gracias por tu solicitud | ${site.businessName}`,
  description: "Recibimos tu solicitud. Te contamos qué pasa ahora y cómo seguir por WhatsApp.",
  keywords: [],
};

/** Where a form sent without JavaScript lands (the lead service's 303). */
export const thanks = {
  eyebrow: "Solicitud recibida",
  // Breaks into the same lines in the fallback font as in the web font at every width, so the
  // font swap after the first paint moves nothing (decision 0008).
  title: "¡Gracias! Tu solicitud llegó",
  lead: `Tus respuestas quedaron guardadas. ${site.appraiserName} las revisa y te contacta por WhatsApp o por email.`,
  nextTitle: "Qué pasa ahora",
  steps: [
    {
      title: "Revisamos tus datos",
      text: "Leemos tu solicitud completa y, si falta algo para la tasación, te lo preguntamos.",
    },
    {
      title: "Te contactamos",
      text: `En horario de oficina (${officeHours(site.openingDays, site.opens, site.closes).toLowerCase()}), normalmente el mismo día hábil.`,
    },
    {
      title: "Recibís tu informe",
      text: `Con los datos completos, el informe firmado llega en ${claims.delivery}.`,
    },
  ] satisfies Step[],
  whatsappTitle: "¿Preferís seguir por WhatsApp?",
  whatsappText: "Abrí el chat y envianos el mensaje: te respondemos por ahí, en horario de oficina.",
  whatsappButton: "Abrir WhatsApp",
  whatsappHint: "Se abre en una pestaña nueva",
  home: "Volver al inicio",
} as const;
