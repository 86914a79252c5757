/**
 * WhatsApp click-to-chat link: https://wa.me/<digits>?text=<encoded text>.
 * encodeURIComponent keeps every character the visitor typed (accents, emoji,
 * & # % + ? = /, line breaks) intact once WhatsApp decodes it.
 */
export function buildWhatsAppUrl(phoneDigits: string, text: string): string {
  const digits = phoneDigits.replace(/\D/g, "");
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}
