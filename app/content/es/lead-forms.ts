import { site } from "../../config/site.ts";
import { formWords } from "./form-words.ts";

/**
 * The lead forms' own interface text. The fields' text lives in the form
 * definitions (features/leads/forms/*.ts), written in Spanish; the English
 * twin of this file translates them (fieldText).
 */
export const copy = {
  submitWhatsApp: "Enviar por WhatsApp",
  cancel: "Cancelar",
  close: "Cerrar",
  choose: "Elegí una opción",
  required: "obligatorio",
  requiredNote: "Los campos marcados con * son obligatorios.",
  privacyNotice: `${site.businessName} usa estos datos solo para responderte, no los comparte y los guarda ${site.leadsRetentionMonths} meses. Los campos sin * son opcionales. Podés pedir verlos, corregirlos o borrarlos en`,
  privacyLink: "Política de privacidad",
  honeypot: "No completar",
  noScriptNoService:
    "Para enviar este formulario hace falta JavaScript. Escribinos directo por WhatsApp o al email de abajo.",
  noScriptWhatsApp: "Abrir WhatsApp",
  charactersLeft: (count: number) => (count === 1 ? "queda 1 carácter" : `quedan ${count} caracteres`),
  openWhatsApp: "Abrir WhatsApp",
  readyTitle: "Tu solicitud está lista",
  readyText: "Tu navegador no abrió WhatsApp automáticamente. Tocá el botón para enviarnos el mensaje.",
  sending: "Enviando solicitud...",
  expressSuccess: `Solicitud enviada correctamente. ${site.appraiserName} te contactará en breve.`,
  expressError: "Error al enviar la solicitud. Por favor, intenta nuevamente.",
  notRecorded: `Importante: nuestro sistema no pudo registrar tu solicitud. Enviá el mensaje en WhatsApp para que le llegue a ${site.appraiserName}.`,
  offPlanSubmit: "Enviar consulta",
  offPlanSending: "Enviando consulta...",
  offPlanSuccess: `¡Gracias! Recibimos tu consulta. ${site.appraiserName} te va a contactar en breve.`,
  offPlanHandedOff: `¡Gracias! Abrimos WhatsApp con tu consulta: enviá el mensaje y ${site.appraiserName} te responde en breve.`,
  offPlanError:
    "No pudimos enviar tu consulta en este momento. Tus respuestas siguen acá: enviánoslas por WhatsApp y te respondemos igual.",
} as const;

export const { translateFieldText, messageOpening } = formWords();
