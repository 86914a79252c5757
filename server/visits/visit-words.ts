/** What the client reads outside the link's page: the offer's WhatsApp message and e-mail (decision 0039). */
export const offerWords = {
  es: {
    whatsapp: (business: string, link: string) =>
      `Hola, soy de ${business}. Para la visita de tasación, elegí el horario que te quede mejor en este enlace (se confirma en el momento): ${link}`,
    subject: (business: string) => `${business}: elegí el horario de la visita`,
    intro: "Para la visita de tasación te proponemos estos horarios (hora de Buenos Aires):",
    pick: "Elegir horario",
  },
  en: {
    whatsapp: (business: string, link: string) =>
      `Hello, this is ${business}. For the valuation visit, choose the time that suits you best at this link (it is confirmed at once): ${link}`,
    subject: (business: string) => `${business}: choose a time for the visit`,
    intro: "For the valuation visit we offer these times (Buenos Aires time):",
    pick: "Choose a time",
  },
} as const;
