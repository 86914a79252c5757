import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { loadSiteConfig } from "../../app/config/site-config.ts";
import { composeMessage } from "../../app/features/leads/compose-message.ts";
import {
  expressForm,
  expressOnlineForm,
  formInLanguage,
} from "../../app/features/leads/markup/site-forms.ts";
import { Store } from "../../server/storage/store.ts";
import { genericWhatsAppLink, writeFixtureBuild } from "./fixture-build.ts";
import { healthDetails, startService, type ServiceProcess } from "../../scripts/service-process.ts";
import { formEncoded, json, send, urlEncoded } from "./http-client.ts";

/**
 * The lead endpoint as a visitor's browser, a script and an attacker meet it:
 * the real server process (`node server/serve.ts`) on loopback, a real SQLite
 * file, every answer checked against what was stored.
 */
const site = loadSiteConfig({}).config;
const folders: string[] = [];
const tempDir = (prefix: string) => {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
};
const buildDir = writeFixtureBuild();
folders.push(buildDir);

let service: ServiceProcess;
let store: Store;
let dataDir: string;

beforeAll(async () => {
  dataDir = tempDir("leads-endpoint-");
  // A generous limit: these tests send many submissions from 127.0.0.1.
  service = await startService({ BUILD_DIR: buildDir, LEADS_DATA_DIR: dataDir, LEADS_RATE_LIMIT: "1000" });
  store = await Store.open({ dataDir });
}, 60_000);

/** Every answer the express-online form requires, but its checkbox list (amenities). */
const onlineAnswers: Record<string, string> = {
  tipoPropiedad: "Casa",
  direccion: "Juana Manso 1000",
  superficie: "200",
  ambientes: "5+",
  antiguedad: "A estrenar",
  estado: "Excelente",
  urgencia: "1 semana",
  contacto: "Lía",
  telefono: "11 4444 0000",
  email: "lia@example.com",
};

afterAll(async () => {
  await store?.close();
  await service?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

const tricky = {
  nombre: `Zoë O'Brien "la <b>jefa</b>" & Cía. 🏙️`,
  direccion: `Av. Alicia M. de Justo 1150, piso 3° "B" # % + ? = / <script>alert(1)</script>`,
  comentarios: `שלום عربى\nsegunda línea '; drop table leads; --`,
};

const expressValues = {
  tipoPropiedad: "Departamento",
  edificio: "Otro",
  direccion: tricky.direccion,
  superficie: "85.5",
  ambientes: "3 ambientes",
  nombre: tricky.nombre,
  telefono: "+54 9 11 5555-0101",
  email: "zoe@example.com",
};

const entities: Record<string, string> = {
  "&#39;": "'",
  "&quot;": '"',
  "&lt;": "<",
  "&gt;": ">",
  "&amp;": "&",
};
const decodeEntity = (entity: string) => entities[entity]!;

const submitUrl = (formId: string) => `${service.baseUrl}/api/form/submit/${formId}`;

async function storedLead(id: string) {
  const lead = await store.leads.get(id);
  if (!lead) throw new Error(`lead ${id} is not in the database`);
  return lead;
}

describe("a submission that is stored", { timeout: 60_000 }, () => {
  test("JSON path: 201 with the id, stored exactly as typed, with page, hand-off, hashed address and browser", async () => {
    const body = urlEncoded({
      ...expressValues,
      _page: "/tasar-departamentos",
      _handoff: "tab-refused",
    });
    const response = await send(submitUrl("express"), {
      headers: { ...formEncoded, ...json, "User-Agent": "Prueba/1.0" },
      body,
      from: "127.0.0.7",
    });
    expect(response.status).toBe(201);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    const answer = JSON.parse(response.body) as { ok: boolean; id: string };
    expect(answer.ok).toBe(true);

    const lead = await storedLead(answer.id);
    expect(lead.formId).toBe("express");
    expect(lead.values).toEqual(expressValues); // every field of the definition, nothing else
    expect(lead.page).toBe("/tasar-departamentos");
    expect(lead.handoff).toBe("tab-refused");
    expect(lead.status).toBe("nuevo");
    expect(lead.userAgent).toBe("Prueba/1.0");
    expect(lead.clientIpHash).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(lead)).not.toContain("127.0.0.7");
    expect(lead.contact).toEqual({
      name: tricky.nombre,
      phone: "+54 9 11 5555-0101",
      email: "zoe@example.com",
    });
  });

  test("without _page, the page comes from the Referer when it is the site's own, never from elsewhere", async () => {
    const fromSite = await send(submitUrl("express"), {
      headers: { ...formEncoded, ...json, Referer: `${service.baseUrl}/tasaciones?x=1` },
      body: urlEncoded(expressValues),
    });
    expect((await storedLead((JSON.parse(fromSite.body) as { id: string }).id)).page).toBe("/tasaciones");
    const fromElsewhere = await send(submitUrl("express"), {
      headers: { ...formEncoded, ...json, Referer: "https://evil.example/phish" },
      body: urlEncoded(expressValues),
    });
    expect((await storedLead((JSON.parse(fromElsewhere.body) as { id: string }).id)).page).toBeNull();
  });

  test("SQL metacharacters are stored verbatim; a single-line answer keeps one line", async () => {
    const values = {
      ...expressValues,
      nombre: `Robert'); DROP TABLE leads;--`,
      direccion: `1' OR '1'='1\r\nsegunda`,
    };
    const response = await send(submitUrl("express"), {
      headers: { ...formEncoded, ...json },
      body: urlEncoded(values),
    });
    expect(response.status).toBe(201);
    const lead = await storedLead((JSON.parse(response.body) as { id: string }).id);
    expect(lead.values.nombre).toBe(`Robert'); DROP TABLE leads;--`);
    // Browsers drop line breaks from a text input; a script's become a space.
    expect(lead.values.direccion).toBe(`1' OR '1'='1 segunda`);
    expect((await store.leads.list({}, { limit: 1, offset: 0 })).total).toBeGreaterThan(1);
  });

  test("multipart/form-data with a repeated checkbox name, as a browser posts it", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries(onlineAnswers)) form.append(name, value);
    form.append("amenities", "Pileta");
    form.append("amenities", "Gimnasio");
    const encoded = new Response(form);
    const response = await send(submitUrl("express-online"), {
      headers: { "Content-Type": encoded.headers.get("content-type")!, ...json },
      body: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(response.status).toBe(201);
    const lead = await storedLead((JSON.parse(response.body) as { id: string }).id);
    expect(lead.values.amenities).toEqual(["Pileta", "Gimnasio"]);
    expect(lead.values.contacto).toBe("Lía");
    expect(lead.handoff).toBe("no-script");
    expect(lead.contact.name).toBe("Lía");
    expect(Object.keys(lead.values).sort()).toEqual(
      expressOnlineForm.sections.flatMap((section) => section.fields.map((field) => field.name)).sort(),
    );
  });

  test("the off-plan form keeps the spec's path and needs no hand-off", async () => {
    const response = await send(submitUrl(site.offPlanFormId), {
      headers: { ...formEncoded, ...json },
      body: urlEncoded({
        presupuesto: "USD 200.000 - 300.000",
        tipologia: "2 dormitorios",
        preferencia_piso: "Piso alto (26 o más)",
        tipo_edificio: "Frente al río",
        composicion_familiar: "Pareja sin hijos",
        cuando_mudarse: String(new Date().getFullYear() + 2),
        dispuesto_esperar: "Hasta 3 años",
        nombre: "Inversor",
        telefono: "11 3333 0000",
        email: "inversor@example.com",
      }),
    });
    expect(response.status).toBe(201);
    const lead = await storedLead((JSON.parse(response.body) as { id: string }).id);
    expect(lead.formId).toBe("consulta-inversion-pozo");
    expect(lead.handoff).toBe("not-applicable");
  });

  test("a comment of exactly 500 characters with line breaks is accepted; 501 is refused", async () => {
    const comment500 = `${"a".repeat(249)}\r\n${"b".repeat(250)}`; // 500 characters as typed
    const ok = await send(submitUrl("valuation"), {
      headers: { ...formEncoded, ...json },
      body: urlEncoded({ ...valuationRequired, comentarios: comment500 }),
    });
    expect(ok.status).toBe(201);
    const lead = await storedLead((JSON.parse(ok.body) as { id: string }).id);
    expect(lead.values.comentarios).toHaveLength(500);

    const tooLong = await send(submitUrl("valuation"), {
      headers: { ...formEncoded, ...json },
      body: urlEncoded({ ...valuationRequired, comentarios: "x".repeat(501) }),
    });
    expect(tooLong.status).toBe(422);
    expect(JSON.parse(tooLong.body)).toEqual({
      ok: false,
      error: "Revisá estos datos: Comentarios.",
      fields: { comentarios: "Escribí hasta 500 caracteres." },
    });
  });
});

const valuationRequired = {
  torre: "Otro",
  ambientes: "3",
  vista: "Río",
  nombre: "Ana",
  whatsapp: "11 5555 0000",
  email: "ana@example.com",
};

describe("a native (no-JavaScript) post", { timeout: 60_000 }, () => {
  test("gets 303 to /gracias with an opaque id, and /gracias carries the composed WhatsApp message", async () => {
    const response = await send(submitUrl("express"), {
      headers: formEncoded,
      body: urlEncoded(expressValues),
    });
    expect(response.status).toBe(303);
    const location = String(response.headers.location);
    expect(location).toMatch(/^\/gracias\?envio=[A-Za-z0-9_-]{22}$/);
    for (const value of ["Zo", "zoe", "5555", "Alicia"]) expect(location).not.toContain(value);

    const lead = await storedLead(new URL(location, service.baseUrl).searchParams.get("envio")!);
    expect(lead.handoff).toBe("no-script");

    const page = await send(`${service.baseUrl}${location}`);
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    const tag = /<a[^>]*data-handoff-link[^>]*>/.exec(page.body)![0];
    const href = /href="([^"]*)"/.exec(tag)![1]!.replace(/&#39;|&quot;|&lt;|&gt;|&amp;/g, decodeEntity);
    expect(href.startsWith("https://wa.me/")).toBe(true);
    expect(new URL(href).searchParams.get("text")).toBe(composeMessage(expressForm, expressValues));
    // Visitor text never becomes markup in the page.
    expect(page.body).not.toContain("<script>alert(1)</script>");
    expect(page.body).not.toContain("<b>jefa</b>");
  });

  test("/gracias shows the generic link for an unknown or malformed id, and for the off-plan form", async () => {
    for (const envio of ["AAAAAAAAAAAAAAAAAAAAAA", "<script>", "' or 1=1 --"]) {
      const page = await send(`${service.baseUrl}/gracias?envio=${encodeURIComponent(envio)}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain(`href="${genericWhatsAppLink}"`);
    }
    const offPlan = await send(submitUrl(site.offPlanFormId), {
      headers: formEncoded,
      body: urlEncoded({ nombre: "Sin JS", telefono: "11 1111 1111", email: "a@example.com" }),
    });
    expect(offPlan.status).toBe(422); // required off-plan answers missing: an HTML page, see below
    expect(offPlan.headers["content-type"]).toBe("text/html; charset=utf-8");
  });

  test("a refused native post answers a Spanish page whose WhatsApp link carries everything typed", async () => {
    const values = { ...expressValues, ambientes: "" };
    const response = await send(submitUrl("express"), { headers: formEncoded, body: urlEncoded(values) });
    expect(response.status).toBe(422);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.body).toContain("Completá este dato.");
    expect(response.body).toContain('<html lang="es-AR">');
    const href = /<a href="(https:\/\/wa\.me\/[^"]*)"/
      .exec(response.body)![1]!
      .replace(/&#39;|&quot;|&lt;|&gt;|&amp;/g, decodeEntity);
    expect(new URL(href).searchParams.get("text")).toBe(composeMessage(expressForm, values));
    expect(response.body).not.toContain("<script>alert(1)</script>");
  });

  test("a refused post from an English page answers in English, its WhatsApp message in English", async () => {
    const values = { ...expressValues, ambientes: "" };
    const response = await send(submitUrl("express"), {
      headers: formEncoded,
      body: urlEncoded({ ...values, _page: "/en" }),
    });
    expect(response.status).toBe(422);
    expect(response.body).toContain('<html lang="en">');
    expect(response.body).toContain("Please fill this in.");
    expect(response.body).toContain("Your answers are not lost");
    expect(response.body).not.toMatch(/Completá|Abrir WhatsApp|Volver al inicio/);
    const href = /<a href="(https:\/\/wa\.me\/[^"]*)"/
      .exec(response.body)![1]!
      .replace(/&#39;|&quot;|&lt;|&gt;|&amp;/g, decodeEntity);
    const text = new URL(href).searchParams.get("text")!;
    expect(text).toBe(composeMessage(formInLanguage(expressForm, "en"), values));
    expect(text).toMatch(
      /^Hello, I would like to request an express appraisal\. I prefer to continue in English\./,
    );
    expect(text).toContain("🏠 Property type: Apartment");
  });

  test("a post from an English page lands on the English thank-you page; the lead is stored as in Spanish", async () => {
    const response = await send(submitUrl("express"), {
      headers: formEncoded,
      body: urlEncoded({ ...expressValues, _page: "/en/towers/alvear-tower" }),
    });
    expect(response.status).toBe(303);
    const location = String(response.headers.location);
    expect(location).toMatch(/^\/en\/thank-you\?envio=[A-Za-z0-9_-]{22}$/);
    const lead = await storedLead(new URL(location, service.baseUrl).searchParams.get("envio")!);
    // The stored values are the same words a Spanish page stores: the inbox reads one language.
    expect(lead.values.tipoPropiedad).toBe("Departamento");
    expect(lead.page).toBe("/en/towers/alvear-tower");

    const page = await send(`${service.baseUrl}${location}`);
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toBe("no-store");
    const tag = /<a[^>]*data-handoff-link[^>]*>/.exec(page.body)![0];
    const href = /href="([^"]*)"/.exec(tag)![1]!.replace(/&#39;|&quot;|&lt;|&gt;|&amp;/g, decodeEntity);
    expect(new URL(href).searchParams.get("text")).toBe(
      composeMessage(formInLanguage(expressForm, "en"), expressValues),
    );
  });
});

describe("what is refused", { timeout: 60_000 }, () => {
  test("415 for anything but form data", async () => {
    for (const contentType of ["application/json", "text/plain", "application/xml", ""]) {
      const response = await send(submitUrl("express"), {
        headers: { ...json, ...(contentType ? { "Content-Type": contentType } : {}) },
        body: JSON.stringify(expressValues),
      });
      expect(response.status, contentType).toBe(415);
      expect(JSON.parse(response.body).ok).toBe(false);
    }
  });

  test("413 for a body over the limit, declared or streamed", async () => {
    const big = urlEncoded({ ...expressValues, relleno: "x".repeat(40_000) });
    const declared = await send(submitUrl("express"), { headers: { ...formEncoded, ...json }, body: big });
    expect(declared.status).toBe(413);

    const streamed = await send(submitUrl("express"), {
      headers: { ...formEncoded, ...json, "Transfer-Encoding": "chunked" },
      body: big,
    });
    expect(streamed.status).toBe(413);
  });

  test("404 for an unknown form, including names of object properties", async () => {
    for (const formId of ["no-existe", "__proto__", "constructor", "off-plan", "..%2Fhealth", "%E0%A4%A"]) {
      const response = await send(submitUrl(formId), {
        headers: { ...formEncoded, ...json },
        body: "nombre=x",
      });
      expect(response.status, formId).toBe(404);
    }
    const native = await send(submitUrl("no-existe"), { headers: formEncoded, body: "nombre=x" });
    expect(native.status).toBe(404);
    expect(native.body).toContain("Formulario no encontrado");
  });

  test("422 with a clear Spanish message per field when required answers are missing", async () => {
    const response = await send(submitUrl("express"), {
      headers: { ...formEncoded, ...json },
      body: urlEncoded({ nombre: "Solo nombre" }),
    });
    expect(response.status).toBe(422);
    const answer = JSON.parse(response.body) as { error: string; fields: Record<string, string> };
    expect(answer.error).toBe(
      "Revisá estos datos: Tipo de propiedad, Dirección, Superficie (m²), Ambientes, Teléfono, Email.",
    );
    expect(Object.keys(answer.fields)).toEqual([
      "tipoPropiedad",
      "direccion",
      "superficie",
      "ambientes",
      "telefono",
      "email",
    ]);
    expect(new Set(Object.values(answer.fields))).toEqual(new Set(["Completá este dato."]));
  });

  test("405 for other methods on the endpoint", async () => {
    const response = await send(submitUrl("express"), { method: "GET" });
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("POST, OPTIONS");
  });

  test("a filled honeypot is answered like a lead and stored as spam", async () => {
    const response = await send(submitUrl("express"), {
      headers: { ...formEncoded, ...json },
      body: urlEncoded({ ...expressValues, website: "http://spam.example" }),
    });
    expect(response.status).toBe(201);
    const lead = await storedLead((JSON.parse(response.body) as { id: string }).id);
    expect(lead.status).toBe("spam");
    expect(lead.notification).toBe("skipped");
  });
});

describe("answers checked against the form (the definition that drew it)", { timeout: 60_000 }, () => {
  const leadCount = async () => (await store.leads.list({}, { limit: 1, offset: 0 })).total;

  test("the audit's answers get 422, a message per field, and nothing is stored", async () => {
    const before = await leadCount();
    const response = await send(submitUrl("express"), {
      headers: { ...formEncoded, ...json },
      body: urlEncoded({
        ...expressValues,
        tipoPropiedad: "Castillo medieval",
        ambientes: "99 ambientes",
        superficie: "-1e309",
        telefono: "abc",
        email: "not-an-email",
      }),
    });
    expect(response.status).toBe(422);
    expect(JSON.parse(response.body)).toEqual({
      ok: false,
      error: "Revisá estos datos: Tipo de propiedad, Superficie (m²), Ambientes, Teléfono, Email.",
      fields: {
        tipoPropiedad: "Elegí una de las opciones de la lista.",
        superficie: "Escribí un número entre 1 y 100.000.",
        ambientes: "Elegí una de las opciones de la lista.",
        telefono: "Escribí un teléfono con código de área: de 8 a 15 números, por ejemplo 11 5555-5555.",
        email: "Escribí un email completo, por ejemplo nombre@ejemplo.com.",
      },
    });
    expect(await leadCount()).toBe(before);
  });

  test("a field the form does not have is refused; the reserved fields are not", async () => {
    const response = await send(submitUrl("express"), {
      headers: { ...formEncoded, ...json },
      body: urlEncoded({
        ...expressValues,
        campo_inventado: "x",
        _page: "/",
        _handoff: "tab-opened",
        website: "",
      }),
    });
    expect(response.status).toBe(422);
    expect(JSON.parse(response.body).fields).toEqual({
      campo_inventado: "Este formulario no tiene ese campo.",
    });
  });

  test("more than the list's checkbox values gets its own message, not the one about characters", async () => {
    const body = new URLSearchParams(onlineAnswers);
    for (let count = 0; count < 51; count += 1) body.append("amenities", "Pileta");
    const response = await send(submitUrl("express-online"), {
      headers: { ...formEncoded, ...json },
      body: body.toString(),
    });
    expect(response.status).toBe(422);
    expect(JSON.parse(response.body).fields).toEqual({
      amenities: "Elegí como mucho 15 opciones de la lista.",
    });
  });

  test("an English page gets its messages in English", async () => {
    const response = await send(submitUrl("express"), {
      headers: { ...formEncoded, ...json },
      body: urlEncoded({ ...expressValues, email: "not-an-email", _page: "/en" }),
    });
    expect(response.status).toBe(422);
    expect(JSON.parse(response.body)).toEqual({
      ok: false,
      error: "Please check: Email.",
      fields: { email: "Please write a full e-mail address, for example name@example.com." },
    });
  });

  test("presets and edge values the form allows are stored: a preset outside the list, decimals, 8 and 15 digits", async () => {
    const values = {
      ...expressValues,
      edificio: "Consulta general",
      superficie: "0.5e1",
      telefono: "(011) 4555.0000",
      nombre: "N".repeat(200),
    };
    const response = await send(submitUrl("express"), {
      headers: { ...formEncoded, ...json },
      body: urlEncoded(values),
    });
    expect(response.status).toBe(201);
    expect((await storedLead((JSON.parse(response.body) as { id: string }).id)).values).toEqual(values);
  });

  test("off-plan: a page built last year still offers last year's move-in years, and they are accepted", async () => {
    const year = new Date().getFullYear();
    for (const move of [String(year - 1), `${year + 3} o más tarde`, `${year + 5} o más tarde`]) {
      const response = await send(submitUrl(site.offPlanFormId), {
        headers: { ...formEncoded, ...json },
        body: urlEncoded({
          presupuesto: "Más de USD 500.000",
          tipologia: "Penthouse",
          preferencia_piso: "Sin preferencia",
          tipo_edificio: "Sin preferencia",
          composicion_familiar: "Persona sola",
          cuando_mudarse: move,
          dispuesto_esperar: "Más de 5 años",
          nombre: "Inversora",
          telefono: "11 3333 0000",
          email: "inversora@example.com",
        }),
      });
      expect(response.status, move).toBe(201);
    }
  });

  test("a refused native post comes back as its form: answers filled in, messages next to the fields", async () => {
    const values = { ...expressValues, telefono: "abc", _page: "/tasaciones" };
    const response = await send(submitUrl("express"), { headers: formEncoded, body: urlEncoded(values) });
    expect(response.status).toBe(422);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    const html = response.body;
    expect(html).toContain('<form method="post" action="/api/form/submit/express"');
    expect(html).toContain('<input type="hidden" name="_page" value="/tasaciones">');
    // The refused field: marked, described by its message, focused.
    const phone = /<input type="tel"[^>]*>/.exec(html)![0];
    expect(phone).toContain('aria-invalid="true"');
    expect(phone).toContain('aria-describedby="campo-telefono-help campo-telefono-error"');
    expect(phone).toContain(" autofocus");
    expect(phone).toContain('value="abc"');
    expect(phone).toContain('maxlength="30"');
    expect(html).toContain(
      '<p id="campo-telefono-error" class="text-sm font-medium text-red-800">Escribí un teléfono',
    );
    // Every other answer is there, escaped, with the same limits as the page's form.
    expect(html).toContain(
      `value="${tricky.nombre.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/'/g, "&#39;").replace(/</g, "&lt;").replace(/>/g, "&gt;")}"`,
    );
    expect(html).toContain('<option value="Departamento" selected>');
    expect(html).toContain('<option value="3 ambientes" selected>');
    expect(html).toContain('min="1" max="100000" step="any"');
    expect(html).not.toContain("<b>jefa</b>");
    // The WhatsApp way out stays.
    expect(html).toMatch(/<a href="https:\/\/wa\.me\/[^"]*text=/);

    // Corrected and sent again, as the page's form posts it: stored, and the thank-you page.
    const again = await send(submitUrl("express"), {
      headers: formEncoded,
      body: urlEncoded({ ...values, telefono: "11 5555 0000", website: "" }),
    });
    expect(again.status).toBe(303);
    const lead = await storedLead(
      new URL(String(again.headers.location), service.baseUrl).searchParams.get("envio")!,
    );
    expect(lead.values.telefono).toBe("11 5555 0000");
    expect(lead.page).toBe("/tasaciones");
  });
});

describe("CORS: the configured site origin only", { timeout: 60_000 }, () => {
  test("the site's origin gets its CORS header; so does the service's own origin", async () => {
    for (const origin of [site.siteUrl, service.baseUrl]) {
      const response = await send(submitUrl("express"), {
        headers: { ...formEncoded, ...json, Origin: origin },
        body: urlEncoded(expressValues),
      });
      expect(response.status).toBe(201);
      expect(response.headers["access-control-allow-origin"]).toBe(origin);
      expect(response.headers.vary).toContain("Origin");
    }
    const preflight = await send(submitUrl("express"), {
      method: "OPTIONS",
      headers: { Origin: site.siteUrl, "Access-Control-Request-Method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers["access-control-allow-origin"]).toBe(site.siteUrl);
    expect(preflight.headers["access-control-allow-methods"]).toBe("POST");
  });

  test("an opaque origin (null) is stored like a post without Origin, with no CORS header", async () => {
    const response = await send(submitUrl("express"), {
      headers: { ...formEncoded, ...json, Origin: "null" },
      body: urlEncoded(expressValues),
    });
    expect(response.status).toBe(201);
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
  });

  test("a forged origin is refused, stores nothing and gets no CORS header", async () => {
    const before = (await store.leads.list({}, { limit: 1, offset: 0 })).total;
    for (const origin of [
      "https://evil.example",
      `${site.siteUrl}.evil.example`,
      "http://127.0.0.1.evil.example",
    ]) {
      const response = await send(submitUrl("express"), {
        headers: { ...formEncoded, ...json, Origin: origin },
        body: urlEncoded(expressValues),
      });
      expect(response.status, origin).toBe(403);
      expect(response.headers["access-control-allow-origin"]).toBeUndefined();
      const preflight = await send(submitUrl("express"), {
        method: "OPTIONS",
        headers: { Origin: origin, "Access-Control-Request-Method": "POST" },
      });
      expect(preflight.status).toBe(403);
      expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
    }
    expect((await store.leads.list({}, { limit: 1, offset: 0 })).total).toBe(before);
  });
});

describe("operations", { timeout: 60_000 }, () => {
  test("health tells anyone only ok and its status; the doctor, with the server's secret, the details", async () => {
    const response = await send(`${service.baseUrl}/api/health`);
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ ok: true });
    expect(response.headers["cache-control"]).toBe("no-store");
    // What a visitor might try: a guessed secret, the proxy's header, or the address of this machine.
    const attempts: Record<string, string>[] = [
      { "X-Health-Details": "guess" },
      { "X-Health-Details": healthDetails["X-Health-Details"].slice(1) },
      { "X-Proxy-Secret": healthDetails["X-Health-Details"], "X-Forwarded-For": "127.0.0.1" },
    ];
    for (const headers of attempts) {
      const guessed = await send(`${service.baseUrl}/api/health`, { headers });
      expect(JSON.parse(guessed.body), JSON.stringify(headers)).toEqual({ ok: true });
    }
    const doctor = await send(`${service.baseUrl}/api/health`, { headers: healthDetails });
    expect(doctor.status).toBe(200);
    expect(JSON.parse(doctor.body)).toEqual({ ok: true, database: "ok", backup: { state: "off" } });
  });

  test("the service's answers carry the site's security headers", async () => {
    const response = await send(`${service.baseUrl}/api/health`);
    for (const header of ["content-security-policy", "x-content-type-options", "strict-transport-security"])
      expect(response.headers[header]).toBeDefined();
  });

  test("one log line per request, with no visitor data", async () => {
    const marker = "Marcador-Único-4242";
    const response = await send(submitUrl("express"), {
      headers: { ...formEncoded, ...json, "User-Agent": `UA-${marker}` },
      body: urlEncoded({
        ...expressValues,
        nombre: marker,
        // An e-mail's local part is ASCII (as input type=email requires).
        email: "marcador-unico-4242@example.com",
        telefono: "11 9876-5432",
      }),
      from: "127.0.0.9",
    });
    expect(response.status).toBe(201);
    await send(`${service.baseUrl}/gracias?envio=secreto-en-la-url`);
    await expect.poll(() => service.output()).toMatch(/GET \/gracias 200/);
    const log = service.output();
    for (const secret of [marker, "marcador-unico", "9876", "127.0.0.9", "secreto-en-la-url", "UA-"])
      expect(log).not.toContain(secret);
    expect(log).toMatch(/^\S+Z POST \/api\/form\/submit\/express 201 [\d.]+ms$/m);
  });
});
