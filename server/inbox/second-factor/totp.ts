import { Secret, TOTP } from "otpauth";
import { renderSVG } from "uqr";

import type { TotpEnrolment } from "#app/features/inbox/second-factor.ts";

/**
 * Authenticator codes (RFC 6238): SHA-1, six digits, 30-second steps, what
 * every authenticator app reads from the QR code. A code is checked against
 * the step before and after too (a phone's clock a little off), and the
 * caller accepts each step once.
 */
const period = 30;

function totpOf(secret: string, issuer: string, label: string): TOTP {
  return new TOTP({ issuer, label, algorithm: "SHA1", digits: 6, period, secret: Secret.fromBase32(secret) });
}

export function drawTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function enrolment(secret: string, issuer: string, label: string): TotpEnrolment {
  const uri = totpOf(secret, issuer, label).toString();
  return {
    secret: secret.replace(/(.{4})(?!$)/g, "$1 "),
    uri,
    qrSvg: renderSVG(uri, { border: 2, ecc: "M" }),
  };
}

/** The time step a code belongs to, or undefined when it matches none near `now`. */
export function stepOfCode(secret: string, code: string, now: Date): number | undefined {
  const token = code.replace(/\s/g, "");
  if (!/^\d{6}$/.test(token)) return undefined;
  const timestamp = now.getTime();
  const delta = TOTP.validate({ token, secret: Secret.fromBase32(secret), period, timestamp, window: 1 });
  return delta === null ? undefined : TOTP.counter({ period, timestamp }) + delta;
}
