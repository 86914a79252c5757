/**
 * Growing delays after failed logins, counted separately per client address,
 * per account (the e-mail typed) and per trusted device. After a few free
 * attempts each further failure doubles the wait before the next attempt is
 * even checked, up to a cap.
 *
 * The per-account delay is what stops a guesser spread over many addresses;
 * it would also let that guesser keep the owner waiting. So a browser the
 * owner has signed in from before (it holds a device cookie) is counted by
 * its device instead of by the account, and the account's own cap stays short.
 */

export type ThrottleKind = "address" | "account" | "device";

export const throttleLimits: Record<ThrottleKind, { freeAttempts: number; capSeconds: number }> = {
  address: { freeAttempts: 5, capSeconds: 15 * 60 },
  account: { freeAttempts: 5, capSeconds: 60 },
  device: { freeAttempts: 5, capSeconds: 15 * 60 },
};

/** Failures older than this are forgotten. */
export const failureMemoryMs = 24 * 60 * 60_000;

export type FailureRecord = { failures: number; lastFailureAt: Date };

/** Seconds to wait after `failures` consecutive failures before the next attempt (0 = none). */
export function delaySeconds(kind: ThrottleKind, failures: number): number {
  const { freeAttempts, capSeconds } = throttleLimits[kind];
  if (failures < freeAttempts) return 0;
  return Math.min(2 ** (failures - freeAttempts), capSeconds);
}

/** Whole seconds until the next attempt may be checked, 0 when it may be now. */
export function secondsUntilAllowed(
  kind: ThrottleKind,
  record: FailureRecord | undefined,
  now: Date,
): number {
  if (!record || isForgotten(record, now)) return 0;
  const allowedAt = record.lastFailureAt.getTime() + delaySeconds(kind, record.failures) * 1000;
  return Math.max(0, Math.ceil((allowedAt - now.getTime()) / 1000));
}

function isForgotten(record: FailureRecord, now: Date): boolean {
  return now.getTime() - record.lastFailureAt.getTime() > failureMemoryMs;
}
