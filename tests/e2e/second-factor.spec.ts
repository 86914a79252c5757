import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import type { BrowserContext, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";

import { definitionOf, sampleValues } from "../inbox/sample-leads.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, hydrated, test } from "./inbox-fixtures.ts";
import { ownerEmail, ownerPassword, startInboxServer, type InboxServer } from "./inbox-server.ts";
import { rawRequest } from "./raw-http.ts";
import { addPasskey, confirmWithPasskey, localOrigin, signInWithAuthenticator } from "./passkeys.ts";

/**
 * The owner's second factor in Debian's Chromium with a virtual
 * authenticator (the DevTools Protocol's WebAuthn domain): a passkey added,
 * used alone to sign in and to confirm an export; authenticator codes
 * computed here from the secret the page shows; recovery codes used once.
 * Each attack fails the test if it works.
 */
test.describe.configure({ timeout: 120_000 });

const origin = localOrigin;

async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Salir" }).click();
  await expect(page.getByRole("status")).toHaveText("Cerraste la sesión.");
  await hydrated(page);
}

const stored = (inbox: InboxServer) => inbox.store.db.selectFrom("inbox_passkeys").selectAll().execute();

test("adds a passkey after the password, signs in with it alone, confirms an export with it; the password alone no longer opens the inbox", async ({
  page,
  browser,
  inbox,
  guard,
}) => {
  void guard;
  await inbox.submit("express", sampleValues(definitionOf("express"), 1));
  await signInWithAuthenticator(page, inbox);

  await addPasskey(page, inbox, "Teléfono de Laura");
  // The recovery codes came with the first factor; a second one brings none.
  await expect(page.getByRole("list", { name: "Códigos de recuperación" })).toHaveCount(0);
  const [passkey] = await stored(inbox);
  expect(passkey).toMatchObject({ name: "Teléfono de Laura", last_used_at: null });
  await expect(page.getByText("Teléfono de Laura", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);

  await signOut(page);
  await page.getByRole("button", { name: "Ingresar con llave de acceso" }).click();
  await page.waitForURL((url) => url.pathname === "/bandeja");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Consultas", level: 1 })).toBeVisible();
  expect((await stored(inbox))[0]!.last_used_at).not.toBeNull();

  // Eleven minutes later the sign-in no longer counts as fresh: the export asks for the passkey.
  inbox.advance(11 * 60_000);
  await page.goto(`${origin(inbox)}/bandeja`);
  await page.getByRole("link", { name: "Exportar CSV" }).click();
  await expect(page.getByRole("heading", { name: "Confirmá que sos vos" })).toBeVisible();
  await hydrated(page);
  await expectNoAxeViolations(page);
  await confirmWithPasskey(page, "/bandeja");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Exportar CSV" }).click();
  expect(readFileSync(await (await downloading).path(), "utf8")).toContain("persona1+bandeja@example.com");

  // Another browser, the right password: a second step, never the inbox.
  const other = await browser.newContext();
  const stranger = await other.newPage();
  await stranger.goto(`${origin(inbox)}/bandeja/ingresar`);
  await stranger.getByLabel("Email").fill(ownerEmail);
  await stranger.getByLabel("Contraseña").fill(ownerPassword);
  await stranger.getByRole("button", { name: "Ingresar", exact: true }).click();
  await expect(stranger).toHaveURL(/\/bandeja\/ingresar\/verificar/);
  await expect(stranger.getByRole("heading", { name: "Falta un paso" })).toBeVisible();
  await stranger.goto(`${origin(inbox)}/bandeja`);
  await expect(stranger).toHaveURL(/\/bandeja\/ingresar/);
  await other.close();
});

test("the first sign-in at 390 px: the printed code, then the authenticator app and the recovery codes to keep; each code and each recovery code opens one sign-in", async ({
  page,
  guard,
}) => {
  void guard;
  const inbox = await startInboxServer({ owner: false });
  try {
    const printed = await inbox.createAccount();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${origin(inbox)}/bandeja`);
    await page.getByLabel("Email").fill(ownerEmail);
    await page.getByLabel("Contraseña").fill(ownerPassword);
    await page.getByRole("button", { name: "Ingresar", exact: true }).click();
    // The right password opens no inbox: the first sign-in asks for the code first.
    await page.waitForURL((url) => url.pathname === "/bandeja/ingresar/primer-ingreso");
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Primer ingreso" })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(await page.locator("[data-totp-secret]").count()).toBe(0);
    await page.getByLabel("Código de primer ingreso").fill("ABCD-EFGH-JKMN-PQRS");
    await page.getByRole("button", { name: "Seguir" }).click();
    await expect(page.getByRole("alert")).toContainText("Ese código no es correcto");
    await page.getByLabel("Código de primer ingreso").fill(printed.toLowerCase());
    await page.getByRole("button", { name: "Seguir" }).click();
    await expect(
      page.getByRole("img", { name: "Código QR para configurar la app de autenticación" }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Crear mi llave de acceso" })).toBeVisible();
    await expectNoAxeViolations(page);
    const secret = (await page.locator("[data-totp-secret]").textContent())!.replace(/\s/g, "");
    const code = (offsetMs = 0) =>
      TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: inbox.now().getTime() + offsetMs });

    await page.getByLabel("Código que muestra la app").fill(code(-90_000));
    await page.getByRole("button", { name: "Activar y entrar" }).click();
    await expect(page.getByRole("alert")).toContainText("Ese código no coincide");
    const usedAtEnabling = code();
    await page.getByLabel("Código que muestra la app").fill(usedAtEnabling);
    await page.getByRole("button", { name: "Activar y entrar" }).click();
    await expect(page.getByRole("status")).toHaveText("Listo: la bandeja ya te reconoce.");
    const recovery = await page
      .getByRole("list", { name: "Códigos de recuperación" })
      .getByRole("listitem")
      .allTextContents();
    expect(recovery).toHaveLength(10);
    await expectNoAxeViolations(page);
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Descargar como archivo" }).click();
    const file = readFileSync(await (await downloading).path(), "utf8");
    for (const one of recovery) expect(file).toContain(one);
    await expect(page.getByRole("button", { name: "Imprimir" })).toBeVisible();
    await page.getByRole("link", { name: "Ya los guardé" }).click();
    await page.waitForURL((url) => url.pathname === "/bandeja");
    await expect(page.getByRole("heading", { name: "Consultas", level: 1 })).toBeVisible();
    // The printed code opened one first sign-in: it is spent.
    const firstCodes = inbox.store.db
      .selectFrom("inbox_owner_codes")
      .selectAll()
      .where("purpose", "=", "first-factor");
    expect(await firstCodes.execute()).toEqual([]);

    const signIn = async () => {
      await page.goto(`${origin(inbox)}/bandeja/ingresar`);
      await page.getByLabel("Email").fill(ownerEmail);
      await page.getByLabel("Contraseña").fill(ownerPassword);
      await page.getByRole("button", { name: "Ingresar", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Falta un paso" })).toBeVisible();
    };
    await hydrated(page);
    await signOut(page);
    await signIn();
    await expectNoAxeViolations(page);
    // The code that enabled the app does not open a session: each code once.
    await page.getByLabel("Código", { exact: true }).fill(usedAtEnabling);
    await page.getByRole("button", { name: "Confirmar con el código" }).click();
    await expect(page.getByRole("alert")).toHaveText("El código no es correcto o ya se usó.");
    inbox.advance(30_000);
    await page.getByLabel("Código", { exact: true }).fill(code());
    await page.getByRole("button", { name: "Confirmar con el código" }).click();
    await page.waitForURL((url) => url.pathname === "/bandeja");

    // A recovery code, once.
    for (const expected of ["signed-in", "refused"]) {
      await hydrated(page);
      await signOut(page);
      await signIn();
      await page.getByLabel("Código", { exact: true }).fill(recovery[0]!);
      await page.getByRole("button", { name: "Confirmar con el código" }).click();
      if (expected === "signed-in") await page.waitForURL((url) => url.pathname === "/bandeja");
      else await expect(page.getByRole("alert")).toHaveText("El código no es correcto o ya se usó.");
    }
  } finally {
    await inbox.stop();
  }
});

/** What the browser posts to finish a passkey sign-in, caught on its way out. */
async function catchSignIn(page: Page, inbox: InboxServer) {
  const posted = page.waitForRequest(
    (request) => request.method() === "POST" && request.url().includes("/bandeja/ingresar"),
  );
  await page.goto(`${origin(inbox)}/bandeja/ingresar`);
  await hydrated(page);
  await page.getByRole("button", { name: "Ingresar con llave de acceso" }).click();
  const request = await posted;
  const ceremony = /__Host-bandeja-desafio=([^;]+)/.exec((await request.allHeaders()).cookie ?? "")?.[1];
  await page.waitForURL((url) => url.pathname === "/bandeja");
  return { body: request.postData()!, ceremony: ceremony! };
}

function post(inbox: InboxServer, path: string, body: string, cookie: string, from = origin(inbox)) {
  return rawRequest(`${inbox.url}${path}`, {
    method: "POST",
    headers: {
      Host: new URL(from).host,
      Origin: from,
      "Sec-Fetch-Site": "same-origin",
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: cookie,
    },
    body,
  });
}

/** Runs in the page: the authenticator signs `challenge` for the relying party "localhost", as JSON. */
async function signWithRpLocalhost(challenge: string) {
  const bytes = (text: string) =>
    Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
  const text = (buffer: ArrayBuffer) =>
    btoa(String.fromCharCode(...new Uint8Array(buffer)))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  const credential = (await navigator.credentials.get({
    publicKey: { challenge: bytes(challenge), rpId: "localhost", userVerification: "required" },
  })) as PublicKeyCredential;
  const response = credential.response as AuthenticatorAssertionResponse;
  return {
    id: credential.id,
    rawId: credential.id,
    type: "public-key",
    clientExtensionResults: {},
    response: {
      clientDataJSON: text(response.clientDataJSON),
      authenticatorData: text(response.authenticatorData),
      signature: text(response.signature),
      userHandle: response.userHandle ? text(response.userHandle) : undefined,
    },
  };
}

const signedIn = (response: { headers: Map<string, string[]> }) =>
  (response.headers.get("set-cookie") ?? []).some((line) => /^__Host-bandeja-sesion=[^;]/.test(line));

test("attacks on passkeys: a replayed assertion, a challenge of another sign-in or session, an assertion for another origin or relying party, enumeration", async ({
  page,
  inbox,
  guard,
}) => {
  void guard;
  await signInWithAuthenticator(page, inbox);
  await addPasskey(page, inbox, "Computadora");
  await signOut(page);
  const { body, ceremony } = await catchSignIn(page, inbox);
  expect(body).toContain("intent=llave");

  // Replayed with its own challenge's cookie: the challenge was spent.
  const replayed = await post(inbox, "/bandeja/ingresar.data", body, `__Host-bandeja-desafio=${ceremony}`);
  expect(replayed.status).toBe(401);
  expect(signedIn(replayed)).toBe(false);

  // Sent with a fresh challenge of another sign-in: the signature covers a different challenge.
  const options = await post(inbox, "/bandeja/llave", "para=ingreso", "");
  const otherCeremony = /__Host-bandeja-desafio=([^;]+)/.exec(options.header("set-cookie") ?? "")?.[1];
  expect(otherCeremony).toBeTruthy();
  const foreign = await post(
    inbox,
    "/bandeja/ingresar.data",
    body,
    `__Host-bandeja-desafio=${otherCeremony}`,
  );
  expect(foreign.status).toBe(401);
  expect(signedIn(foreign)).toBe(false);

  // Assertions made by hand in the page, for a challenge this server gave: the control (the inbox's
  // own page) signs in, so the two attacks below fail for what they change, not for their form.
  const phishing: Server = createServer((_request, response) =>
    response.writeHead(200, { "Content-Type": "text/html" }).end("<!doctype html><title>x</title>"),
  );
  await new Promise<void>((resolve) => phishing.listen(0, "127.0.0.1", resolve));
  try {
    const elsewhere = `http://localhost:${(phishing.address() as AddressInfo).port}`;
    const siteOrigin = "https://www.tasaciones-madero.example";
    const attempt = async (pageUrl: string, relyingParty: string) => {
      const begun = await post(inbox, "/bandeja/llave", "para=ingreso", "", relyingParty);
      const cookie = `__Host-bandeja-desafio=${/__Host-bandeja-desafio=([^;]+)/.exec(begun.header("set-cookie") ?? "")![1]}`;
      const { options } = JSON.parse(begun.body.toString()) as { options: { challenge: string } };
      await page.goto(pageUrl);
      const assertion = await page.evaluate(signWithRpLocalhost, options.challenge);
      const form = new URLSearchParams({ intent: "llave", respuesta: JSON.stringify(assertion) });
      return post(inbox, "/bandeja/ingresar.data", form.toString(), cookie, relyingParty);
    };
    const control = await attempt(`${origin(inbox)}/bandeja/ingresar`, origin(inbox));
    expect(signedIn(control)).toBe(true);

    // A confirmation's challenge belongs to the session that asked for it: answered in another
    // session, it confirms nothing; in its own, it does.
    const sessionOf = (response: { header: (name: string) => string | undefined }) =>
      `__Host-bandeja-sesion=${/__Host-bandeja-sesion=([^;]+)/.exec(response.header("set-cookie") ?? "")![1]}`;
    const first = sessionOf(control);
    const second = sessionOf(await attempt(`${origin(inbox)}/bandeja/ingresar`, origin(inbox)));
    inbox.advance(11 * 60_000);
    const asked = await post(inbox, "/bandeja/llave", "para=confirmar", first);
    const askedCookie = `__Host-bandeja-desafio=${/__Host-bandeja-desafio=([^;]+)/.exec(asked.header("set-cookie") ?? "")![1]}`;
    const { options: confirmOptions } = JSON.parse(asked.body.toString()) as {
      options: { challenge: string };
    };
    await page.goto(`${origin(inbox)}/bandeja/ingresar`);
    const confirmation = new URLSearchParams({
      intent: "llave",
      respuesta: JSON.stringify(await page.evaluate(signWithRpLocalhost, confirmOptions.challenge)),
    }).toString();
    const inOther = await post(
      inbox,
      "/bandeja/confirmar.data?para=datos",
      confirmation,
      `${second}; ${askedCookie}`,
    );
    expect(inOther.status).toBe(401);
    const stillStale = await rawRequest(`${inbox.url}/bandeja/exportar.csv`, { headers: { Cookie: second } });
    expect(stillStale.header("location")).toMatch(/^\/bandeja\/confirmar/);
    const asked2 = await post(inbox, "/bandeja/llave", "para=confirmar", first);
    const ownCookie = `__Host-bandeja-desafio=${/__Host-bandeja-desafio=([^;]+)/.exec(asked2.header("set-cookie") ?? "")![1]}`;
    const { options: ownOptions } = JSON.parse(asked2.body.toString()) as { options: { challenge: string } };
    const own = new URLSearchParams({
      intent: "llave",
      respuesta: JSON.stringify(await page.evaluate(signWithRpLocalhost, ownOptions.challenge)),
    }).toString();
    await post(inbox, "/bandeja/confirmar.data?para=datos", own, `${first}; ${ownCookie}`);
    const confirmed = await rawRequest(`${inbox.url}/bandeja/exportar.csv`, { headers: { Cookie: first } });
    expect(confirmed.status).toBe(200);
    // Another origin (same host name, another port) gets the owner's authenticator to sign this
    // server's challenge: the assertion names that origin.
    const phished = await attempt(`${elsewhere}/`, origin(inbox));
    expect(phished.status).toBe(401);
    expect(signedIn(phished)).toBe(false);
    // An assertion made for the relying party "localhost", answered to this service as the site's
    // own relying party (its Host and Origin): the RP ID's hash differs.
    const otherParty = await attempt(`${origin(inbox)}/bandeja/ingresar`, siteOrigin);
    expect(otherParty.status).toBe(401);
    expect(signedIn(otherParty)).toBe(false);
  } finally {
    phishing.close();
  }

  // Enumeration: with or without a passkey, the options name no credential and look alike; a
  // made-up credential gets the same answer as a real one with a bad signature.
  const withPasskey = JSON.parse(
    (await post(inbox, "/bandeja/llave", "para=ingreso", "")).body.toString(),
  ) as {
    options: Record<string, unknown>;
  };
  await inbox.store.db.deleteFrom("inbox_passkeys").execute();
  const without = JSON.parse((await post(inbox, "/bandeja/llave", "para=ingreso", "")).body.toString()) as {
    options: Record<string, unknown>;
  };
  expect(Object.keys(without.options).sort()).toEqual(Object.keys(withPasskey.options).sort());
  expect(without.options.allowCredentials).toEqual(withPasskey.options.allowCredentials);
  expect(withPasskey.options.allowCredentials ?? []).toEqual([]);
  const madeUp = await post(
    inbox,
    "/bandeja/ingresar.data",
    body.replace(/%22id%22%3A%22[^%]+%22/, "%22id%22%3A%22inventada%22"),
    `__Host-bandeja-desafio=${otherCeremony}`,
  );
  expect([madeUp.status, replayed.status]).toEqual([401, 401]);
});

test("attacks on the security page: registering without the password again, a cross-site post with the owner's cookie, a session replayed after sign-out, an export or a deletion without a fresh confirmation", async ({
  page,
  inbox,
  guard,
}) => {
  void guard;
  const id = await inbox.submit("express", sampleValues(definitionOf("express"), 4));
  await signInWithAuthenticator(page, inbox);
  const cookieOf = async (context: BrowserContext) =>
    (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  const cookie = await cookieOf(page.context());

  // Without the password typed again, no registration options and no registration.
  const options = await post(inbox, "/bandeja/llave", "para=registro&volver=/bandeja/seguridad", cookie);
  expect(JSON.parse(options.body.toString())).toEqual({
    confirmar: "/bandeja/confirmar?para=factores&volver=%2Fbandeja%2Fseguridad",
  });
  const register = await post(inbox, "/bandeja/seguridad", "intent=registrar&respuesta=%7B%7D", cookie);
  expect(register.status).toBe(302);
  expect(register.header("location")).toMatch(/^\/bandeja\/confirmar\?para=factores/);
  expect(await stored(inbox)).toEqual([]);

  // A cross-site page posting with the owner's cookie: refused before anything reads it.
  for (const path of ["/bandeja/llave", "/bandeja/seguridad", "/bandeja/confirmar?para=factores"]) {
    const forged = await rawRequest(`${inbox.url}${path}`, {
      method: "POST",
      headers: {
        Origin: "https://atacante.example",
        "Sec-Fetch-Site": "cross-site",
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: cookie,
      },
      body: `para=registro&intent=contrasena&password=${encodeURIComponent(ownerPassword)}`,
    });
    expect(forged.status, path).toBe(403);
  }
  const freshness = await inbox.store.db
    .selectFrom("inbox_sessions")
    .select("password_confirmed_at")
    .execute();
  expect(freshness.map((row) => row.password_confirmed_at)).toEqual(freshness.map(() => null));

  // With a factor, the password typed again is not enough for an export or a deletion.
  await addPasskey(page, inbox, "Teléfono");
  inbox.advance(11 * 60_000);
  const fresh = await cookieOf(page.context());
  await post(
    inbox,
    "/bandeja/confirmar?para=datos",
    `intent=contrasena&password=${encodeURIComponent(ownerPassword)}`,
    fresh,
  );
  const exported = await rawRequest(`${inbox.url}/bandeja/exportar.csv`, { headers: { Cookie: fresh } });
  expect(exported.status).toBe(302);
  expect(exported.header("location")).toMatch(/^\/bandeja\/confirmar\?para=datos/);
  expect(exported.body.toString()).not.toContain("persona4");
  const deletion = await post(inbox, `/bandeja/consulta/${id}`, "intent=delete", fresh);
  expect(deletion.header("location")).toMatch(/^\/bandeja\/confirmar\?para=datos/);
  const subject = await post(
    inbox,
    "/bandeja/titular",
    `contacto=persona4%2Bbandeja%40example.com&id=${id}`,
    fresh,
  );
  expect(subject.header("location")).toMatch(/^\/bandeja\/confirmar\?para=datos/);
  expect(await inbox.statusOf(id)).toBe("nuevo");

  // After sign-out, the old cookie opens nothing and starts no ceremony.
  await page.goto(`${origin(inbox)}/bandeja`);
  await hydrated(page);
  await signOut(page);
  const replayedPage = await rawRequest(`${inbox.url}/bandeja/seguridad`, { headers: { Cookie: fresh } });
  expect(replayedPage.status).toBe(302);
  expect(replayedPage.header("location")).toMatch(/^\/bandeja\/ingresar/);
  const replayedCeremony = await post(inbox, "/bandeja/llave", "para=confirmar", fresh);
  expect(replayedCeremony.status).toBe(404);
  const replayedRemoval = await post(
    inbox,
    "/bandeja/seguridad",
    `intent=quitar&id=${(await stored(inbox))[0]!.credential_id}`,
    fresh,
  );
  expect(replayedRemoval.header("location")).toMatch(/^\/bandeja\/ingresar/);
  expect(await stored(inbox)).toHaveLength(1);
});
