import { createHash, randomInt } from "node:crypto";

/**
 * Recovery codes: 16 characters of Crockford's base32 (80 random bits), shown
 * as four groups of four. Only their SHA-256 is stored: at 80 bits a copy of
 * the database does not give them back, and a slow hash would only slow the
 * owner down.
 */
export const recoveryCodeCount = 10;
const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const length = 16;

export function drawRecoveryCode(): string {
  const characters = Array.from({ length }, () => alphabet[randomInt(alphabet.length)]!);
  return characters.join("").replace(/(.{4})(?!$)/g, "$1-");
}

/** What the owner typed, as stored: upper case, no spaces or dashes, the letters people mistake read as digits. */
export function normaliseRecoveryCode(typed: string): string | undefined {
  const code = typed.toUpperCase().replace(/[\s-]/g, "").replace(/O/g, "0").replace(/[IL]/g, "1");
  return code.length === length && [...code].every((character) => alphabet.includes(character))
    ? code
    : undefined;
}

export function recoveryCodeHash(normalised: string): string {
  return createHash("sha256").update(`recovery:${normalised}`).digest("hex");
}
