/** Links for a phone number as a visitor typed it. */
export { whatsappDigits } from "../../lib/phone-digits.ts";

/** A tel: URI: the digits and a leading plus, nothing a dialler would choke on. */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  if (digits.length < 6) return null;
  return `tel:${phone.trim().startsWith("+") ? "+" : ""}${digits}`;
}
