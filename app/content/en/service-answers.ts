/** The lead service's answers to a form posted from an English page (see the Spanish twin). */
export const serviceAnswers = {
  formNotFoundTitle: "Form not found",
  failedTitle: "We could not record your request",
  answersKept: "Your answers are not lost: send them on WhatsApp with one tap.",
  openWhatsApp: "Open WhatsApp",
  home: "Back to the home page",
  formNotFound: "That form does not exist.",
  originRefused: "Origin not allowed.",
  rateLimited:
    "We have received many requests from your connection. Wait a minute or message us on WhatsApp.",
  notFormData: "The form must be sent as form data.",
  tooLarge: "The form is too large.",
  unreadable: "We could not read the form you sent.",
  unavailable: "The service is not available right now.",
  tooLong: (label: string, max: number) => `“${label}” takes up to ${max} characters.`,
  missing: (labels: readonly string[]) => `Some required details are missing: ${labels.join(", ")}.`,
};
