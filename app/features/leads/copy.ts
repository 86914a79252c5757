import { site } from "../../config/site.ts";

/** The lead forms' own interface text (the fields' text lives in forms/*.ts). */
export const copy = {
  submitWhatsApp: "Enviar por WhatsApp",
  cancel: "Cancelar",
  close: "Cerrar",
  choose: "Elegí una opción",
  required: "obligatorio",
  requiredNote: "Los campos marcados con * son obligatorios.",
  privacy: "Usamos tus datos solo para responder esta solicitud.",
  charactersLeft: (count: number) => (count === 1 ? "queda 1 carácter" : `quedan ${count} caracteres`),
  openWhatsApp: "Abrir WhatsApp",
  readyTitle: "Tu solicitud está lista",
  readyText: "Tu navegador no abrió WhatsApp automáticamente. Tocá el botón para enviarnos el mensaje.",
  sending: "Enviando solicitud...",
  expressSuccess: `Solicitud enviada correctamente. ${site.appraiserName} te contactará en breve.`,
  expressError: "Error al enviar la solicitud. Por favor, intenta nuevamente.",
  offPlanSubmit: "Enviar consulta",
  offPlanSending: "Enviando consulta...",
  offPlanSuccess: `¡Gracias! Recibimos tu consulta. ${site.appraiserName} te va a contactar en breve.`,
  offPlanError:
    "No pudimos enviar tu consulta: el servicio de formularios no respondió. Tus respuestas siguen acá; enviánoslas por WhatsApp y te respondemos igual.",
} as const;
