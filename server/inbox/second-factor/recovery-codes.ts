import { createHash, randomInt } from "node:crypto";

import type { FactorContext } from "./factor-context.ts";

/**
 * Recovery codes: 16 characters of Crockford's base32 (80 random bits), shown
 * as four groups of four. Only their SHA-256 is stored: at 80 bits a copy of
 * the database does not give them back, and a slow hash would only slow the
 * owner down. They come with the first factor added, go with the last one
 * removed, and are spent by typed-codes.ts.
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

/** Ten new recovery codes; every earlier one stops working. */
export async function regenerateRecoveryCodes(context: FactorContext): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, drawRecoveryCode);
  const createdAt = context.now().toISOString();
  await context.rows.replaceRecoveryCodes(
    codes.map((code) => recoveryCodeHash(normaliseRecoveryCode(code)!)),
    createdAt,
  );
  return codes;
}

/** Called after a factor is removed: without any factor left, recovery codes have nothing to recover. */
export async function clearRecoveryCodesIfNoFactorLeft(context: FactorContext): Promise<void> {
  if (!(await context.rows.anyFactor())) await context.rows.clearRecoveryCodes();
}
