import type { Contact } from "./lead-types.ts";

/**
 * The columns a lead is found by: its e-mail and phone keys (a data-subject
 * request) and its search text (the inbox's search box).
 */

export function emailKey(email: string | null): string | null {
  const key = email?.trim().toLowerCase();
  // No stored e-mail holds a control character (PostgreSQL refuses a NUL in text): none matches.
  if (key && /\p{Cc}/u.test(key)) return null;
  return key || null;
}

export function phoneKey(phone: string | null): string | null {
  const digits = phone?.replace(/\D/g, "") ?? "";
  return digits.length >= 6 ? digits.slice(-8) : null;
}

export function normaliseForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .replace(/\p{Cc}/gu, "")
    .trim();
}

export function searchText(contact: Contact): string {
  const phoneDigits = contact.phone?.replace(/\D/g, "") ?? "";
  return [contact.name, contact.email, contact.phone, phoneDigits]
    .filter(Boolean)
    .map((part) => normaliseForSearch(part!))
    .join(" | ");
}
