/**
 * What the lead service answers a form posted without JavaScript when it
 * cannot store the lead (server/leads/pages.ts), in the language of the page
 * the form was on.
 */
export const serviceAnswers = {
  formNotFoundTitle: "Formulario no encontrado",
  failedTitle: "No pudimos registrar tu consulta",
  answersKept: "Tus respuestas no se perdieron: enviálas por WhatsApp con un toque.",
  openWhatsApp: "Abrir WhatsApp",
  home: "Volver al inicio",
  formNotFound: "Ese formulario no existe.",
  originRefused: "Origen no permitido.",
  rateLimited: "Recibimos muchas consultas desde tu conexión. Esperá un minuto o escribinos por WhatsApp.",
  notFormData: "El formulario debe enviarse como datos de formulario.",
  tooLarge: "El formulario es demasiado grande.",
  unreadable: "No pudimos leer el formulario enviado.",
  unavailable: "El servicio no está disponible en este momento.",
  tooLong: (label: string, max: number) => `«${label}» admite hasta ${max} caracteres.`,
  missing: (labels: readonly string[]) => `Faltan datos obligatorios: ${labels.join(", ")}.`,
};
