import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { Store } from "../../server/storage/store.ts";
import {
  absoluteTimeoutMs,
  idleTimeoutMs,
  OwnerAuth,
  sha256,
  type LoginAttempt,
} from "../../server/inbox/owner-auth.ts";
import { storageBackends } from "../tools/storage-backends.ts";

/** The owner account, sessions and login throttle on a real SQLite file and a real PostgreSQL server. */
const backends = storageBackends("inbox_auth");

const password = "una contraseña larga";
const minutes = (count: number) => count * 60_000;

describe.each(backends)("inbox owner and sessions on $name", { timeout: 60_000 }, (backend) => {
  let store: Store;
  let clock: Date;
  let auth: OwnerAuth;
  let hasFactor = true;
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const attempt = (overrides: Partial<LoginAttempt> = {}): LoginAttempt => ({
    email: "Titular@Ejemplo.com",
    password,
    address: "127.0.0.2",
    deviceToken: undefined,
    ...overrides,
  });

  beforeAll(async () => {
    store = await Store.open(await backend.options());
  }, 60_000);

  afterAll(async () => {
    await store.close();
  });

  beforeEach(async () => {
    clock = new Date("2026-05-14T15:00:00.000Z");
    auth = new OwnerAuth(store, { now: () => clock, hasFactor: async () => hasFactor });
    hasFactor = true;
    await auth.setOwner("titular@ejemplo.com", password);
  });

  /**
   * A sign-in through to its session: the password, then the second step
   * finished as a factor finishes it (tests/inbox/second-factor.test.ts and
   * first-factor.test.ts check the factors themselves).
   */
  async function signIn(login: LoginAttempt) {
    const result = await auth.login(login);
    if (result.outcome !== "second-factor") return result;
    const step = (await store.secondFactors.secondStep(sha256(result.stepToken)))!;
    await store.secondFactors.takeSecondStep(step.token_hash);
    return auth.openSession(step.device_hash ?? undefined, { factorConfirmed: true, trusted: true });
  }

  afterEach(async () => {
    await store.db.deleteFrom("inbox_owner").execute();
  });

  it("has no owner until one is set, and refuses short passwords and non-emails in Spanish", async () => {
    await store.db.deleteFrom("inbox_owner").execute();
    expect(await auth.ownerEmail()).toBeUndefined();
    await expect(auth.setOwner("titular@ejemplo.com", "corta")).rejects.toThrow(/al menos 12/);
    await expect(auth.setOwner("titular", password)).rejects.toThrow(/no parece un email/);
    await auth.setOwner(" Titular@Ejemplo.com ", password);
    expect(await auth.ownerEmail()).toBe("titular@ejemplo.com");
    const row = await store.db.selectFrom("inbox_owner").selectAll().executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$/);
    expect(row.password_hash).not.toContain(password);
  });

  it("signs in with the right e-mail (any case) and password, and nothing else", async () => {
    expect((await signIn(attempt({ password: "una contraseña largA" }))).outcome).toBe("wrong-credentials");
    expect((await signIn(attempt({ email: "otro@ejemplo.com" }))).outcome).toBe("wrong-credentials");
    const result = await signIn(attempt());
    expect(result.outcome).toBe("signed-in");
    if (result.outcome !== "signed-in") return;
    expect(result.sessionToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(result.newDeviceToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await auth.checkSession(result.sessionToken, { touch: true })).toEqual({
      state: "valid",
      email: "titular@ejemplo.com",
    });
    // Only hashes are stored: the database alone opens no session.
    const stored = await store.db.selectFrom("inbox_sessions").select("id_hash").execute();
    expect(stored.map((row) => row.id_hash)).not.toContain(result.sessionToken);
    expect(await auth.checkSession(stored[0]!.id_hash, { touch: true })).toEqual({ state: "unknown" });
  });

  it("the right password alone opens no session: a second step, or the first sign-in while there is no factor", async () => {
    const withFactor = await auth.login(attempt());
    expect(withFactor.outcome).toBe("second-factor");
    hasFactor = false;
    const first = await auth.login(attempt());
    expect(first.outcome).toBe("first-factor");
    expect(await store.db.selectFrom("inbox_sessions").selectAll().execute()).toEqual([]);
  });

  it("a session left from before the first factor ends once there is none", async () => {
    const result = await signIn(attempt());
    if (result.outcome !== "signed-in") throw new Error(result.outcome);
    hasFactor = false;
    expect((await auth.checkSession(result.sessionToken, { touch: true })).state).toBe("expired");
    expect((await auth.checkSession(result.sessionToken, { touch: true })).state).toBe("unknown");
  });

  it("ends a session after 30 idle minutes, unless the owner was active", async () => {
    const result = await signIn(attempt());
    if (result.outcome !== "signed-in") throw new Error(result.outcome);
    const token = result.sessionToken;
    advance(minutes(29));
    expect((await auth.checkSession(token, { touch: true })).state).toBe("valid");
    advance(minutes(29));
    // Background refreshes do not count as activity.
    expect((await auth.checkSession(token, { touch: false })).state).toBe("valid");
    advance(minutes(1));
    expect((await auth.checkSession(token, { touch: false })).state).toBe("expired");
    expect((await auth.checkSession(token, { touch: true })).state).toBe("unknown");
    expect(idleTimeoutMs).toBe(minutes(30));
  });

  it("ends a session 12 hours after sign-in, however active", async () => {
    const result = await signIn(attempt());
    if (result.outcome !== "signed-in") throw new Error(result.outcome);
    for (let elapsed = 0; elapsed < absoluteTimeoutMs - minutes(20); elapsed += minutes(20)) {
      advance(minutes(20));
      expect((await auth.checkSession(result.sessionToken, { touch: true })).state).toBe("valid");
    }
    advance(minutes(20));
    expect((await auth.checkSession(result.sessionToken, { touch: true })).state).toBe("expired");
  });

  it("ends the session at logout, and every session when the password is reset", async () => {
    const first = await signIn(attempt());
    const second = await signIn(attempt({ address: "127.0.0.3" }));
    if (first.outcome !== "signed-in" || second.outcome !== "signed-in") throw new Error("no sign-in");
    await auth.logout(first.sessionToken);
    expect((await auth.checkSession(first.sessionToken, { touch: true })).state).toBe("unknown");
    expect((await auth.checkSession(second.sessionToken, { touch: true })).state).toBe("valid");
    await auth.setOwner("titular@ejemplo.com", "otra contraseña larga");
    expect((await auth.checkSession(second.sessionToken, { touch: true })).state).toBe("unknown");
    expect((await signIn(attempt())).outcome).toBe("wrong-credentials");
  });

  it("makes a guesser wait longer after each failure, without checking passwords meanwhile", async () => {
    const guess = (address = "127.0.0.9") => signIn(attempt({ password: "adivinanza mala", address }));
    for (let failure = 1; failure <= 5; failure++) expect((await guess()).outcome).toBe("wrong-credentials");
    expect(await guess()).toEqual({ outcome: "throttled", retryAfterSeconds: 1 });
    // Even the right password waits: nothing is checked during the delay.
    expect(await signIn(attempt({ address: "127.0.0.9" }))).toEqual({
      outcome: "throttled",
      retryAfterSeconds: 1,
    });
    advance(1000);
    expect((await guess()).outcome).toBe("wrong-credentials");
    expect(await guess()).toEqual({ outcome: "throttled", retryAfterSeconds: 2 });
    advance(2000);
    expect((await guess()).outcome).toBe("wrong-credentials");
    expect(await guess()).toEqual({ outcome: "throttled", retryAfterSeconds: 4 });
  });

  it("counts parallel guesses one after another", async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => signIn(attempt({ password: "adivinanza mala", address: "127.0.0.8" }))),
    );
    expect(results.map((result) => result.outcome)).toEqual([
      ...Array(5).fill("wrong-credentials"),
      ...Array(3).fill("throttled"),
    ]);
  });

  it("slows a guesser spread over many addresses, but not the owner's own browser", async () => {
    const owner = await signIn(attempt({ address: "127.0.0.2" }));
    if (owner.outcome !== "signed-in") throw new Error(owner.outcome);
    const deviceToken = owner.newDeviceToken;
    for (let address = 10; address < 16; address++) {
      await signIn(attempt({ password: "adivinanza mala", address: `127.0.0.${address}` }));
    }
    // The account is now waiting for any new browser…
    expect((await signIn(attempt({ address: "127.0.0.20" }))).outcome).toBe("throttled");
    // …but the browser the owner signed in from before goes straight in.
    const again = await signIn(attempt({ address: "127.0.0.2", deviceToken }));
    expect(again.outcome).toBe("signed-in");
    expect(again.outcome === "signed-in" ? again.newDeviceToken : "no sign-in").toBeUndefined();
    // And the account's own wait never exceeds a minute.
    advance(60_000);
    expect((await signIn(attempt({ address: "127.0.0.21" }))).outcome).toBe("signed-in");
  });

  it("signs the owner's browser in while 60 strangers guess from 60 addresses, not after their checks", async () => {
    const first = await signIn(attempt({ address: "127.0.0.2" }));
    if (first.outcome !== "signed-in") throw new Error(first.outcome);
    const pending = new Set<number>();
    const strangers = Array.from({ length: 60 }, (_, index) => {
      pending.add(index);
      return auth
        .login({
          // Half guess the owner's account, half invent one: both kinds of key.
          email: index % 2 ? "titular@ejemplo.com" : `alguien-${index}@ejemplo.com`,
          password: "adivinanza mala",
          address: `198.51.100.${index + 1}`,
          deviceToken: undefined,
        })
        .finally(() => pending.delete(index));
    });
    const owner = await signIn(attempt({ address: "127.0.0.2", deviceToken: first.newDeviceToken }));
    expect(owner.outcome).toBe("signed-in");
    // The strangers' checks were not all made before the owner's: some are still waiting.
    expect(pending.size).toBeGreaterThan(0);
    const outcomes = (await Promise.all(strangers)).map((result) => result.outcome);
    expect(outcomes).not.toContain("signed-in");
    // Past the few checked at once and the short line, a stranger is told to retry, unchecked.
    expect(outcomes.filter((outcome) => outcome === "throttled").length).toBeGreaterThan(30);
  });

  it("counts an IPv6 guesser by its /64, whichever address of it each guess comes from", async () => {
    for (let guess = 1; guess <= 5; guess++)
      expect(
        (await signIn(attempt({ password: "adivinanza mala", address: `2001:db8:5:6::${guess}` }))).outcome,
      ).toBe("wrong-credentials");
    expect(await signIn(attempt({ password: "adivinanza mala", address: "2001:db8:5:6:ffff::9" }))).toEqual({
      outcome: "throttled",
      retryAfterSeconds: 1,
    });
    // Another /64 is another household.
    advance(60_000);
    expect((await signIn(attempt({ address: "2001:db8:5:7::1" }))).outcome).toBe("signed-in");
  });

  it("a control character (NUL) in the e-mail is a wrong login, not a database error", async () => {
    expect(await signIn(attempt({ email: "titular@ejemplo.com\u0000" }))).toEqual({
      outcome: "wrong-credentials",
    });
    expect(await signIn(attempt({ email: "\u0000" }))).toEqual({ outcome: "wrong-credentials" });
  });

  it("forgets ended sessions and old failures when pruned", async () => {
    const result = await signIn(attempt());
    if (result.outcome !== "signed-in") throw new Error(result.outcome);
    await signIn(attempt({ password: "adivinanza mala" }));
    advance(25 * 60 * 60_000);
    await auth.prune();
    expect(await store.db.selectFrom("inbox_sessions").selectAll().execute()).toEqual([]);
    expect(await store.db.selectFrom("inbox_login_failures").selectAll().execute()).toEqual([]);
    expect((await store.db.selectFrom("inbox_devices").selectAll().execute()).length).toBe(1);
  });
});
