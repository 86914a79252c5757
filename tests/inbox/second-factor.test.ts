import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { OwnerAuth, type LoginAttempt } from "../../server/inbox/owner-auth.ts";
import { composeFactorEmail, factorMailer } from "../../server/inbox/second-factor/factor-mail.ts";
import { relyingParties } from "../../server/inbox/second-factor/relying-party.ts";
import { freshnessMs } from "../../server/inbox/second-factor/confirmation.ts";
import { createSecondFactors, type SecondFactors } from "../../server/inbox/second-factor/second-factors.ts";
import { smtpSender } from "../../server/leads/notify/email.ts";
import { Store } from "../../server/storage/store.ts";
import { startSmtpCatcher } from "../service/smtp-catcher.ts";
import { storageBackends } from "../tools/storage-backends.ts";
import { enrolOwner, storedPasskey } from "./enrolled-owner.ts";

/**
 * Authenticator codes, recovery codes, the second step of a password sign-in
 * and the fresh confirmation, on a real SQLite file and a real PostgreSQL
 * server. Each attack here fails the test if it works. (Passkeys need a
 * browser's authenticator: tests/e2e/second-factor.spec.ts.)
 */
const backends = storageBackends("inbox_second_factor");
const password = "una contraseña larga";
const seconds = (count: number) => count * 1000;

describe.each(backends)("the owner's second factor on $name", { timeout: 60_000 }, (backend) => {
  let store: Store;
  let clock: Date;
  let auth: OwnerAuth;
  let factors: SecondFactors;
  let changes: string[];
  const advance = (ms: number) => (clock = new Date(clock.getTime() + ms));
  const attempt: LoginAttempt = {
    email: "titular@ejemplo.com",
    password,
    address: "127.0.0.2",
    deviceToken: undefined,
  };
  const codeNow = (secret: string) =>
    TOTP.generate({ secret: Secret.fromBase32(secret.replace(/\s/g, "")), timestamp: clock.getTime() });

  beforeAll(async () => {
    store = await Store.open(await backend.options());
  }, 60_000);
  afterAll(async () => {
    await store.close();
  });
  beforeEach(async () => {
    clock = new Date("2026-05-14T15:00:00.000Z");
    changes = [];
    auth = new OwnerAuth(store, { now: () => clock, hasFactor: () => store.secondFactors.anyFactor() });
    await auth.setOwner("titular@ejemplo.com", password);
    factors = createSecondFactors({
      store,
      auth,
      relyingPartyOf: relyingParties(["https://www.tasaciones-madero.example"]),
      issuer: () => "Madero Tasaciones",
      onChange: async (change) => void changes.push(change.kind),
      now: () => clock,
    });
  });

  /** The owner's first sign-in (the printed code, then the authenticator app), as the owner does it. */
  async function withAuthenticatorApp() {
    const owner = await enrolOwner(store, auth, factors, { email: attempt.email, password }, () => clock);
    return { secret: owner.secret, session: owner.sessionToken, recoveryCodes: owner.recoveryCodes };
  }

  it("turns the app on only with a correct code, shows ten recovery codes once and stores only their hashes", async () => {
    const { uri, qrSvg } = (await factors.beginTotp("una-sesion"))!;
    expect(uri).toMatch(/^otpauth:\/\/totp\/Madero%20Tasaciones:titular%40ejemplo.com\?/);
    expect(qrSvg).toMatch(/^<svg /);
    // Without a session or a first sign-in, no code turns it on.
    expect((await factors.enableTotp(undefined, "000000")).outcome).toBe("rejected");
    expect(await factors.hasAny()).toBe(false);

    const codes = (await withAuthenticatorApp()).recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const stored = await store.db.selectFrom("inbox_recovery_codes").selectAll().execute();
    expect(stored).toHaveLength(10);
    const storedText = JSON.stringify(stored);
    for (const code of codes) expect(storedText).not.toContain(code.replace(/-/g, ""));
    expect(await factors.hasAny()).toBe(true);
    expect(changes).toEqual(["totp-added"]);
  });

  it("a password sign-in then needs the second step: an authenticator code opens the session, once", async () => {
    const { secret } = await withAuthenticatorApp();
    advance(seconds(30));
    const first = await auth.login(attempt);
    expect(first.outcome).toBe("second-factor");
    const step = (first as { stepToken: string }).stepToken;
    expect((await store.db.selectFrom("inbox_sessions").selectAll().execute()).length).toBe(1);

    const code = codeNow(secret);
    const signedIn = await factors.finishWithCode(step, code);
    expect(signedIn.outcome).toBe("signed-in");
    // The step is spent, and the same code never opens a second session.
    expect((await factors.finishWithCode(step, code)).outcome).toBe("rejected");
    const again = (await auth.login(attempt)) as { stepToken: string };
    expect((await factors.finishWithCode(again.stepToken, code)).outcome).toBe("rejected");
    // Nor does a code of an earlier step still inside the clock window.
    const earlier = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.getTime() - 30_000 });
    expect((await factors.finishWithCode(again.stepToken, earlier)).outcome).toBe("rejected");
  });

  it("codes guessed in a loop from a strange browser are throttled: after five, each wrong code doubles the wait, and the right one waits too", async () => {
    const { secret } = await withAuthenticatorApp();
    advance(seconds(30));
    const step = ((await auth.login(attempt)) as { stepToken: string }).stepToken;
    const outcomes: string[] = [];
    for (let guess = 0; guess < 7; guess++) {
      const result = await factors.finishWithCode(step, String(100000 + guess));
      outcomes.push(result.outcome === "throttled" ? `wait ${result.retryAfterSeconds}` : result.outcome);
      if (result.outcome === "throttled") advance(seconds(result.retryAfterSeconds));
    }
    expect(outcomes).toEqual([
      "rejected",
      "rejected",
      "rejected",
      "rejected",
      "rejected",
      "wait 1",
      "rejected",
    ]);
    const right = await factors.finishWithCode(step, codeNow(secret));
    expect(right).toEqual({ outcome: "throttled", retryAfterSeconds: 2 });
    advance(seconds(2));
    expect((await factors.finishWithCode(step, codeNow(secret))).outcome).toBe("signed-in");
  });

  it("a recovery code opens one sign-in and never another; new codes void the old ones", async () => {
    const { recoveryCodes } = await withAuthenticatorApp();
    const [first, second] = recoveryCodes;
    const step = () => auth.login(attempt).then((result) => (result as { stepToken: string }).stepToken);
    // Typed as people type it: lower case, spaces instead of dashes.
    expect(
      (await factors.finishWithCode(await step(), first!.toLowerCase().replace(/-/g, " "))).outcome,
    ).toBe("signed-in");
    expect((await factors.finishWithCode(await step(), first!)).outcome).toBe("rejected");
    expect((await factors.overview()).recoveryCodesLeft).toBe(9);

    const renewed = await factors.regenerateRecoveryCodes();
    expect((await factors.finishWithCode(await step(), second!)).outcome).toBe("rejected");
    expect((await factors.finishWithCode(await step(), renewed[0]!)).outcome).toBe("signed-in");
  });

  it("a second step is bound to its sign-in and ends after five minutes", async () => {
    const { secret } = await withAuthenticatorApp();
    const step = ((await auth.login(attempt)) as { stepToken: string }).stepToken;
    expect((await factors.finishWithCode("forjado", codeNow(secret))).outcome).toBe("rejected");
    advance(5 * 60_000);
    expect(await factors.secondStepValid(step)).toBe(false);
    expect((await factors.finishWithCode(step, codeNow(secret))).outcome).toBe("rejected");
  });

  it("a confirmation lasts ten minutes, for its own session only; the password typed again counts apart", async () => {
    const { secret, session } = await withAuthenticatorApp();
    const fresh = (factor: boolean, passwordAgain: boolean) => ({
      factor,
      trustedFactor: factor,
      password: passwordAgain,
      frozen: false,
    });
    expect(await factors.freshness(session)).toEqual(fresh(true, false));
    advance(freshnessMs);
    expect(await factors.freshness(session)).toEqual(fresh(false, false));
    expect((await factors.confirmPassword(session, "otra contraseña")).outcome).toBe("rejected");
    expect((await factors.confirmPassword(session, password)).outcome).toBe("accepted");
    expect(await factors.freshness(session)).toEqual(fresh(false, true));

    const other = (await factors.finishWithCode(
      ((await auth.login(attempt)) as { stepToken: string }).stepToken,
      codeNow(secret),
    )) as { sessionToken: string };
    advance(freshnessMs);
    advance(seconds(30));
    expect((await factors.confirmWithCode(session, codeNow(secret))).outcome).toBe("accepted");
    expect(await factors.freshness(session)).toEqual(fresh(true, false));
    expect(await factors.freshness(other.sessionToken)).toEqual(fresh(false, false));
  });

  it("owner:password removes every factor and every session; the password alone then opens only a first sign-in", async () => {
    await withAuthenticatorApp();
    expect((await auth.login(attempt)).outcome).toBe("second-factor");
    await auth.setOwner("titular@ejemplo.com", password);
    for (const table of [
      "inbox_totp",
      "inbox_recovery_codes",
      "inbox_sessions",
      "inbox_second_steps",
    ] as const)
      expect(await store.db.selectFrom(table).selectAll().execute(), table).toEqual([]);
    expect(await factors.hasAny()).toBe(false);
    expect((await auth.login(attempt)).outcome).toBe("first-factor");
  });

  it("the last factor cannot be removed: without one, only the server could let the owner in again", async () => {
    const { session } = await withAuthenticatorApp();
    const [app] = (await factors.overview()).apps;
    expect(await factors.disableTotp(session, app!.id)).toBe(false);
    expect(await store.db.selectFrom("inbox_recovery_codes").selectAll().execute()).toHaveLength(10);
    expect(changes).toEqual(["totp-added"]);
    expect((await auth.login(attempt)).outcome).toBe("second-factor");
  });

  it("passkeys answer only for the configured site and localhost, never an IP address or plain HTTP elsewhere", () => {
    const relyingPartyOf = relyingParties(["https://www.tasaciones-madero.example", ""]);
    expect(relyingPartyOf("https://www.tasaciones-madero.example")).toEqual({
      id: "www.tasaciones-madero.example",
      origin: "https://www.tasaciones-madero.example",
    });
    expect(relyingPartyOf("http://localhost:3000")).toEqual({
      id: "localhost",
      origin: "http://localhost:3000",
    });
    expect(relyingPartyOf("http://www.tasaciones-madero.example")).toBeUndefined();
    expect(relyingPartyOf("https://atacante.example")).toBeUndefined();
    expect(relyingPartyOf("http://127.0.0.1:3000")).toBeUndefined();
  });
});

describe("the owner's e-mail about a factor", () => {
  it("names the change, says what to do if it was not the owner, and keeps a passkey's name out of the headers", () => {
    const email = composeFactorEmail(
      { kind: "passkey-added", name: "Teléfono\r\nBcc: otro@example.com" },
      new Date("2026-05-14T15:00:00.000Z"),
      { businessName: "Madero Tasaciones", email: "contacto@example.com", siteUrl: "https://example.com" },
    );
    expect(email.subject).not.toMatch(/[\r\n]/);
    expect(email.text).toContain("14/05/2026 12:00");
    expect(email.text).toContain("npm run owner:password");
    expect(email.html).not.toContain("<script");
  });
});

describe("the owner's e-mail when a factor is added or removed, through a real SMTP server", () => {
  it(
    "arrives once for each change, from the site's address, and says what changed",
    { timeout: 60_000 },
    async () => {
      const smtp = await startSmtpCatcher();
      const received = smtp.messages;
      const [sqlite] = storageBackends("inbox_factor_mail");
      const store = await Store.open(await sqlite!.options());
      try {
        let now = new Date("2026-05-14T15:00:00.000Z");
        const clock = () => now;
        const auth = new OwnerAuth(store, { now: clock, hasFactor: () => store.secondFactors.anyFactor() });
        const site = {
          businessName: "Madero Tasaciones",
          email: "contacto@example.com",
          siteUrl: "https://www.tasaciones-madero.example",
        };
        const port = smtp.port;
        const factors = createSecondFactors({
          store,
          auth,
          relyingPartyOf: relyingParties([]),
          issuer: () => site.businessName,
          onChange: factorMailer(
            smtpSender(`smtp://127.0.0.1:${port}`, ["titular@ejemplo.com"]),
            () => site,
            clock,
          ),
          now: clock,
        });
        const owner = await enrolOwner(
          store,
          auth,
          factors,
          { email: "titular@ejemplo.com", password },
          clock,
        );
        // A second factor (a passkey, stored as the browser test adds one); then the app goes.
        now = new Date(now.getTime() + 30_000);
        await store.secondFactors.addPasskey(storedPasskey(now));
        const [app] = (await factors.overview()).apps;
        expect(await factors.disableTotp(owner.sessionToken, app!.id)).toBe(true);
        expect(owner.recoveryCodes).toHaveLength(10);
        // Each names exactly what was added or removed, and says nothing else went.
        expect(received.map((mail) => mail.headers.get("subject"))).toEqual([
          "Bandeja: Se agregó una app de autenticación (agregada el 14/05/2026 12:00), junto a las que ya había. No se quitó ninguna otra llave ni app.",
          "Bandeja: Se quitó la app de autenticación agregada el 14/05/2026 12:00.",
        ]);
        expect(received[0]!.headers.get("from")).toContain("contacto@example.com");
        expect(received[0]!.text).toContain("14/05/2026 12:00");
        // Each carries its own «no fui yo» link on the site's address.
        const links = received.map(
          (mail) => /https:\/\/\S+\/bandeja\/no-fui-yo\?clave=[\w-]+/.exec(mail.text)?.[0],
        );
        expect(links[0]).toBeDefined();
        expect(links[1]).toBeDefined();
        expect(links[0]).not.toBe(links[1]);
      } finally {
        await store.close();
        await smtp.stop();
      }
    },
  );
});
