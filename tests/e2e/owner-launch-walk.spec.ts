import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";

import { inboxPaths } from "../../app/features/inbox/paths.ts";
import { addVirtualAuthenticator } from "../webauthn.ts";
import { expect, hydrated, test } from "./inbox-fixtures.ts";
import { ownerEmail, ownerPassword, startInboxServer } from "./inbox-server.ts";
import { confirmWithPasskey, pressHeldWork, localOrigin } from "./passkeys.ts";

/**
 * The launch walked as a new owner (issue 35, «how it will be checked»): a fresh install as
 * `npm start` has it, the account made as `npm run owner:password` makes it, then at 390 px
 * in Chromium, with a passkey, everything the owner does until the site is live with their
 * facts: the first sign-in with the printed code, the first factor, the recovery codes kept,
 * the business facts, every tower reviewed, two photos, «Publicar» and the confirmation.
 *
 * Every tap and every character typed is counted as a person would make them (a field filled
 * is one tap and its characters), each step's page is searched for words a non-developer would
 * not understand, and the minutes a person would need are estimated from the counts (a tap 2 s,
 * a character 0.4 s on a phone, 10 s to read each new page; the build's wait as measured).
 * The figures go to the test's annotations; OWNER_WALK_SHOTS keeps a screenshot of each step.
 */
test.describe.configure({ timeout: 900_000 });
// A control that never comes fails its step, not the whole walk's quarter of an hour.
test.use({ actionTimeout: 60_000 });

const shots = process.env.OWNER_WALK_SHOTS;

/** Words of the workshop, never of the owner: none may appear on any page of the walk. */
const developerWords = [
  /SITE_[A-Z]/,
  /LEADS_[A-Z]/,
  /SMTP/,
  /\bnpm\b/,
  /check:release/,
  /owner:password/,
  /docs\//,
  /\.md\b/,
  /variables? de entorno/i,
  /utm_/,
  /\bslug\b/i,
  /\bbuild\b/i,
  /\bdeploy/i,
  /\bJSON\b/,
  /\bHTTP\b/,
  /\bWebAuthn\b/i,
  /\bTOTP\b/,
  /\bpasskey\b/i,
  /\bhash\b/i,
  /\bcommit\b/i,
  /\bscript\b/i,
  /\bURL\b/,
  /\([0-9a-f]{8}\)/,
];

/** A page of the walk: the taps and characters it took to reach it, and the developer words it shows. */
type Step = { name: string; taps: number; characters: number; words: string[] };

/** A JPEG as a phone takes it (a GPS position in its EXIF). */
async function phonePhoto(hue: number): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) pixels.set([(i % width) % 256, hue, 180], i * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: "S", GPSLatitude: "34/1 36/1 0/1" } })
    .toBuffer();
}

/** The owner's own facts, in place of the install's examples, typed as a person writes them. */
const ownFacts: [label: string, value: string][] = [
  ["Nombre del estudio", "Estudio Dársena Norte"],
  ["Nombre del tasador", "Arq. Laura Benítez"],
  ["Número de matrícula", "Mat. 6842"],
  ["Página del registro de matriculados", "https://www.cucicba.com.ar/matriculados"],
  ["Número de WhatsApp", "+54 9 11 4567-8901"],
  ["Teléfono, como se muestra", "+54 9 11 4567-8901"],
  ["Dirección de la oficina", "Olga Cossettini 1190"],
  ["E-mail de contacto", "laura@darsenanorte.com.ar"],
];

test("a new owner's launch at 390 px with a passkey: every tap counted, every page free of developer words", async ({
  page,
  guard,
}, testInfo) => {
  void guard;
  const inbox = await startInboxServer({ owner: false });
  const steps: Step[] = [];
  let taps = 0;
  let characters = 0;
  let counted = { taps: 0, characters: 0 };
  const tap = async (target: Locator) => {
    taps += 1;
    await target.click();
  };
  const type = async (target: Locator, text: string) => {
    taps += 1;
    characters += [...text].length;
    await target.fill(text);
  };
  /** Ends a step: its screenshot, its taps, and the developer words its page shows. */
  const step = async (name: string, on: Page = page) => {
    await hydrated(on);
    const text = await on.locator("body").innerText();
    const words = developerWords.flatMap((word) => text.match(word)?.[0] ?? []);
    steps.push({ name, taps: taps - counted.taps, characters: characters - counted.characters, words });
    counted = { taps, characters };
    if (shots) {
      mkdirSync(shots, { recursive: true });
      await on.screenshot({
        path: join(shots, `walk-${String(steps.length).padStart(2, "0")}-${name}-390.png`),
      });
    }
  };

  try {
    // On the server: the account, and the code it prints for the owner.
    const printed = await inbox.createAccount();
    await page.setViewportSize({ width: 390, height: 844 });
    await addVirtualAuthenticator(page);
    const origin = localOrigin(inbox);

    // 1. The inbox's address, the e-mail and the password.
    await page.goto(`${origin}${inboxPaths.list}`);
    await step("ingreso");
    await type(page.getByLabel("Email"), ownerEmail);
    await type(page.getByLabel("Contraseña"), ownerPassword);
    await tap(page.getByRole("button", { name: "Ingresar", exact: true }));
    await page.waitForURL((url) => url.pathname === "/bandeja/ingresar/primer-ingreso");
    await step("primer-ingreso-codigo");

    // 2. The printed code, then the first passkey, named.
    await type(page.getByLabel("Código de primer ingreso"), printed);
    await tap(page.getByRole("button", { name: "Seguir" }));
    await expect(page.getByRole("button", { name: "Crear mi llave de acceso" })).toBeVisible();
    await step("primer-factor");
    await type(page.getByLabel("Nombre de la llave"), "Mi teléfono");
    await tap(page.getByRole("button", { name: "Crear mi llave de acceso" }));
    await expect(page.getByRole("list", { name: "Códigos de recuperación" })).toBeVisible();
    await step("codigos-de-recuperacion");

    // 3. The recovery codes kept: downloaded, then «Ya los guardé».
    const downloading = page.waitForEvent("download");
    await tap(page.getByRole("link", { name: "Descargar como archivo" }));
    await downloading;
    await tap(page.getByRole("link", { name: "Ya los guardé" }));
    await page.waitForURL((url) => url.pathname === inboxPaths.list);
    await step("bandeja-vacia");

    // 4. The site's facts: found from the inbox, the examples replaced, saved.
    await tap(page.getByRole("navigation").getByRole("link", { name: "Sitio", exact: true }));
    await page.waitForURL((url) => url.pathname === inboxPaths.site);
    await step("datos-del-sitio");
    for (const [label, value] of ownFacts) await type(page.getByLabel(label, { exact: true }), value);
    await tap(page.getByRole("button", { name: "Guardar borrador" }));
    // The answer is where the owner looks, not at the top of a long page.
    const saved = page
      .getByRole("status")
      .filter({ hasText: "Borrador guardado. Todavía no está en el sitio." });
    await expect(saved).toBeInViewport();
    await step("datos-guardados");

    // 5. Every tower reviewed: the list's «La revisé» on each, confirmed together.
    await tap(page.getByRole("link", { name: "Torres: confirmar, corregir, agregar o retirar" }));
    await page.waitForURL((url) => url.pathname === inboxPaths.siteTowers);
    await step("torres");
    const reviewed = page.getByRole("checkbox", { name: /^La revisé/ });
    const towersToReview = await reviewed.count();
    for (let n = 0; n < towersToReview; n++) await tap(reviewed.nth(n));
    await tap(page.getByRole("button", { name: "Confirmar todas las revisadas" }));
    await expect(
      page
        .getByRole("status")
        .filter({ hasText: `Confirmados los datos de ${towersToReview} torres (borrador).` }),
    ).toBeInViewport();
    const towersLeft = await page.getByText(/torres en el sitio · \d+ datos? a confirmar/).innerText();
    await step("torres-confirmadas");

    // What no list can confirm: an address or amenities nobody wrote yet, typed on the tower's page.
    const towerLeft = page.locator("li").filter({ hasText: /\d+ datos? a confirmar/ });
    let towersTyped = 0;
    while ((await towerLeft.count()) > 0) {
      await tap(towerLeft.first().getByRole("link"));
      await page.waitForURL((url) => url.pathname.startsWith(`${inboxPaths.siteTowers}/`));
      await hydrated(page);
      if (towersTyped === 0) await step("torre-a-completar");
      const factLeft = page
        .locator("li[id]")
        .filter({ has: page.locator("h2").getByText("A confirmar", { exact: true }) });
      while ((await factLeft.count()) > 0) {
        const card = factLeft.first();
        const field = card.getByRole("textbox");
        const isAddress = (await card.locator("h2").innerText()).startsWith("Dirección");
        const typed = isAddress ? "Juana Manso 1500" : "Pileta, gimnasio, seguridad las 24 horas";
        const empty = (await field.count()) > 0 && (await field.inputValue()) === "";
        if (empty) await type(field, typed);
        const fact = await card.getAttribute("id");
        await tap(card.getByRole("button", { name: /^Confirmar/ }));
        await expect(page.locator(`li[id="${fact}"] h2`)).toContainText("Confirmado");
        // «Confirmar» beside what the owner typed keeps it.
        if (empty) await expect(page.locator(`li[id="${fact}"]`).getByRole("textbox")).toHaveValue(typed);
        await expect(page.getByRole("status").filter({ hasText: "Guardado como borrador" })).toBeInViewport();
      }
      towersTyped += 1;
      await tap(page.getByRole("link", { name: "Volver a las torres" }));
      await page.waitForURL((url) => url.pathname === inboxPaths.siteTowers);
      await hydrated(page);
    }
    await expect(page.getByText("26 torres en el sitio · 0 datos a confirmar")).toBeVisible();
    await step("torres-completas");

    // 6. Two photos: Alvear Tower's and a loft's.
    await page.goto(`${origin}${inboxPaths.site}`);
    taps += 1; // back to the site's page
    await tap(page.getByRole("link", { name: "Fotos de las torres y los tipos de propiedad" }));
    await page.waitForURL((url) => url.pathname === inboxPaths.sitePhotos);
    await step("fotos");
    for (const [slot, description, hue] of [
      ["#foto-tower-alvear-tower", "Fachada de Alvear Tower desde el dique", 90],
      ["#foto-property-type-loft", "Living de un loft con ventanales al dique", 160],
    ] as const) {
      const card = page.locator(slot);
      await tap(card.getByText("Subir o cambiar la foto"));
      await type(card.getByLabel("Qué muestra la foto, en español"), description);
      taps += 1; // choosing the file
      await card.getByLabel("Foto", { exact: true }).setInputFiles({
        name: "IMG_2041.jpg",
        mimeType: "image/jpeg",
        buffer: await phonePhoto(hue),
      });
      await tap(card.getByRole("button", { name: "Guardar como borrador" }));
      await expect(
        page.getByRole("status").filter({ hasText: "Foto guardada como borrador" }),
      ).toBeInViewport();
    }
    await step("fotos-guardadas");

    // 7. «Publicar», the passkey, and the site showing it.
    await page.goto(`${origin}${inboxPaths.site}`);
    taps += 1; // back to the site's page
    await step("para-publicar");
    // A person is more than ten minutes this far: the first factor's confirmation has lapsed.
    inbox.advance(11 * 60_000);
    const publishing = Date.now();
    await tap(page.getByRole("button", { name: "Publicar" }));
    await expect(page.getByRole("heading", { name: "Confirmá que sos vos" })).toBeVisible();
    await step("confirmar");
    taps += 1;
    await confirmWithPasskey(page, inboxPaths.site);
    await pressHeldWork(page);
    await step("publicando");
    const progress = page.locator("#progreso[aria-live=polite]");
    await expect(progress).toHaveText(/^Publicado: versión 1, en \d+ s\. El sitio ya la muestra\.$/, {
      timeout: 600_000,
    });
    const publishSeconds = (Date.now() - publishing) / 1000;
    await step("publicado");

    // What the launch leaves: the site speaks with the owner's facts.
    const home = await (await fetch(`${inbox.url}/`)).text();
    expect(home).toContain("Estudio Dársena Norte");
    expect(home).toContain("5491145678901");
    expect(home).not.toContain("(ejemplo)");
    const checklist = await page.locator("section[aria-labelledby=lista]").innerText();

    const readingSeconds = steps.length * 10;
    const minutes = (taps * 2 + characters * 0.4 + readingSeconds + publishSeconds) / 60;
    const figures = {
      taps,
      characters,
      pages: steps.length,
      towersReviewed: towersToReview,
      towersLeft,
      towersTyped,
      publishSeconds: Math.round(publishSeconds),
      minutes: Math.round(minutes * 10) / 10,
      checklist,
      steps,
    };
    testInfo.annotations.push({ type: "owner's launch walk", description: JSON.stringify(figures) });
    if (shots) writeFileSync(join(shots, "walk.json"), JSON.stringify(figures, null, 2));
    await testInfo.attach("walk.json", {
      body: JSON.stringify(figures, null, 2),
      contentType: "application/json",
    });
    expect(steps.filter((one) => one.words.length > 0)).toEqual([]);
  } finally {
    await inbox.stop();
  }
});
