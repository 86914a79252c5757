import { readFileSync } from "node:fs";
import { join } from "node:path";

import { parse } from "csv-parse/sync";

import { clientDirOf, buildDir } from "../../server/build-layout.ts";
import { definitionOf, sampleValues } from "../inbox/sample-leads.ts";
import { expect, test } from "./inbox-fixtures.ts";
import { call, isLogin, sessionCookie, signIn, type Call } from "./inbox-http.ts";
import { ownerEmail, ownerPassword, type InboxServer } from "./inbox-server.ts";
import { rawTarget } from "./raw-http.ts";
import { openInSpreadsheet } from "../tools/spreadsheet.ts";

/**
 * The inbox attacked the way a stranger would: raw HTTP, nothing a browser
 * adds or undoes. Each test fails if the attack works.
 */

// Each test starts its own server and signs in (scrypt): more than the default half minute on a busy machine.
test.describe.configure({ timeout: 90_000 });

/** Types the password again, as an export or a deletion asks of an owner without a second factor. */
async function confirmAgain(inbox: InboxServer, cookie: string): Promise<void> {
  const answer = await call(inbox, "/bandeja/confirmar?para=datos", {
    form: { intent: "codigo", codigo: inbox.ownerCode() },
    cookie,
  });
  expect(answer.header("location")).toBe("/bandeja");
}
async function secretLead(inbox: InboxServer): Promise<string> {
  return inbox.submit("express", {
    ...sampleValues(definitionOf("express"), 1),
    nombre: "Secreta Pérez",
    email: "secreta@example.com",
    telefono: "11 4321-9876",
  });
}

test("without a session, every inbox page, export and data request gives the login or 401, never data", async ({
  inbox,
}) => {
  const id = await secretLead(inbox);
  const secrets = ["Secreta", "secreta@example.com", "4321-9876", "4321", id];
  const reads = [
    "/bandeja",
    "/bandeja?q=Secreta",
    `/bandeja/consulta/${id}`,
    "/bandeja/titular?contacto=secreta@example.com",
    "/bandeja/exportar.csv",
    "/bandeja/exportar.csv?contacto=secreta@example.com",
    "/bandeja/no-existe",
    "/bandeja.data",
    `/bandeja/consulta/${id}.data`,
    "/bandeja/titular.data?contacto=secreta@example.com",
    "/bandeja/novedades?desde=2000-01-01T00:00:00.000Z",
  ];
  for (const cookie of [undefined, sessionCookie("forjada"), sessionCookie("A".repeat(43))]) {
    for (const path of reads) {
      const response = await call(inbox, path, { cookie });
      const body = response.decoded().toString("utf8");
      // What the stranger asked for may be echoed (the login offers to go back there); nothing else.
      for (const secret of secrets.filter((secret) => !path.includes(secret)))
        expect(body, `${path} leaks ${secret}`).not.toContain(secret);
      if (path.startsWith("/bandeja/novedades")) {
        expect(response.status).toBe(401);
      } else if (path.endsWith(".data") || path.includes(".data?")) {
        // React Router's data requests answer a redirect in the body, to be followed by the page.
        expect([202, 204, 302, 303], path).toContain(response.status);
        expect(body + (response.header("x-remix-redirect") ?? "")).toContain("/bandeja/ingresar");
      } else {
        expect(isLogin(response), `${path}: ${response.status} ${response.header("location")}`).toBe(true);
      }
    }
  }

  // Actions too: nothing changes without a session.
  const attempts: [string, Record<string, string | string[]>][] = [
    [`/bandeja/consulta/${id}`, { intent: "status", id, status: "archivado" }],
    [`/bandeja/consulta/${id}`, { intent: "delete" }],
    ["/bandeja?index", { intent: "status", id, status: "contactado" }],
    ["/bandeja/titular", { contacto: "secreta@example.com", id: [id] }],
  ];
  for (const [path, form] of attempts) {
    const response = await call(inbox, path, { form, cookie: sessionCookie("forjada") });
    expect(isLogin(response), `${path} ${JSON.stringify(form)}`).toBe(true);
  }
  expect(await inbox.statusOf(id)).toBe("nuevo");
});

test("a forged cross-site POST gets 403, even with the owner's cookie", async ({ inbox }) => {
  const id = await secretLead(inbox);
  const { session } = await signIn(inbox);
  const cookie = sessionCookie(session);
  const forgeries: Call[] = [
    { origin: "https://atacante.example" },
    { origin: "https://atacante.example", fetchSite: "cross-site" },
    { origin: null, fetchSite: "cross-site" },
    { origin: `http://sub.127.0.0.1.nip.example`, fetchSite: "same-site" },
    { origin: inbox.url, fetchSite: "same-site" },
    { origin: "null" },
    { origin: null },
  ];
  for (const forgery of forgeries) {
    for (const [path, form] of [
      [`/bandeja/consulta/${id}`, { intent: "delete" }],
      ["/bandeja?index", { intent: "status", id, status: "archivado" }],
      ["/bandeja/titular", { contacto: "secreta@example.com", id }],
      ["/bandeja/salir", {}],
      ["/bandeja/ingresar", { email: ownerEmail, password: ownerPassword }],
    ] as const) {
      const response = await call(inbox, path, { ...forgery, form: { ...form }, cookie });
      expect(response.status, `${path} ${JSON.stringify(forgery)}`).toBe(403);
    }
  }
  expect(await inbox.statusOf(id)).toBe("nuevo");
  // The session survived the forged logout…
  expect((await call(inbox, "/bandeja", { cookie })).status).toBe(200);
  // …and the same request from the inbox's own page does what it says: the test can see an attack work.
  await confirmAgain(inbox, cookie);
  const genuine = await call(inbox, `/bandeja/consulta/${id}`, {
    form: { intent: "delete" },
    cookie,
    fetchSite: "same-origin",
  });
  expect(genuine.status).toBe(302);
  expect(await inbox.statusOf(id)).toBe("gone");
});

test("wrong passwords are throttled, per address and per account, without locking out the owner's browser", async ({
  inbox,
}) => {
  const owner = await signIn(inbox, { from: "127.0.0.2" });
  expect(owner.response.status).toBe(302);

  const guess = (from: string, password = "adivinanza equivocada") => signIn(inbox, { from, password });
  for (let failure = 1; failure <= 5; failure++) expect((await guess("127.0.0.5")).response.status).toBe(401);
  const throttled = await guess("127.0.0.5");
  expect(throttled.response.status).toBe(429);
  expect(throttled.response.header("retry-after")).toBe("1");
  expect(throttled.response.decoded().toString()).toContain(
    "Demasiados intentos fallidos. Probá de nuevo en 1 segundo.",
  );
  // During the delay even the right password is not checked.
  expect((await guess("127.0.0.5", ownerPassword)).response.status).toBe(429);
  inbox.advance(1000);
  expect((await guess("127.0.0.5")).response.status).toBe(401);
  const longer = await guess("127.0.0.5");
  expect(longer.response.status).toBe(429);
  expect(longer.response.header("retry-after")).toBe("2");

  // Spread over other addresses, the guesses still slow the account for a browser it has never seen…
  for (let address = 10; address < 14; address++) await guess(`127.0.0.${address}`);
  expect((await guess("127.0.0.20", ownerPassword)).response.status).toBe(429);
  // …but the owner's own browser, known by its device cookie, signs in at once.
  const again = await signIn(inbox, {
    from: "127.0.0.2",
    cookie: `__Host-bandeja-dispositivo=${owner.device}`,
  });
  expect(again.response.status).toBe(302);
  expect(again.session).toBeTruthy();
});

test("a POST far larger than any inbox form gets 413 before anything parses it", async ({ inbox }) => {
  const { session } = await signIn(inbox);
  const huge = "A".repeat(200 * 1024);
  for (const [path, form] of [
    ["/bandeja/ingresar", { email: ownerEmail, password: huge }],
    ["/bandeja/titular", { contacto: huge }],
  ] as const) {
    const response = await call(inbox, path, { form, cookie: sessionCookie(session) });
    expect(response.status, path).toBe(413);
    expect(response.decoded().toString()).toContain("Solicitud demasiado grande.");
  }
  // The server is not wedged: the owner still signs in.
  expect((await signIn(inbox)).response.status).toBe(302);
});

test("the session cookie carries every flag, on the raw Set-Cookie", async ({ inbox }) => {
  const { response, setCookies, session } = await signIn(inbox);
  expect(response.status).toBe(302);
  expect(response.header("location")).toBe("/bandeja?ingreso=1");
  expect(setCookies).toHaveLength(2);
  expect(setCookies[0]).toMatch(
    /^__Host-bandeja-sesion=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=43200; HttpOnly; Secure; SameSite=Strict$/,
  );
  expect(setCookies[1]).toMatch(
    /^__Host-bandeja-dispositivo=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=34560000; HttpOnly; Secure; SameSite=Strict$/,
  );
  expect(setCookies.join("\n")).not.toMatch(/Domain=/i);

  const logout = await call(inbox, "/bandeja/salir", { form: {}, cookie: sessionCookie(session) });
  expect(logout.headers.get("set-cookie")).toEqual([
    "__Host-bandeja-sesion=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict",
  ]);
  expect(isLogin(await call(inbox, "/bandeja", { cookie: sessionCookie(session) }))).toBe(true);
});

test("a session id from before sign-in is not valid after it", async ({ inbox }) => {
  // An attacker plants a session id of their choosing, then the owner signs in.
  const planted = "Zm9yamFkby1wb3ItZWwtYXRhY2FudGUtMDEyMzQ1Njc";
  const signedIn = await signIn(inbox, { cookie: sessionCookie(planted) });
  expect(signedIn.session).toBeTruthy();
  expect(signedIn.session).not.toBe(planted);
  expect(isLogin(await call(inbox, "/bandeja", { cookie: sessionCookie(planted) }))).toBe(true);
  expect((await call(inbox, "/bandeja", { cookie: sessionCookie(signedIn.session) })).status).toBe(200);

  // Signing in again from a signed-in browser replaces its session: the old id ends.
  const again = await signIn(inbox, { cookie: sessionCookie(signedIn.session) });
  expect(again.session).not.toBe(signedIn.session);
  expect(isLogin(await call(inbox, "/bandeja", { cookie: sessionCookie(signedIn.session) }))).toBe(true);
  expect((await call(inbox, "/bandeja", { cookie: sessionCookie(again.session) })).status).toBe(200);
});

test("SQL metacharacters in a search or an address change nothing", async ({ inbox }) => {
  const id = await secretLead(inbox);
  await inbox.submit("sale", sampleValues(definitionOf("sale"), 2));
  const cookie = sessionCookie((await signIn(inbox)).session);
  const everything = (await call(inbox, "/bandeja", { cookie })).decoded().toString();
  expect(everything).toContain("Mostrando 1–2 de 2");
  for (const attack of [
    "' OR '1'='1",
    "' OR 1=1 --",
    '"; DROP TABLE leads; --',
    "'); DELETE FROM leads; --",
  ]) {
    const search = await call(inbox, `/bandeja?q=${encodeURIComponent(attack)}`, { cookie });
    expect(search.status).toBe(200);
    expect(search.decoded().toString()).toContain("No hay consultas con estos filtros.");
    const subject = await call(inbox, `/bandeja/titular?contacto=${encodeURIComponent(attack)}`, { cookie });
    expect(subject.decoded().toString()).not.toContain("Secreta");
    const byId = await call(inbox, `/bandeja/consulta/${encodeURIComponent(attack)}`, { cookie });
    expect(byId.status).toBe(404);
    const filters = await call(
      inbox,
      `/bandeja?estado=${encodeURIComponent(attack)}&formulario=${encodeURIComponent(attack)}`,
      { cookie },
    );
    expect(filters.decoded().toString()).toContain("Mostrando 1–2 de 2");
  }
  expect((await call(inbox, "/bandeja", { cookie })).decoded().toString()).toContain("Mostrando 1–2 de 2");
  expect(await inbox.statusOf(id)).toBe("nuevo");
});

test("a CSV of formula payloads opens as text in a spreadsheet set to es-AR, with ';' or ',', dates shown the Argentine way", async ({
  inbox,
}) => {
  const payloads = {
    nombre: "Juan;=1+1",
    direccion: "@SUM(1+1)*cmd|' /C calc'!A0, piso 3,=2+2",
    telefono: "+54 9 11 5555-0001",
    email: "-2+3@example.com",
  };
  await inbox.submit("express", { ...sampleValues(definitionOf("express"), 1), ...payloads });
  const cookie = sessionCookie((await signIn(inbox)).session);
  await confirmAgain(inbox, cookie);
  const csv = (await call(inbox, "/bandeja/exportar.csv", { cookie })).decoded();
  const [header = [], row = []] = parse(csv, { bom: true, delimiter: ";" }) as string[][];
  const column = (label: string) => row[header.indexOf(label)];
  expect(column("Nombre")).toBe("Juan;'=1+1");
  expect(column("Teléfono")).toBe("'+54 9 11 5555-0001");
  expect(column("Email")).toBe("'-2+3@example.com");

  // Opened as the owner's spreadsheet would: not one cell is a formula, whichever separator it splits on.
  const semicolons = openInSpreadsheet(csv, ";");
  expect(semicolons.formulas).toEqual([]);
  // With ';' (the es-AR list separator) the file opens straight into its columns, each cell as
  // exported; "Recibido" ("25/11/2026 15:50") is read as a date and shown as an es-AR sheet shows
  // one: day first, two-digit year, 24-hour clock ("25/11/26 15:50"; en-US would show
  // "11/25/26 03:50 PM"), whatever the hour of the run.
  const [sheetHeader = [], sheetRow = []] = semicolons.rows;
  expect(sheetHeader).toEqual(header);
  expect(sheetRow.slice(1)).toEqual(row.slice(1, sheetRow.length));
  const [, day, month, year, time] = /^(\d{2})\/(\d{2})\/\d{2}(\d{2}) (\d{2}:\d{2})$/.exec(row[0]!) ?? [];
  expect(sheetRow[0]).toBe(`${day}/${month}/${year} ${time}`);
  const commas = openInSpreadsheet(csv, ",");
  expect(commas.formulas).toEqual([]);
});

test("inbox answers are never cached or indexed, and run only scripts carrying their own nonce", async ({
  inbox,
}) => {
  await secretLead(inbox);
  const login = await call(inbox, "/bandeja/ingresar");
  const cookie = sessionCookie((await signIn(inbox)).session);
  const list = await call(inbox, "/bandeja", { cookie });
  const again = await call(inbox, "/bandeja", { cookie });
  await confirmAgain(inbox, cookie);
  const exported = await call(inbox, "/bandeja/exportar.csv", { cookie });
  const updates = await call(inbox, "/bandeja/novedades", { cookie });
  for (const response of [login, list, exported, updates]) {
    expect(response.header("cache-control")).toBe("no-store");
    expect(response.header("x-robots-tag")).toBe("noindex, nofollow");
    expect(response.header("x-frame-options")).toBe("DENY");
  }
  for (const page of [login, list]) {
    const csp = page.header("content-security-policy")!;
    const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'(;|$)/.exec(csp)?.[1];
    expect(nonce, csp).toBeTruthy();
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = page.decoded().toString();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toContain(`nonce="${nonce}"`);
  }
  expect(list.header("content-security-policy")).not.toBe(again.header("content-security-policy"));
  expect(exported.header("content-type")).toBe("text/csv; charset=utf-8");
  expect(exported.header("content-disposition")).toMatch(
    /^attachment; filename="consultas-\d{4}-\d{2}-\d{2}\.csv"$/,
  );

  const client = clientDirOf(buildDir);
  expect(readFileSync(join(client, "robots.txt"), "utf8")).toContain("Disallow: /bandeja");
  expect(readFileSync(join(client, "sitemap.xml"), "utf8")).not.toContain("bandeja");
});

test("the login never sends the owner to another site", async ({ inbox }) => {
  for (const target of [
    "https://atacante.example/",
    "//atacante.example",
    "/\\atacante.example",
    "/bandeja@atacante.example",
    // Inbox-looking paths that resolve elsewhere: dot segments, encoded dots, backslashes, tabs.
    "/bandeja/../..//atacante.example/phish",
    "/bandeja/%2e%2e/%2e%2e//atacante.example/phish",
    "/bandeja/%2E%2E//atacante.example/",
    "/bandeja\\..\\..\\\\atacante.example",
    "/bandeja/..\t/..//atacante.example/",
  ]) {
    const response = await call(inbox, "/bandeja/ingresar", {
      form: { email: ownerEmail, password: ownerPassword, volver: target },
    });
    // The password leads to the second step (decision 0024), which keeps only the safe way back.
    expect(response.status).toBe(302);
    expect(response.header("location"), target).toBe("/bandeja/ingresar/verificar?volver=%2Fbandeja");
  }
});

test("a Host header no URL can hold gets 400 on the inbox, not a server error", async ({ inbox }) => {
  for (const host of ["a b", "[::1", "x:99999", "exa mple.com:80", "%00"]) {
    const response = await rawTarget(inbox.url, "/bandeja", { Host: host });
    expect(response.status, host).toBe(400);
  }
});

test("a CSV cell with formulas after its line breaks opens as text in LibreOffice, with ';' or ','", async ({
  inbox,
}) => {
  // What the audit sent: a comment whose later lines are formulas, then the same after \r and \r\n.
  const comment = "hola\n=1+1\n@SUM(2)\r+3*3\r\n-4+4\n  =5+5";
  await inbox.submit("valuation", { ...sampleValues(definitionOf("valuation"), 1), comentarios: comment });
  const cookie = sessionCookie((await signIn(inbox)).session);
  await confirmAgain(inbox, cookie);
  const csv = (await call(inbox, "/bandeja/exportar.csv", { cookie })).decoded();
  const [header = [], row = []] = parse(csv, { bom: true, delimiter: ";" }) as string[][];
  // Every line of the cell, however the service stored its breaks, begins as text.
  const lines = row[header.indexOf("Comentarios")]!.split(/\r\n|\n|\r/);
  expect(lines).toHaveLength(6);
  expect(lines.filter((line) => /^ *[=+\-@]/.test(line))).toEqual([]);
  for (const separator of [";", ","] as const) {
    const sheet = openInSpreadsheet(csv, separator);
    expect(sheet.formulas, `separator ${separator}`).toEqual([]);
  }
});

test("a Host with user info, or any odd request target, gets a 4xx on the inbox, never a server error", async ({
  inbox,
}) => {
  const { host } = new URL(inbox.url);
  for (const badHost of ["a@b", `u:p@${host}`, `@${host}`, `${host}@`, "u@[::1]:80"]) {
    const response = await rawTarget(inbox.url, "/bandeja", { Host: badHost });
    expect(response.status, badHost).toBeGreaterThanOrEqual(400);
    expect(response.status, badHost).toBeLessThan(500);
  }
  for (const target of [
    `http://u:p@${host}/bandeja`,
    `http://${host}@otro.example/bandeja`,
    `http://otro.example/bandeja`,
    "//u:p@otro.example/bandeja",
    "/bandeja?%",
    "/bandeja/%",
    "/bandeja/%00",
    "/bandeja/%ff%fe",
    "*",
    "bandeja",
  ]) {
    const response = await rawTarget(inbox.url, target);
    expect(response.status, target).toBeLessThan(500);
  }
});
