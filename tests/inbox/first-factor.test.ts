import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { OwnerAuth, type LoginAttempt } from "../../server/inbox/owner-auth.ts";
import { newFactorWaitMs } from "../../server/inbox/second-factor/factor-context.ts";
import {
  issueFirstFactorCode,
  mailedCodeSpacingMs,
  printedCodeLifetimeMs,
} from "../../server/inbox/second-factor/owner-codes.ts";
import { relyingParties } from "../../server/inbox/second-factor/relying-party.ts";
import { createSecondFactors, type SecondFactors } from "../../server/inbox/second-factor/second-factors.ts";
import { Store } from "../../server/storage/store.ts";
import { storageBackends } from "../tools/storage-backends.ts";
import { enrolOwner, totpCode } from "./enrolled-owner.ts";

/**
 * The first factor and what a new factor may do (decision 0024), as an
 * attacker who holds the password would try it, on a real SQLite file and a
 * real PostgreSQL server. Each test fails if its attack works.
 */
const backends = storageBackends("inbox_first_factor");
const password = "una contraseña larga";
const email = "titular@ejemplo.com";
const seconds = (count: number) => count * 1000;

describe.each(backends)("the first factor on $name", { timeout: 60_000 }, (backend) => {
  let store: Store;
  let clock: Date;
  let auth: OwnerAuth;
  let factors: SecondFactors;
  let notMeTokens: string[];
  let mailed: string[];
  const now = () => clock;
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const attempt = (overrides: Partial<LoginAttempt> = {}): LoginAttempt => ({
    email,
    password,
    address: "198.51.100.7",
    deviceToken: undefined,
    ...overrides,
  });
  const stepOf = async (overrides: Partial<LoginAttempt> = {}) => {
    const result = await auth.login(attempt(overrides));
    if (result.outcome !== "first-factor" && result.outcome !== "second-factor")
      throw new Error(result.outcome);
    return result.stepToken;
  };
  const sessions = () => store.db.selectFrom("inbox_sessions").selectAll().execute();

  beforeAll(async () => {
    store = await Store.open(await backend.options());
  }, 60_000);
  afterAll(async () => {
    await store.close();
  });
  beforeEach(async () => {
    clock = new Date("2026-05-14T15:00:00.000Z");
    notMeTokens = [];
    mailed = [];
    auth = new OwnerAuth(store, { now, hasFactor: () => store.secondFactors.anyFactor() });
    factors = createSecondFactors({
      store,
      auth,
      relyingPartyOf: relyingParties([]),
      issuer: () => "Madero Tasaciones",
      onChange: async (_change, token) => void (token && notMeTokens.push(token)),
      mailFirstFactorCode: async (code) => (mailed.push(code), true),
      now,
    });
    await auth.setOwner(email, password);
  });

  it("a stolen password alone opens no session, enrols no factor and reaches no authenticator secret", async () => {
    await issueFirstFactorCode(store.secondFactors, now(), printedCodeLifetimeMs, { replace: true });
    const step = await stepOf();
    // Straight to the factor, skipping the code: nothing.
    expect(await factors.firstTotp(step)).toBeUndefined();
    expect(await factors.firstPasskeyOptions(step, "http://localhost:3000")).toBeUndefined();
    expect((await factors.enrolFirstTotp(step, "123456")).outcome).toBe("rejected");
    // The security page's own paths need a session, which the password never gives.
    expect((await factors.enableTotp(undefined, "123456")).outcome).toBe("rejected");
    expect(await factors.registrationOptions(undefined, "http://localhost:3000")).toBeUndefined();
    // A code made up, and a recovery-code-shaped guess: refused.
    expect((await factors.verifyFirstFactorCode(step, "ABCD-EFGH-JKMN-PQRS")).outcome).toBe("rejected");
    expect((await factors.verifyFirstFactorCode(step, "000000")).outcome).toBe("rejected");
    expect(await factors.hasAny()).toBe(false);
    expect(await sessions()).toEqual([]);
    expect(await factors.firstSignInStage(step)).toBe("code");
  });

  it("the printed code works once: a replay, on another sign-in, opens nothing; only its hash is stored", async () => {
    const { code } = await issueFirstFactorCode(store.secondFactors, now(), printedCodeLifetimeMs, {
      replace: true,
    });
    const stored = JSON.stringify(await store.db.selectFrom("inbox_owner_codes").selectAll().execute());
    expect(stored).not.toContain(code.replace(/-/g, ""));
    const owners = await stepOf();
    expect(await factors.verifyFirstFactorCode(owners, code.toLowerCase())).toEqual({ outcome: "verified" });
    const thiefs = await stepOf({ address: "203.0.113.9" });
    expect((await factors.verifyFirstFactorCode(thiefs, code)).outcome).toBe("rejected");
    expect(await factors.firstTotp(thiefs)).toBeUndefined();
    // A second step of the same first sign-in cannot be verified twice either.
    expect((await factors.verifyFirstFactorCode(owners, code)).outcome).toBe("rejected");
  });

  it("an expired code is refused, and a new run of the command voids the earlier code", async () => {
    const { code: old } = await issueFirstFactorCode(store.secondFactors, now(), printedCodeLifetimeMs, {
      replace: true,
    });
    const { code } = await issueFirstFactorCode(store.secondFactors, now(), printedCodeLifetimeMs, {
      replace: true,
    });
    expect((await factors.verifyFirstFactorCode(await stepOf(), old)).outcome).toBe("rejected");
    advance(printedCodeLifetimeMs);
    expect((await factors.verifyFirstFactorCode(await stepOf(), code)).outcome).toBe("rejected");
  });

  it("a first sign-in lasts 15 minutes: its code is not taken after that", async () => {
    const { code } = await issueFirstFactorCode(store.secondFactors, now(), printedCodeLifetimeMs, {
      replace: true,
    });
    const step = await stepOf();
    advance(15 * 60_000);
    expect((await factors.verifyFirstFactorCode(step, code)).outcome).toBe("rejected");
    expect(await factors.firstSignInStage(step)).toBeUndefined();
  });

  it("codes guessed in a loop wait longer and longer within a sign-in, and never delay the owner's own sign-in", async () => {
    const { code } = await issueFirstFactorCode(store.secondFactors, now(), printedCodeLifetimeMs, {
      replace: true,
    });
    const thiefs = await stepOf({ address: "203.0.113.9" });
    const outcomes: string[] = [];
    for (let guess = 0; guess < 8; guess++) {
      const result = await factors.verifyFirstFactorCode(thiefs, `ABCD-EFGH-JKMN-PQ${10 + guess}`);
      outcomes.push(result.outcome === "throttled" ? `wait ${result.retryAfterSeconds}` : result.outcome);
    }
    expect(outcomes.slice(0, 6)).toEqual([...Array(5).fill("rejected"), "wait 1"]);
    const owners = await stepOf();
    expect(await factors.verifyFirstFactorCode(owners, code)).toEqual({ outcome: "verified" });
  });

  it("the enrolled first factor opens the session, trusted, with ten recovery codes; the code cannot enrol a second", async () => {
    const owner = await enrolOwner(store, auth, factors, { email, password }, now);
    expect(owner.recoveryCodes).toHaveLength(10);
    expect(await factors.freshness(owner.sessionToken)).toMatchObject({ factor: true, trustedFactor: true });
    const codesLeft = store.db
      .selectFrom("inbox_owner_codes")
      .selectAll()
      .where("purpose", "=", "first-factor");
    expect(await codesLeft.execute()).toEqual([]);
    // With a factor, the password leads to the second step, never to a first sign-in.
    const step = await stepOf();
    expect(await factors.firstSignInStage(step)).toBeUndefined();
    expect(await factors.firstTotp(step)).toBeUndefined();
  });

  it("an e-mailed code works like the printed one, at most one every five minutes", async () => {
    const step = await stepOf();
    expect(await factors.mailFirstFactorCode(step)).toBe("sent");
    expect(await factors.mailFirstFactorCode(step)).toBe("wait");
    expect(mailed).toHaveLength(1);
    advance(mailedCodeSpacingMs);
    expect(await factors.mailFirstFactorCode(step)).toBe("sent");
    expect(await factors.verifyFirstFactorCode(step, mailed[0]!)).toEqual({ outcome: "verified" });
  });

  it("a factor added after a recovery code waits three days before it confirms a publication or a factor change", async () => {
    const owner = await enrolOwner(store, auth, factors, { email, password }, now);
    advance(seconds(30));
    // Someone with the password and one recovery code signs in…
    const recovered = await factors.finishWithCode(await stepOf(), owner.recoveryCodes[0]!);
    if (recovered.outcome !== "signed-in") throw new Error(recovered.outcome);
    const session = recovered.sessionToken;
    expect(await factors.freshness(session)).toMatchObject({ factor: true, trustedFactor: false });
    // …and adds their own authenticator app: beside the owner's, never in its place (decision 0035).
    expect((await factors.confirmPassword(session, password)).outcome).toBe("accepted");
    const { secret } = (await factors.beginTotp(session))!;
    // Another session never sees the secret this one drew.
    expect(await factors.pendingTotp(owner.sessionToken)).toBeUndefined();
    const added = await factors.enableTotp(session, totpCode(secret, now()));
    expect(added).toMatchObject({ outcome: "added", trustedFrom: expect.any(String) });
    const apps = (await factors.overview()).apps;
    expect(apps).toHaveLength(2);
    expect(apps[0]!.waitsUntilText).toBeNull();
    expect(apps[1]!.waitsUntilText).toMatch(/^17\/05\/2026,? 12:00$/);
    // The owner's own app still signs her in.
    advance(seconds(30));
    expect((await factors.finishWithCode(await stepOf(), owner.codeAt(now()))).outcome).toBe("signed-in");
    // Every other session reads of the change; the one that made it does not need to.
    expect((await factors.factorChanges(owner.sessionToken)).map((change) => change.what)).toEqual([
      expect.stringMatching(
        /^Se agregó una app de autenticación \(agregada el .+\), junto a las que ya había\./,
      ),
    ]);
    expect(await factors.factorChanges(session)).toEqual([]);
    // Their new app signs in, but confirms nothing that needs a trusted factor.
    advance(seconds(30));
    const withNew = await factors.finishWithCode(await stepOf(), totpCode(secret, now()));
    if (withNew.outcome !== "signed-in") throw new Error(withNew.outcome);
    expect(await factors.freshness(withNew.sessionToken)).toMatchObject({
      factor: true,
      trustedFactor: false,
    });
    advance(seconds(30));
    expect((await factors.confirmWithCode(withNew.sessionToken, totpCode(secret, now()))).outcome).toBe(
      "accepted",
    );
    expect(await factors.freshness(withNew.sessionToken)).toMatchObject({ trustedFactor: false });
    // After the waiting period (the owner read the e-mail and did nothing), it counts.
    advance(newFactorWaitMs);
    const later = await factors.finishWithCode(await stepOf(), totpCode(secret, now()));
    if (later.outcome !== "signed-in") throw new Error(later.outcome);
    expect(await factors.freshness(later.sessionToken)).toMatchObject({ trustedFactor: true });
  });

  it("a factor added in a session a trusted factor confirmed is trusted at once", async () => {
    const owner = await enrolOwner(store, auth, factors, { email, password }, now);
    expect((await factors.confirmPassword(owner.sessionToken, password)).outcome).toBe("accepted");
    const { secret } = (await factors.beginTotp(owner.sessionToken))!;
    advance(seconds(30));
    const added = await factors.enableTotp(owner.sessionToken, totpCode(secret, now()));
    expect(added).toEqual({ outcome: "added" });
    expect((await factors.overview()).apps.map((app) => app.waitsUntilText)).toEqual([null, null]);
  });

  it("«no fui yo» freezes publishing and factor changes, once per link; resolving removes what was added since", async () => {
    // The owner's passkey from before, then someone's authenticator app after a recovery code.
    const owner = await enrolOwner(store, auth, factors, { email, password }, now);
    await store.db
      .insertInto("inbox_passkeys")
      .values({
        credential_id: "llave-del-titular",
        public_key: "clave",
        counter: 0,
        transports: "[]",
        name: "Teléfono",
        created_at: now().toISOString(),
        last_used_at: null,
      })
      .execute();
    advance(60_000);
    const recovered = await factors.finishWithCode(await stepOf(), owner.recoveryCodes[1]!);
    if (recovered.outcome !== "signed-in") throw new Error(recovered.outcome);
    await factors.confirmPassword(recovered.sessionToken, password);
    const { secret } = (await factors.beginTotp(recovered.sessionToken))!;
    expect((await factors.enableTotp(recovered.sessionToken, totpCode(secret, now()))).outcome).toBe("added");
    const link = notMeTokens.at(-1)!;

    expect(await factors.reportNotMe("inventado-por-alguien-123456")).toBe(false);
    expect(await factors.reportNotMe(link)).toBe(true);
    expect(await factors.reportNotMe(link)).toBe(false);
    expect(await factors.freshness(recovered.sessionToken)).toMatchObject({ frozen: true });
    expect((await factors.overview()).frozenSinceText).not.toBeNull();

    expect(await factors.unfreeze(owner.sessionToken)).toBe(true);
    expect(await factors.freshness(recovered.sessionToken)).toMatchObject({ frozen: false });
    const left = await factors.overview();
    // The owner's app from before stays; the one added after the recovery code went.
    expect(left.apps).toHaveLength(1);
    const [resolved] = await factors.factorChanges(recovered.sessionToken);
    expect(resolved!.what).toMatch(
      /se quitó lo agregado desde el cambio de «no fui yo»: la app de autenticación agregada el /,
    );
    expect(left.passkeys.map((passkey) => passkey.name)).toEqual(["Teléfono"]);
  });

  it("a stranger's wrong codes never keep the owner's known browser, or a recovery code, waiting", async () => {
    const owner = await enrolOwner(store, auth, factors, { email, password }, now);
    const ownerBrowser = await auth.openSession(undefined, { factorConfirmed: true, trusted: true });
    const deviceToken = ownerBrowser.newDeviceToken!;
    // A stranger with the password guesses codes from browser after browser, as fast as allowed.
    let waited = 0;
    let last = 0;
    for (let guess = 0; guess < 40; guess++) {
      const result = await factors.finishWithCode(
        await stepOf({ address: `203.0.113.${guess + 1}` }),
        String(100000 + guess),
      );
      if (result.outcome === "throttled") {
        last = result.retryAfterSeconds;
        waited += last;
        advance(seconds(last));
      }
    }
    // The strangers' bound: waits double up to an hour, so a day holds a few dozen guesses at most.
    expect(last).toBe(60 * 60);
    expect(waited).toBeGreaterThan(2 * 60 * 60);

    // The owner's own browser: its correct code goes straight in.
    const fromOwnerBrowser = await factors.finishWithCode(
      await stepOf({ address: "192.0.2.5", deviceToken }),
      owner.codeAt(now()),
    );
    expect(fromOwnerBrowser.outcome).toBe("signed-in");
    // A new browser of the owner's, with a recovery code: in too, whatever the strangers did.
    const fromNewBrowser = await factors.finishWithCode(
      await stepOf({ address: "192.0.2.6" }),
      owner.recoveryCodes[2]!,
    );
    expect(fromNewBrowser.outcome).toBe("signed-in");
  });
});
