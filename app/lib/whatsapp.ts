/**
 * WhatsApp click-to-chat link: https://wa.me/<digits>?text=<encoded text>.
 * encodeURIComponent keeps every character the visitor typed (accents, emoji,
 * & # % + ? = /, line breaks) intact once WhatsApp decodes it.
 */
export function buildWhatsAppUrl(phoneDigits: string, text: string): string {
  return `${whatsAppChatUrl(phoneDigits)}?text=${encodeURIComponent(text)}`;
}

/** The chat with no message typed in: what a page shows when it cannot know the message. */
export function whatsAppChatUrl(phoneDigits: string): string {
  return `https://wa.me/${phoneDigits.replace(/\D/g, "")}`;
}
