/**
 * WhatsApp's digits for a phone number as someone typed it: a visitor in a
 * form, the owner in the site's editor. Argentines write numbers in every
 * local form ("11 5555-5555", "011 15 5555-5555", "+54 9 11 5555 5555");
 * WhatsApp needs the international mobile form
 * 54 9 <area> <number>, without the leading 0 and the "15".
 */

/** Digits for https://wa.me/<digits>, or null when the number is too short to be one. */
export function whatsappDigits(phone: string): string | null {
  const hasPlus = phone.trim().startsWith("+");
  let digits = phone.replace(/\D/g, "");
  if (hasPlus && !digits.startsWith("54")) return digits.length >= 8 ? digits : null;
  if (digits.startsWith("549") && digits.length === 13) return digits;
  if (digits.startsWith("54") && digits.length === 12) return `549${digits.slice(2)}`;
  if (digits.startsWith("0")) digits = digits.slice(1);
  if (digits.length === 12) digits = withoutMobilePrefix(digits);
  return digits.length === 10 ? `549${digits}` : null;
}

/** "11 15 5555-5555": area code of 2 to 4 digits, then 15, then the subscriber number. */
function withoutMobilePrefix(digits: string): string {
  for (const areaLength of [2, 3, 4]) {
    if (digits.slice(areaLength, areaLength + 2) === "15")
      return digits.slice(0, areaLength) + digits.slice(areaLength + 2);
  }
  return digits;
}

/**
 * A phone as people type it (spaces, dashes, dots, parentheses, a leading +)
 * with 8 to 15 digits. Written so it means the same under the browser's v flag
 * and the service's: every special character in a class is escaped.
 */
export const phonePattern = String.raw`(?=(?:\D*\d){8,15}\D*$)\+?[\d\s\(\)\.\-]+`;
