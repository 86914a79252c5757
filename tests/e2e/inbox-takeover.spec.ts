import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

import { clientDirOf } from "../../server/build-layout.ts";
import { headerPolicyFile } from "../../server/headers.ts";
import type { SiteBuilder } from "../../server/site/site-builder.ts";
import { totpCode } from "../inbox/enrolled-owner.ts";
import { expect, test } from "./inbox-fixtures.ts";
import { call, cookiesOf, sessionCookie } from "./inbox-http.ts";
import { ownerEmail, ownerPassword, startInboxServer, type InboxServer } from "./inbox-server.ts";
import type { RawResponse } from "./raw-http.ts";

/**
 * Audit 4's attacks on the owner's factors and on held work (issue 44, findings 1, 2 and 6), over
 * raw HTTP as a stranger sends them: each assertion fails if the attack works again.
 *
 * - The password plus one recovery code (a thief who found the printed sheet) tries to replace the
 *   owner's authenticator app: the new app is added beside hers and waits, hers keeps working and
 *   cannot be removed by the newcomer; its pending secret is in no answer but the one that shows it
 *   to whoever began it; the owner reads of the change in the inbox at her next sign-in (no SMTP
 *   here, as on an installed server) and undoes it from there with her own app.
 * - A publication held by the thief's session is not released by the owner's next sign-in: the
 *   token belongs to the session that asked, and even there it goes on only from a page that shows
 *   what will be published.
 * - Without scripts, the first sign-in shows the recovery codes and opens the inbox.
 */
test.describe.configure({ timeout: 90_000 });

const step = (response: RawResponse) =>
  cookiesOf(response.headers.get("set-cookie") ?? [])["__Host-bandeja-paso"];

/** The password, then a typed code (an authenticator code or a recovery code) at the second step. */
async function signInWithCode(inbox: InboxServer, code: string, volver = "/bandeja") {
  const login = await call(inbox, "/bandeja/ingresar", {
    form: { email: ownerEmail, password: ownerPassword, volver },
  });
  expect(login.header("location")).toMatch(/^\/bandeja\/ingresar\/verificar/);
  const finished = await call(inbox, "/bandeja/ingresar/verificar", {
    form: { intent: "codigo", codigo: code, volver },
    cookie: `__Host-bandeja-paso=${step(login)}`,
  });
  const session = cookiesOf(finished.headers.get("set-cookie") ?? [])["__Host-bandeja-sesion"];
  expect(session, "the sign-in opens a session").toBeTruthy();
  return { response: finished, cookie: sessionCookie(session) };
}

const confirm = (inbox: InboxServer, need: string, cookie: string, form: Record<string, string>) =>
  call(inbox, `/bandeja/confirmar?para=${need}&volver=%2Fbandeja`, { form, cookie });

async function enabledSecrets(inbox: InboxServer): Promise<string[]> {
  const rows = await inbox.store.db
    .selectFrom("inbox_totp")
    .select("secret")
    .where("enabled_at", "is not", null)
    .orderBy("created_at")
    .execute();
  return rows.map((row) => row.secret);
}

async function pendingSecrets(inbox: InboxServer): Promise<string[]> {
  const rows = await inbox.store.db
    .selectFrom("inbox_totp")
    .select("secret")
    .where("enabled_at", "is", null)
    .execute();
  return rows.map((row) => row.secret);
}

const compact = (body: Buffer) => body.toString().replace(/\s/g, "");

test("the password and a recovery code add an app beside the owner's, never instead of it; its secret shows only to whoever began it; the owner reads of it and undoes it with her own app", async ({
  inbox,
}) => {
  const owner = inbox.owner();
  const thief = await signInWithCode(inbox, owner.recoveryCodes[0]!);
  const thiefCode = () => {
    inbox.advance(30_000);
    return totpCode(pendingOrNew, inbox.now());
  };
  let pendingOrNew = "";

  // Adding a factor asks for the password again; the recovery code of the sign-in is the factor.
  await confirm(inbox, "factores", thief.cookie, { intent: "contrasena", password: ownerPassword });
  const begun = await call(inbox, "/bandeja/seguridad", {
    form: { intent: "totp-empezar" },
    cookie: thief.cookie,
  });
  expect(begun.status).toBe(200);
  const [secret] = await pendingSecrets(inbox);
  expect(secret).toBeTruthy();
  pendingOrNew = secret!;
  // Shown to whoever began it, in the answer to «empezar»…
  expect(compact(begun.body).includes(secret!)).toBe(true);
  // …and in no other answer: not the page's data, not the page, not another session's.
  const data = await call(inbox, "/bandeja/seguridad.data", { cookie: thief.cookie });
  expect(data.status).toBe(200);
  expect(compact(data.body).includes(secret!), "the page's data leaks the pending secret").toBe(false);
  const page = await call(inbox, "/bandeja/seguridad", { cookie: thief.cookie });
  expect(compact(page.body).includes(secret!)).toBe(false);

  // The thief enables the new app: it is added beside the owner's, which stays.
  const enabled = await call(inbox, "/bandeja/seguridad", {
    form: { intent: "totp-activar", codigo: thiefCode() },
    cookie: thief.cookie,
  });
  expect(enabled.status).toBe(200);
  expect(await enabledSecrets(inbox), "the owner's app was replaced").toEqual([owner.secret, secret]);

  // The newcomer cannot remove the owner's app: neither the recovery code nor the new app (still
  // waiting) is a trusted confirmation.
  const ownerApp = await inbox.store.db
    .selectFrom("inbox_totp")
    .select("id")
    .where("secret", "=", owner.secret)
    .executeTakeFirstOrThrow();
  const removal = { intent: "totp-quitar", id: String(ownerApp.id) };
  const refused = await call(inbox, "/bandeja/seguridad", { form: removal, cookie: thief.cookie });
  expect(refused.header("location")).toMatch(/^\/bandeja\/confirmar\?para=seguridad/);
  await confirm(inbox, "seguridad", thief.cookie, { intent: "contrasena", password: ownerPassword });
  await confirm(inbox, "seguridad", thief.cookie, { intent: "codigo", codigo: thiefCode() });
  const stillRefused = await call(inbox, "/bandeja/seguridad", { form: removal, cookie: thief.cookie });
  expect(stillRefused.header("location")).toMatch(/^\/bandeja\/confirmar\?para=seguridad/);
  inbox.advance(11 * 60_000);
  expect(await enabledSecrets(inbox)).toEqual([owner.secret, secret]);

  // The owner's own codes still sign her in; with no e-mail configured, the inbox tells her.
  const mine = await signInWithCode(inbox, inbox.ownerCode());
  const list = await call(inbox, "/bandeja", { cookie: mine.cookie });
  expect(list.status).toBe(200);
  const text = list.body.toString();
  expect(text, "the owner is not told in the inbox").toContain("Se agregó una app de autenticación");
  expect(text).toContain("No fui yo");
  // Not shown to the session that made the change.
  expect((await call(inbox, "/bandeja", { cookie: thief.cookie })).body.toString()).not.toContain(
    "Se agregó una app de autenticación",
  );

  // «No fui yo» from the inbox freezes; her own app and the password lift it, and the thief's app goes.
  const change = /name="cambio" value="([^"]+)"/.exec(text)?.[1];
  expect(change).toBeTruthy();
  const reported = await call(inbox, "/bandeja/no-fui-yo", {
    form: { intent: "bandeja", cambio: change! },
    cookie: mine.cookie,
  });
  expect(reported.status).toBe(200);
  expect(await inbox.store.secondFactors.frozen()).toBeDefined();
  await confirm(inbox, "descongelar", mine.cookie, { intent: "contrasena", password: ownerPassword });
  await confirm(inbox, "descongelar", mine.cookie, { intent: "codigo", codigo: inbox.ownerCode() });
  const lifted = await call(inbox, "/bandeja/seguridad", {
    form: { intent: "descongelar" },
    cookie: mine.cookie,
  });
  expect(lifted.status).toBe(200);
  expect(await enabledSecrets(inbox)).toEqual([owner.secret]);
  expect(await inbox.store.secondFactors.frozen()).toBeUndefined();
});

/** A publication here writes a stand-in page: what is tested is who may start it, not the build. */
const builds: string[] = [];
const standInBuilder: SiteBuilder = async (_env, outDir) => {
  builds.push(outDir);
  mkdirSync(join(clientDirOf(outDir), "assets"), { recursive: true });
  writeFileSync(join(clientDirOf(outDir), "index.html"), "<!doctype html><title>x</title>");
  mkdirSync(dirname(headerPolicyFile(outDir)), { recursive: true });
  writeFileSync(headerPolicyFile(outDir), JSON.stringify({ formServiceUrl: "", scriptHashes: [] }));
};

test("a publication held by one session is not released by the owner's next sign-in, and goes on in its own session only from a page that shows it", async () => {
  const inbox = await startInboxServer({ build: standInBuilder });
  try {
    const versions = async () =>
      (await inbox.store.db.selectFrom("site_versions").select("id").execute()).length;
    const before = await versions();
    const thief = await signInWithCode(inbox, inbox.owner().recoveryCodes[0]!);
    const number = "5491199998888";
    const saved = await call(inbox, "/bandeja/sitio", {
      form: { intent: "guardar", SITE_WHATSAPP_NUMBER: number },
      cookie: thief.cookie,
    });
    expect(saved.status).toBe(302);
    const held = await call(inbox, "/bandeja/sitio", { form: { intent: "publicar" }, cookie: thief.cookie });
    const confirmAt = held.header("location") ?? "";
    expect(confirmAt).toMatch(/^\/bandeja\/confirmar\?para=sitio/);
    const heldAt = new URL(confirmAt, inbox.url).searchParams.get("volver")!;
    expect(heldAt).toMatch(/^\/bandeja\/sitio\?continuar=/);

    // The thief sends the owner to the held address; she signs in with her own app.
    const owner = await signInWithCode(inbox, inbox.ownerCode(), heldAt);
    const back = owner.response.header("location") ?? "";
    expect(back.startsWith(heldAt)).toBe(true);
    const landed = await call(inbox, back, { cookie: owner.cookie });
    expect(
      landed.header("location") ?? "",
      "the owner's sign-in released the thief's publication",
    ).not.toMatch(/progreso=/);
    expect(inbox.publishing.editor.running()).toBeUndefined();
    expect(builds).toEqual([]);
    expect(await versions()).toBe(before);

    // Her own held publication, once she confirmed, is a page that shows what goes live and waits.
    inbox.advance(11 * 60_000);
    const own = await call(inbox, "/bandeja/sitio", { form: { intent: "publicar" }, cookie: owner.cookie });
    const ownHeldAt = new URL(own.header("location") ?? "", inbox.url).searchParams.get("volver");
    expect(ownHeldAt).toMatch(/^\/bandeja\/sitio\?continuar=/);
    await confirm(inbox, "sitio", owner.cookie, { intent: "codigo", codigo: inbox.ownerCode() });
    const shown = await call(inbox, ownHeldAt!, { cookie: owner.cookie });
    expect(shown.status).toBe(200);
    expect(shown.body.toString()).toContain(number);
    expect(shown.body.toString()).toContain('name="continuar"');
    expect(builds).toEqual([]);
    // The thief's session cannot take her token either.
    const stolen = await call(inbox, ownHeldAt!, { cookie: thief.cookie });
    expect(stolen.header("location") ?? "").not.toMatch(/progreso=/);
    expect(builds).toEqual([]);
    // Her press on that page publishes it.
    const token = new URL(ownHeldAt!, inbox.url).searchParams.get("continuar")!;
    const pressed = await call(inbox, "/bandeja/sitio", {
      form: { intent: "publicar", continuar: token },
      cookie: owner.cookie,
    });
    expect(pressed.header("location")).toMatch(/progreso=/);
    await expect.poll(async () => versions()).toBe(before + 1);
  } finally {
    await inbox.stop();
  }
});

test("without scripts, the first sign-in shows the ten recovery codes and opens the inbox", async () => {
  const inbox = await startInboxServer({ owner: false });
  try {
    const printed = await inbox.createAccount();
    const login = await call(inbox, "/bandeja/ingresar", {
      form: { email: ownerEmail, password: ownerPassword, volver: "/bandeja" },
    });
    expect(login.header("location")).toMatch(/^\/bandeja\/ingresar\/primer-ingreso/);
    const cookie = `__Host-bandeja-paso=${step(login)}`;
    const path = login.header("location")!;
    expect(
      (await call(inbox, path, { form: { intent: "codigo", codigo: printed, volver: "/bandeja" }, cookie }))
        .status,
    ).toBe(200);
    await call(inbox, path, { cookie });
    const [secret] = await pendingSecrets(inbox);
    inbox.advance(30_000);
    const enrolled = await call(inbox, path, {
      form: { intent: "totp", codigo: totpCode(secret!, inbox.now()), volver: "/bandeja" },
      cookie,
    });
    expect(enrolled.status, "the no-script first sign-in shows nothing").toBe(200);
    const codes = enrolled.body.toString().match(/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/g) ?? [];
    expect(new Set(codes).size).toBe(10);
    expect(enrolled.body.toString()).not.toContain("Los anteriores dejan de servir");
    const session = cookiesOf(enrolled.headers.get("set-cookie") ?? [])["__Host-bandeja-sesion"];
    expect(session).toBeTruthy();
    const opened = await call(inbox, "/bandeja", { cookie: sessionCookie(session) });
    expect(opened.status).toBe(200);
  } finally {
    await inbox.stop();
  }
});
