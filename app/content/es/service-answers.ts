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
  stalled: "El envío se cortó a mitad de camino: tu conexión dejó de mandar datos. Probá de nuevo.",
  unavailable: "El servicio no está disponible en este momento.",
  /** A refused answer: the page's summary, then one message next to each field. */
  invalidTitle: "Revisá tus respuestas",
  invalid: (labels: readonly string[]) => `Revisá estos datos: ${labels.join(", ")}.`,
  fixAndResend: "Corregí lo marcado y volvé a enviar.",
  resend: "Enviar de nuevo",
  choose: "Elegí una opción",
  requiredMark: "obligatorio",
  honeypot: "No completar",
  missing: "Completá este dato.",
  tooLong: (max: number) => `Escribí hasta ${max} caracteres.`,
  notAnOption: "Elegí una de las opciones de la lista.",
  tooManyChoices: (max: number) => `Elegí como mucho ${max} opciones de la lista.`,
  notANumber: "Escribí solo el número, por ejemplo 85 o 85.5.",
  outOfRange: (min: number, max: number) =>
    `Escribí un número entre ${min} y ${max.toLocaleString("es-AR")}.`,
  email: "Escribí un email completo, por ejemplo nombre@ejemplo.com.",
  phone: "Escribí un teléfono con código de área: de 8 a 15 números, por ejemplo 11 5555-5555.",
  unknownField: "Este formulario no tiene ese campo.",
};
