import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";

/**
 * The owner's password: scrypt from Node's crypto (N = 2^15, r = 8, p = 1,
 * 32 MiB and about 100 ms per hash here), a random 16-byte salt, stored as
 * `scrypt$N$r$p$salt$hash` so the cost can be raised later without breaking
 * old hashes.
 */

export const minimumPasswordLength = 12;
const maximumPasswordLength = 1024;
const cost = { N: 2 ** 15, r: 8, p: 1 };
const keyLength = 32;

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keyLength: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

function derive(password: string, salt: Buffer, parameters: typeof cost): Promise<Buffer> {
  // maxmem above the 128·N·r bytes scrypt needs (Node's default stops at 32 MiB exactly).
  return scryptAsync(password.normalize("NFC"), salt, keyLength, {
    ...parameters,
    maxmem: 256 * parameters.N * parameters.r,
  });
}

/** Why a password is refused, in Spanish, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < minimumPasswordLength)
    return `La contraseña es demasiado corta: tiene ${length} caracteres y necesita al menos ${minimumPasswordLength}.`;
  if (length > maximumPasswordLength)
    return `La contraseña es demasiado larga: admite hasta ${maximumPasswordLength} caracteres.`;
  if (password.trim() === "") return "La contraseña no puede ser solo espacios.";
  // A password field drops line breaks and other control characters cannot be typed in it:
  // a password holding them could never be sent by the login form.
  if ([...password].some((character) => character < " " || character === "\u007f"))
    return "La contraseña no puede tener saltos de línea, tabulaciones ni otros caracteres de control: el formulario de ingreso no podría enviarla.";
  return null;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, cost);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), hash.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, N, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await derive(password, Buffer.from(salt, "base64"), {
    N: Number(N),
    r: Number(r),
    p: Number(p),
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Compared against when the e-mail is not the owner's, so both answers take as long. */
export const decoyHash = await hashPassword(randomBytes(16).toString("base64"));
