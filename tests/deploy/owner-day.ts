/**
 * The owner's day on the installed server, in Debian's Chromium at a phone's 390 px, as
 * tests/deploy/go-live.sh runs it against the booted Debian: Chromium reaches the domain through
 * `--host-resolver-rules` and trusts pebble's root through an NSS database of its own (as a
 * phone trusts Let's Encrypt), never by ignoring certificate errors.
 *
 *   node tests/deploy/owner-day.ts dia    --domain … --root-ca … --code … (the first sign-in, steps 1–5 with the visit, 3v)
 *   node tests/deploy/owner-day.ts cierre --domain … --root-ca …          (after every update, step 7)
 *
 * Each step prints one line, `ok N. …` or `FALLA N. …`, with its seconds; go-live.sh counts them.
 * The owner's password comes in OWNER_DAY_PASSWORD, never on the command line.
 * --visitor names the visitor who writes from the new tower's page: one name per part, so each
 * part's lead is found by its own name.
 * A screenshot after each step goes to --shots. What the walk learns (the authenticator's secret,
 * the last code used) is kept in --state for the next part.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

import { Secret, TOTP } from "otpauth";
import { chromium, type Browser, type Locator, type Page } from "playwright-core";
import sharp from "sharp";

import { towers } from "../../app/content/towers.ts";
import { apartmentFormFor } from "../../app/features/leads/forms/apartment.ts";
import { allFields } from "../../app/features/leads/forms/types.ts";
import { chromiumEnv, chromiumFlags, chromiumPath } from "../../scripts/chromium.ts";
import { weekdayAhead } from "../e2e/visit-dates.ts";
import { addVirtualAuthenticator } from "../webauthn.ts";

const { positionals, values: options } = parseArgs({
  allowPositionals: true,
  options: {
    domain: { type: "string" },
    "root-ca": { type: "string" },
    email: { type: "string" },
    code: { type: "string" },
    whatsapp: { type: "string" },
    business: { type: "string" },
    tower: { type: "string" },
    "tower-slug": { type: "string" },
    visitor: { type: "string" },
    "photo-alt": { type: "string" },
    state: { type: "string" },
    shots: { type: "string", default: "/tmp/shots/owner-day" },
  },
});

function required(name: keyof typeof options): string {
  const value = options[name];
  if (typeof value !== "string" || value === "") throw new Error(`falta --${name}`);
  return value;
}

const part = positionals[0];
const origin = `https://${required("domain")}`;
const email = required("email");
// From the environment, as the owner types it: a command line is readable by every local user.
const password = process.env.OWNER_DAY_PASSWORD ?? "";
if (!password) throw new Error("falta OWNER_DAY_PASSWORD");
const whatsapp = required("whatsapp");
const whatsappDigits = whatsapp.replace(/\D/g, "");
const business = required("business");
const tower = { name: required("tower"), slug: required("tower-slug") };
const visitor = required("visitor");
const photoAlt = required("photo-alt");
const statePath = required("state");
const shots = options.shots!;
/** A build on the shared two-core machine has taken minutes; the owner would wait as long. */
const buildMs = 20 * 60_000;

type WalkState = { secret: string; lastTimeStep: number };

// ---- Steps, their lines and their screenshots ----

let page: Page;
let shotNumber = 0;

async function shot(name: string): Promise<void> {
  shotNumber += 1;
  mkdirSync(shots, { recursive: true });
  const file = join(shots, `${part}-${String(shotNumber).padStart(2, "0")}-${name}.png`);
  await page.screenshot({ path: file });
  console.log(`   captura: ${file}`);
}

/** One numbered step: its line, ok or FALLA, with its seconds; a failure ends the part. */
async function step(number: string, description: string, body: () => Promise<string | void>): Promise<void> {
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  try {
    const detail = await body();
    console.log(`ok ${number}. ${description}${detail ? ` — ${detail}` : ""} (${seconds()} s)`);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    await shot(`${number}-falla`).catch(() => undefined);
    console.log(`FALLA ${number}. ${description}: ${reason} (${seconds()} s, en ${page.url()})`);
    throw new StepFailed();
  }
}

class StepFailed extends Error {}

function ensure(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** Waits for the inbox's React page to answer clicks (the attribute its root sets once hydrated). */
async function hydrated(): Promise<void> {
  await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 60_000 });
}

async function visible(target: Locator, timeout = 60_000): Promise<Locator> {
  await target.first().waitFor({ state: "visible", timeout });
  return target.first();
}

const onPath = (path: string) => page.waitForURL((url) => url.pathname === path, { timeout: 60_000 });

// ---- The authenticator app: the code for the current 30 s, never one the server has seen ----

let state: WalkState | undefined;

function saveState(): void {
  writeFileSync(statePath, JSON.stringify(state), { mode: 0o600 });
}

async function appCode(): Promise<string> {
  ensure(state, "no hay app de autenticación todavía");
  // A code is good once: the next one comes with the next 30 seconds, as on the phone.
  while (Math.floor(Date.now() / 30_000) <= state.lastTimeStep) await page.waitForTimeout(1_000);
  const now = Date.now();
  state.lastTimeStep = Math.floor(now / 30_000);
  saveState();
  return TOTP.generate({ secret: Secret.fromBase32(state.secret), timestamp: now });
}

/** «Confirmá que sos vos», when the inbox asks: the password if it wants it, then the app's code. */
async function confirmIfAsked(): Promise<void> {
  if (new URL(page.url()).pathname !== "/bandeja/confirmar") return;
  await hydrated();
  await shot("confirmar");
  const withPassword = page.getByRole("button", { name: "Confirmar con la contraseña" });
  if (await withPassword.isVisible()) {
    await page.getByLabel("Contraseña").fill(password);
    await withPassword.click();
    await withPassword.waitFor({ state: "hidden" });
  }
  if (new URL(page.url()).pathname === "/bandeja/confirmar") {
    await page.getByLabel("Código", { exact: true }).fill(await appCode());
    await page.getByRole("button", { name: "Confirmar con el código" }).click();
  }
  await page.waitForURL((url) => url.pathname !== "/bandeja/confirmar", { timeout: 60_000 });
  await hydrated();
}

/** A publication or undo pressed on /bandeja/sitio: confirmed if asked, then the held work pressed. */
async function pressAndConfirm(button: Locator): Promise<void> {
  await button.click();
  await page.waitForURL((url) => url.pathname !== "/bandeja/sitio" || url.search !== "", { timeout: 60_000 });
  await confirmIfAsked();
  const held = page.getByRole("region", { name: /^¿(Publicar estos cambios|Volver a .+)\?$/ });
  if (await held.isVisible()) {
    await shot("lo-que-se-publica");
    await held.getByRole("button").first().click();
  }
}

// ---- What a visitor gets ----

/** The page as the visitor's browser gets it: its status and the WhatsApp links it carries, decoded. */
async function visit(path: string): Promise<{ status: number; chats: URL[]; text: string; lang: string }> {
  const response = await page.goto(`${origin}${path}`, { waitUntil: "load" });
  ensure(response, `${path} no respondió`);
  const hrefs = await page
    .locator('a[href^="https://wa.me/"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
  return {
    status: response.status(),
    chats: hrefs.map((href) => new URL(href)),
    text: await page.locator("body").innerText(),
    lang: (await page.locator("html").getAttribute("lang")) ?? "",
  };
}

/** The served site carries the owner's facts: the number in every WhatsApp link, the name, the tower in both languages. */
async function publicationServed(): Promise<string> {
  const home = await visit("/");
  ensure(home.status === 200, `/ respondió ${home.status}`);
  ensure(home.chats.length > 0, "la portada no tiene ningún enlace a WhatsApp");
  const numbers = [...new Set(home.chats.map((chat) => chat.pathname.slice(1)))];
  ensure(
    numbers.length === 1 && numbers[0] === whatsappDigits,
    `los enlaces de WhatsApp van a ${numbers.join(", ")}, no a ${whatsappDigits}`,
  );
  ensure(home.text.includes(business), `la portada no dice «${business}»`);
  await shot("portada");
  const chat = home.chats[0]!;
  const spanish = await visit(`/torres/${tower.slug}`);
  ensure(spanish.status === 200, `/torres/${tower.slug} respondió ${spanish.status}`);
  ensure(
    spanish.lang.startsWith("es") && spanish.text.includes(tower.name),
    "la torre en español no se nombra",
  );
  await shot("torre-es");
  const english = await visit(`/en/towers/${tower.slug}`);
  ensure(english.status === 200, `/en/towers/${tower.slug} respondió ${english.status}`);
  ensure(
    english.lang.startsWith("en") && english.text.includes(tower.name),
    "la torre en inglés no se nombra",
  );
  await shot("torre-en");
  return `wa.me/${chat.pathname.slice(1)} «${chat.searchParams.get("text")?.slice(0, 60) ?? ""}…», «${business}», /torres/${tower.slug} y /en/towers/${tower.slug} 200`;
}

/** The photo on the tower's page, loaded by the browser from the server. */
async function photoServed(): Promise<string> {
  const response = await page.goto(`${origin}/torres/${tower.slug}`);
  ensure(response?.status() === 200, `/torres/${tower.slug} respondió ${response?.status()}`);
  const photo = page.getByRole("img", { name: photoAlt }).first();
  await photo.scrollIntoViewIfNeeded();
  await page.waitForFunction(
    (alt) =>
      [...document.images].some((image) => image.alt === alt && image.complete && image.naturalWidth > 0),
    photoAlt,
    { timeout: 30_000 },
  );
  const source = await photo.evaluate((image: HTMLImageElement) => image.currentSrc);
  ensure(
    new URL(source).pathname.startsWith(`/generated/towers/${tower.slug}-`),
    `la foto sale de ${source}`,
  );
  await shot("foto-servida");
  return `${new URL(source).pathname}, cargada por el navegador`;
}

/**
 * The inbox's answer to an undo, and whether it came into view by itself (the button sits at the
 * bottom of a long page at 390 px; the answer is at its top).
 */
async function undoAnswer(): Promise<string> {
  await page.waitForURL((url) => url.searchParams.has("restaurada"), { timeout: 60_000 });
  await hydrated();
  const notice = await visible(page.getByRole("status").filter({ hasText: /^Listo/ }));
  const inView = await page
    .waitForFunction(
      () => {
        const answer = [...document.querySelectorAll("[role=status]")].find((element) =>
          element.textContent?.startsWith("Listo"),
        );
        const box = answer?.getBoundingClientRect();
        return box !== undefined && box.top >= 0 && box.bottom <= window.innerHeight;
      },
      undefined,
      { timeout: 5_000 },
    )
    .then(() => true)
    .catch(() => false);
  return `«${await notice.innerText()}»${inView ? "" : " (fuera de la vista: la página quedó en el historial)"}`;
}

/** A visitor on the tower's page sends its form; WhatsApp (not reachable from here) is a stand-in page. */
async function towerLead(name: string): Promise<string> {
  await page.goto(`${origin}/torres/${tower.slug}`);
  const form = page.getByRole("form", { name: `Tasá tu departamento en ${tower.name}` });
  await visible(form);
  const preset = await form.locator('[name="edificio"]').inputValue();
  ensure(preset === tower.name, `el formulario de la torre viene con «${preset}»`);
  for (const field of allFields(apartmentFormFor(towers))) {
    const input = form.locator(`[name="${field.name}"]`);
    if (field.name === "edificio") continue;
    if (field.type === "select") await input.selectOption(field.options![1]!);
    else if (field.type === "checkboxes") await input.first().check();
    else if (field.type === "tel") await input.fill("+54 9 11 5555-1234");
    else if (field.type === "email") await input.fill("visitante@ejemplo.com.ar");
    else if (field.type === "number") await input.fill("85");
    else if (field.name === "nombre") await input.fill(name);
    else await input.fill("Piso alto, vista al río");
  }
  await shot("consulta-escrita");
  const popup = page.waitForEvent("popup", { timeout: 30_000 }).catch(() => undefined);
  await form.locator('button[type="submit"]').click();
  const thanks = page.getByRole("status").filter({ hasText: "Solicitud enviada correctamente" });
  await Promise.race([
    thanks.waitFor({ state: "visible", timeout: 60_000 }),
    page.waitForURL((url) => url.pathname === "/gracias", { timeout: 60_000 }),
  ]);
  const chat = await popup;
  let handedTo = "sin WhatsApp (enviado sin scripts)";
  if (chat) {
    await chat.waitForURL(/^https:\/\/wa\.me\//, { timeout: 30_000 });
    const url = new URL(chat.url());
    ensure(url.pathname === `/${whatsappDigits}`, `WhatsApp se abrió con ${url.pathname}`);
    ensure(url.searchParams.get("text")?.includes(tower.name), "el mensaje de WhatsApp no nombra la torre");
    handedTo = `WhatsApp abierto con wa.me/${whatsappDigits}, el mensaje nombra «${tower.name}»`;
    await chat.close();
  }
  await shot("consulta-enviada");
  return handedTo;
}

/** The lead in the owner's inbox, by the visitor's name. */
async function leadInInbox(name: string): Promise<string> {
  await page.goto(`${origin}/bandeja`);
  await hydrated();
  const lead = await visible(page.getByText(name));
  await lead.scrollIntoViewIfNeeded();
  await shot("consulta-en-la-bandeja");
  return `«${name}» en la bandeja`;
}

/**
 * The inspection visit through nginx and the installed unit: the owner saves her agenda, offers a
 * window from the visitor's lead, and the client, on another phone with scripts off, opens the
 * link, finds the tower prefilled and confirms; the lead's page then shows the visit confirmed.
 */
async function visitPicked(name: string): Promise<string> {
  await page.goto(`${origin}/bandeja/agenda`);
  await confirmIfAsked();
  await hydrated();
  await page.getByRole("button", { name: "Guardar agenda" }).click();
  await visible(page.getByText("Agenda guardada."));
  await shot("agenda");
  await page.goto(`${origin}/bandeja`);
  await hydrated();
  await page.getByRole("link", { name, exact: true }).first().click();
  await page.waitForURL((url) => url.pathname.startsWith("/bandeja/consulta/"), { timeout: 60_000 });
  const leadPage = page.url();
  await hydrated();
  await page.getByRole("link", { name: "Proponer visita" }).click();
  await confirmIfAsked();
  const day = weekdayAhead(new Date());
  const window = page.getByRole("group", { name: "Horario 1" });
  await window.getByLabel("Día").fill(day);
  await window.getByLabel("Hora (Buenos Aires)").fill("10:00");
  await page.getByRole("button", { name: "Crear propuesta" }).click();
  await confirmIfAsked();
  await visible(page.getByRole("heading", { name: "Propuesta lista" }));
  // The lead left an e-mail; the installed server has no mail until its owner configures it.
  await visible(page.getByText(/falta configurar el correo/), 10_000);
  await shot("propuesta");
  const link = await page.locator("a[href*='/api/visita/']").first().getAttribute("href");
  if (!link?.startsWith(`${origin}/api/visita/`)) throw new Error(`el enlace de la propuesta es «${link}»`);

  const client = await page
    .context()
    .browser()!
    .newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      locale: "es-AR",
    });
  try {
    const clientPage = await client.newPage();
    const opened = await clientPage.goto(link);
    ensure(opened?.status() === 200, `el enlace respondió ${opened?.status()}`);
    await visible(clientPage.getByRole("heading", { name: "Elegí el horario de la visita" }));
    const preset = await clientPage.getByLabel("Torre", { exact: true }).inputValue();
    ensure(preset === tower.name, `la torre viene puesta como «${preset}»`);
    await clientPage.getByLabel("Piso").fill("7");
    await clientPage.getByLabel("Unidad").fill("C");
    await clientPage.screenshot({ path: join(shots, `${part}-visita-cliente-elige.png`), fullPage: true });
    await clientPage.getByRole("button", { name: "Confirmar visita" }).click();
    await visible(clientPage.getByRole("heading", { name: "Visita confirmada" }));
    await clientPage.screenshot({
      path: join(shots, `${part}-visita-cliente-confirmada.png`),
      fullPage: true,
    });
  } finally {
    await client.close();
  }
  await page.goto(leadPage);
  await hydrated();
  const state = await visible(page.getByText("Estado de la visita:"));
  const said = await state.locator("xpath=..").innerText();
  ensure(/confirmada/i.test(said), `la consulta dice «${said}»`);
  await shot("visita-en-la-consulta");
  return `propuesta el ${day} a las 10:00, elegida sin scripts con «${tower.name}» ya puesta; la consulta dice «${said}»`;
}

// ---- The parts ----

async function firstDay(): Promise<void> {
  const printed = required("code");

  await step(
    "1",
    "first sign-in with the installer's code, and an authenticator app as the first factor",
    async () => {
      await page.goto(`${origin}/bandeja`);
      await visible(page.getByLabel("Email"));
      await hydrated();
      await shot("ingreso");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Contraseña").fill(password);
      await page.getByRole("button", { name: "Ingresar", exact: true }).click();
      await onPath("/bandeja/ingresar/primer-ingreso");
      await hydrated();
      await shot("codigo-de-primer-ingreso");
      await page.getByLabel("Código de primer ingreso").fill(printed);
      await page.getByRole("button", { name: "Seguir" }).click();
      const secretShown = await visible(page.locator("[data-totp-secret]"));
      await hydrated();
      const link = await page.locator('a[href^="otpauth://"]').first().getAttribute("href");
      await shot("primer-factor");
      state = { secret: (await secretShown.innerText()).replace(/\s/g, ""), lastTimeStep: 0 };
      saveState();
      await page.getByLabel("Código que muestra la app").fill(await appCode());
      await page.getByRole("button", { name: "Activar y entrar" }).click();
      const codes = await visible(page.getByRole("list", { name: "Códigos de recuperación" }));
      const recoveryCodes = await codes.getByRole("listitem").count();
      await shot("codigos-de-recuperacion");
      await page.getByRole("link", { name: "Ya los guardé" }).click();
      await onPath("/bandeja");
      await hydrated();
      await shot("bandeja");
      return `${recoveryCodes} códigos de recuperación; enlace para la app: ${link ? "sí" : "no"}`;
    },
  );

  await step(
    "1b",
    "a passkey added beside the app at /bandeja/seguridad, after «Confirmá que sos vos» (the server's own address is the passkey's)",
    async () => {
      // The phone's fingerprint reader: Chromium's virtual authenticator, always verifying.
      await addVirtualAuthenticator(page);
      await page.goto(`${origin}/bandeja/seguridad`);
      await hydrated();
      await page.getByLabel("Nombre de la llave").fill("Mi teléfono");
      await page.getByRole("button", { name: "Agregar llave de acceso" }).click();
      await page.waitForURL((url) => url.pathname === "/bandeja/confirmar", { timeout: 60_000 });
      await confirmIfAsked();
      await onPath("/bandeja/seguridad");
      const name = await page.getByLabel("Nombre de la llave").inputValue();
      ensure(name === "Mi teléfono", `el nombre de la llave no siguió ahí después de confirmar («${name}»)`);
      await page.getByRole("button", { name: "Agregar llave de acceso" }).click();
      const added = await visible(
        page.getByRole("status").filter({ hasText: "Se agregó la llave «Mi teléfono»." }),
      );
      await shot("llave-agregada");
      return (await added.innerText()).trim();
    },
  );

  await step(
    "2",
    "a new WhatsApp number, a business name, a new tower and a photo, «Publicar», served over HTTPS",
    async () => {
      await page.goto(`${origin}/bandeja/sitio/torres`);
      await hydrated();
      const adding = page.getByRole("region", { name: "Agregar una torre" });
      await adding.getByLabel("Nombre de la torre").fill(tower.name);
      await adding.getByLabel("Dirección web de la página").fill(tower.slug);
      await adding.getByLabel("Dique").fill("3");
      await adding.getByLabel("Pisos", { exact: true }).fill("32");
      await adding.getByRole("button", { name: "Agregar la torre" }).click();
      await visible(page.getByRole("heading", { level: 1, name: tower.name }));
      await hydrated();
      await shot("torre-agregada");

      await page.goto(`${origin}/bandeja/sitio`);
      await hydrated();
      await page.getByLabel("Número de WhatsApp", { exact: true }).fill(whatsapp);
      await page.getByLabel("Nombre del estudio", { exact: true }).fill(business);
      await page.getByRole("button", { name: "Guardar borrador" }).click();
      await (
        await visible(page.getByRole("status").filter({ hasText: "Borrador guardado" }))
      ).scrollIntoViewIfNeeded();
      await shot("datos-guardados");

      // The tower's photo, as a phone takes it (step 4 checks it served).
      await page.goto(`${origin}/bandeja/sitio/fotos`);
      await hydrated();
      const card = page.locator(`#foto-tower-${tower.slug}`);
      await card.scrollIntoViewIfNeeded();
      await card.getByText("Subir o cambiar la foto").click();
      await card.getByLabel("Qué muestra la foto, en español").fill(photoAlt);
      await card.getByLabel("Qué muestra la foto, en inglés").fill(`${tower.name} from the dock`);
      await card.getByLabel("Foto", { exact: true }).setInputFiles({
        name: "IMG_2041.jpg",
        mimeType: "image/jpeg",
        buffer: await phonePhoto(),
      });
      await card.getByRole("button", { name: "Guardar como borrador" }).click();
      await visible(page.getByRole("status").filter({ hasText: "Foto guardada como borrador" }));
      await hydrated();
      await page.locator(`#foto-tower-${tower.slug}`).scrollIntoViewIfNeeded();
      await shot("foto-guardada");

      await page.goto(`${origin}/bandeja/sitio`);
      await hydrated();
      const pending = page.getByRole("region", { name: "Para publicar" });
      await pending.scrollIntoViewIfNeeded();
      await shot("para-publicar");
      const publishing = performance.now();
      await pressAndConfirm(page.getByRole("button", { name: "Publicar", exact: true }));
      const progress = page.locator("#progreso");
      await visible(progress.filter({ hasText: /^Publicando/ }), 60_000).catch(() => undefined);
      await shot("publicando");
      await visible(progress.filter({ hasText: /^(Publicado|No se publicó)/ }), buildMs);
      const said = await progress.innerText();
      await progress.scrollIntoViewIfNeeded();
      await shot("publicado");
      ensure(said.startsWith("Publicado"), `la bandeja dice «${said}»`);
      const waited = Math.round((performance.now() - publishing) / 1000);
      return `«${said}» (esperó ${waited} s); ${await publicationServed()}`;
    },
  );

  await step("3", "the tower's lead sent from its page by a visitor, found in the inbox", async () => {
    const handedTo = await towerLead(visitor);
    return `${handedTo}; ${await leadInInbox(visitor)}`;
  });

  await step(
    "3v",
    "the visit offered from that lead, picked by the client through the link without scripts, confirmed on the lead's page",
    () => visitPicked(visitor),
  );

  await step("4", "the tower's photo published and served", photoServed);

  await step("5", "undo of the publication served back, then the publication brought back", async () => {
    await page.goto(`${origin}/bandeja/sitio`);
    await hydrated();
    const history = page.locator("#historial");
    await history.scrollIntoViewIfNeeded();
    await shot("versiones");
    await pressAndConfirm(page.getByRole("button", { name: "Volver a los datos de la instalación" }));
    const undone = await undoAnswer();
    await shot("deshecha");
    const home = await visit("/");
    ensure(
      home.chats.every((chat) => chat.pathname !== `/${whatsappDigits}`) && !home.text.includes(business),
      "la portada todavía muestra el número o el nombre publicados",
    );
    await shot("portada-de-la-instalacion");
    const gone = await visit(`/torres/${tower.slug}`);
    ensure(gone.status === 404, `la torre deshecha respondió ${gone.status}`);
    await shot("torre-deshecha");

    await page.goto(`${origin}/bandeja/sitio`);
    await hydrated();
    await pressAndConfirm(page.getByRole("button", { name: "Volver a la versión 1" }));
    const back = await undoAnswer();
    await shot("publicacion-de-vuelta");
    return `${undone} (portada sin el número, torre 404), luego ${back}; ${await publicationServed()}`;
  });
}

async function afterTheUpdates(): Promise<void> {
  await step(
    "7",
    "after every update: the owner signs in with her app's code, the site still shows her facts, a new lead from the tower's page reaches her inbox",
    async () => {
      const served = await publicationServed();
      await page.goto(`${origin}/bandeja`);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Contraseña").fill(password);
      await page.getByRole("button", { name: "Ingresar", exact: true }).click();
      await onPath("/bandeja/ingresar/verificar");
      await hydrated();
      await shot("segundo-paso");
      await page.getByLabel("Código", { exact: true }).fill(await appCode());
      await page.getByRole("button", { name: "Confirmar con el código" }).click();
      await onPath("/bandeja");
      const handedTo = await towerLead(visitor);
      return `${served}; ${handedTo}; ${await leadInInbox(visitor)}`;
    },
  );
}

/** A JPEG as a phone takes it, with a GPS position in its EXIF (the server strips it). */
function phonePhoto(): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++)
    pixels.set([(i % width) % 256, 110, 170 + ((i / width) % 80)], i * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: "S", GPSLatitude: "34/1 36/1 0/1" } })
    .toBuffer();
}

/**
 * A home for Chromium whose NSS database trusts pebble's root, as the phone's system trusts the
 * real authority: certificate errors stay errors.
 */
function homeTrusting(rootCa: string): string {
  const home = mkdtempSync(join(tmpdir(), "owner-day-chromium-"));
  const database = `sql:${join(home, ".pki", "nssdb")}`;
  mkdirSync(join(home, ".pki", "nssdb"), { recursive: true });
  execFileSync("certutil", ["-d", database, "-N", "--empty-password"]);
  execFileSync("certutil", ["-d", database, "-A", "-t", "C,,", "-n", "pebble", "-i", rootCa]);
  return home;
}

const parts: Record<string, () => Promise<void>> = { dia: firstDay, cierre: afterTheUpdates };
const run = part ? parts[part] : undefined;
if (!run) {
  console.error(
    `Uso: node tests/deploy/owner-day.ts ${Object.keys(parts).join("|")} --domain … (ver el comentario del archivo)`,
  );
  process.exit(2);
}
if (part !== "dia") state = JSON.parse(readFileSync(statePath, "utf8")) as WalkState;

const home = homeTrusting(required("root-ca"));
let browser: Browser | undefined;
let status = 0;
try {
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumFlags, `--host-resolver-rules=MAP ${required("domain")} 127.0.0.1`],
    env: { ...chromiumEnv, HOME: home },
  });
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
    locale: "es-AR",
  });
  // WhatsApp is on the internet, which this machine does not reach: a stand-in page at its address.
  await context.route("https://wa.me/**", (route) =>
    route.fulfill({ contentType: "text/html", body: "<title>WhatsApp</title><p>WhatsApp (stand-in)</p>" }),
  );
  context.setDefaultTimeout(60_000);
  page = await context.newPage();
  await run();
} catch (error) {
  status = 1;
  if (!(error instanceof StepFailed))
    console.log(`FALLA ${part}: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await browser?.close();
  rmSync(home, { recursive: true, force: true });
}
process.exit(status);
