import { chmodSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";

import { towerTitle } from "../../app/content/tower-edits.ts";
import { startNginx } from "../../scripts/nginx-server.ts";
import { currentLink } from "../../server/site/site-folders.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { call, isLogin, sessionCookie, signIn } from "./inbox-http.ts";
import { expect, logIn, test } from "./inbox-fixtures.ts";

/**
 * The towers of /bandeja/sitio (decision 0020): the owner confirms a fact,
 * corrects another, adds a tower and retires one, all as drafts in plain
 * forms; a publication (the publisher called as the route calls it after the
 * fresh second factor, as tests/e2e/site-publication.spec.ts does) builds the
 * real site with them, and an undo brings the old pages back. Read over plain
 * HTTP from the Node server and a real nginx.
 */
test.describe.configure({ timeout: 600_000 });

// Where the screenshots at 390 and 1280 px go to be looked at (SHOTS_DIR, as the photo test).
const shots = process.env.SHOTS_DIR ?? "test-results/shots";
const owner = "titular@ejemplo.com";
const added = { slug: "torre-del-dique", nombre: 'Torre "Río" & Sol' };

test("the owner confirms, corrects, adds and retires towers; publishing shows them, undo takes them back", async ({
  page,
  inbox,
  guard,
}) => {
  void guard;
  mkdirSync(shots, { recursive: true });
  await page.setViewportSize({ width: 390, height: 900 });
  await logIn(page, inbox, "/bandeja/sitio");
  await page.getByRole("link", { name: "Torres: confirmar, corregir, agregar o retirar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Torres del sitio" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Alvear Tower" })).toContainText(
    "1 dato a confirmar",
  );
  await expectNoAxeViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(shots, `towers-list-${width}.png`), fullPage: true });
  }

  // One tower: each fact with its value, source and state.
  await page.getByRole("link", { name: "Alvear Tower" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Alvear Tower" })).toBeVisible();
  const units = page.locator("#units");
  await expect(units).toContainText("A confirmar");
  await expect(units).toContainText("Fuente: A confirmar: 186 según La Nación");
  await expectNoAxeViolations(page);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(shots, `towers-tower-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 390, height: 900 });

  // Confirm the units, from the keyboard.
  await units.getByRole("button", { name: "Confirmar unidades" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText("Guardado como borrador");
  await expect(page.locator("#units")).toContainText("Confirmado");
  await expect(page.locator("#units")).toContainText("Confirmado por el titular");

  // A value that wants to become markup is refused on its field; nothing stored.
  const floors = page.getByLabel("Pisos (valor)");
  await floors.fill("<script>alert(1)</script>");
  await page.locator("#floors").getByRole("button", { name: "Guardar corrección" }).click();
  await expect(page.getByLabel("Pisos (valor)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#floors")).toContainText("números enteros separados por comas");
  const architect = page.getByLabel("Arquitectos (valor)");
  await architect.fill('<img src=x onerror="alert(2)">');
  await page.locator("#architect").getByRole("button", { name: "Guardar corrección" }).click();
  await expect(page.locator("#architect")).toContainText("sin los signos");
  await expect(page.getByLabel("Arquitectos (valor)")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);

  // Correct the floors: 54 → 55.
  await page.getByLabel("Pisos (valor)").fill("55");
  await page.locator("#floors").getByRole("button", { name: "Guardar corrección" }).click();
  await expect(page.getByRole("status")).toContainText("Guardado como borrador");
  await expect(page.getByLabel("Pisos (valor)")).toHaveValue("55");

  // Retire Mulieris.
  await page.goto(`${inbox.url}/bandeja/sitio/torres/mulieris`);
  await page.getByRole("button", { name: "Retirar esta torre" }).click();
  await expect(page.getByRole("button", { name: "Volver a mostrar esta torre" })).toBeVisible();

  // Add a tower.
  await page.goto(`${inbox.url}/bandeja/sitio/torres`);
  const form = page.getByRole("region", { name: "Agregar una torre" });
  await form.getByLabel("Nombre de la torre").fill(added.nombre);
  await form.getByLabel("Dirección web de la página").fill("Torre Mal");
  await form.getByLabel("Dique").fill("2");
  await form.getByRole("button", { name: "Agregar la torre" }).click();
  await expect(page.getByLabel("Dirección web de la página")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await page.getByLabel("Dirección web de la página").fill(added.slug);
  await page.getByLabel("Nombre de la torre").fill(added.nombre);
  await page.getByLabel("Dique").fill("2");
  await page.getByLabel("Pisos", { exact: true }).fill("30");
  await page.getByRole("button", { name: "Agregar la torre" }).click();
  await expect(page.getByRole("heading", { level: 1, name: added.nombre })).toBeVisible();
  await expect(page.locator("#direccion")).toContainText("A confirmar");

  // «Para publicar» lists the tower changes, as the e-mail will.
  await page.goto(`${inbox.url}/bandeja/sitio`);
  const pending = page.getByRole("region", { name: "Para publicar" });
  await expect(pending).toContainText("Torre Alvear Tower: pisos");
  await expect(pending).toContainText("Torre Mulieris");
  await expect(pending).toContainText("retirada");
  await expect(pending).toContainText(towerTitle(added.nombre));
  await expect(pending).toContainText("agregada");
  await expect(pending).not.toContainText("(vacío)");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: join(shots, "towers-pending-390.png"), fullPage: true });

  // The preview: the real build with the drafts, for the owner's eyes only; the new tower's pages among the changed ones.
  await page.getByRole("button", { name: "Ver vista previa" }).click();
  const preview = page.locator("#vista-previa");
  await expect(preview).toContainText(/Vista previa lista: cambian \d+ páginas/, { timeout: 240_000 });
  await preview.getByText(/Vista previa lista/).click();
  for (const path of ["/torres/alvear-tower", `/torres/${added.slug}`, `/en/towers/${added.slug}`])
    await expect(preview.getByRole("link", { name: path, exact: true })).toBeVisible();
  await expect(preview.getByRole("link", { name: "/torres/mulieris", exact: true })).toHaveCount(0);
  await preview.getByRole("link", { name: "/torres/alvear-tower", exact: true }).click();
  await expect(page).toHaveTitle(/^Vista previa · /);
  expect(await page.content()).toContain("55 pisos");
  expect(await (await fetch(`${inbox.url}/torres/alvear-tower`)).text()).toContain("54 pisos");
  expect((await fetch(`${inbox.url}/torres/${added.slug}`)).status).toBe(404);

  // Without a fresh confirmation by a trusted factor the route sends to it: nothing published.
  const { session } = await signIn(inbox);
  const refused = await call(inbox, "/bandeja/sitio", {
    form: { intent: "publicar" },
    cookie: sessionCookie(session),
    fetchSite: "same-origin",
  });
  expect(refused.header("location")).toMatch(/^\/bandeja\/confirmar\?para=sitio/);
  expect(
    (await fetch(`${inbox.url}/torres/alvear-tower`).then((response) => response.text())).includes(
      "55 pisos",
    ),
  ).toBe(false);

  // Publish, as the route does once the second factor is confirmed: a real build.
  const version = await inbox.publisher.publish(owner);
  expect(version.towerChanges.length).toBeGreaterThanOrEqual(3);

  // nginx serves the published version through the `current` symlink, as in production.
  // nginx's workers (nobody, under a root master) read the published builds below the data folder.
  chmodSync(dirname(inbox.publisher.versionsDir), 0o755);
  chmodSync(inbox.publisher.versionsDir, 0o755);
  const nginx = await startNginx(join(inbox.publisher.versionsDir, currentLink));
  try {
    for (const origin of [inbox.url, nginx.baseUrl]) {
      const alvear = await fetch(`${origin}/torres/alvear-tower`);
      expect(alvear.status).toBe(200);
      const html = await alvear.text();
      expect(html, origin).toContain('Pisos</dt><dd class="text-ink">55 pisos</dd>');
      expect(html, origin).toContain('Unidades</dt><dd class="text-ink">186 unidades</dd>');
      expect(html, origin).not.toContain("54 pisos");

      for (const path of [`/torres/${added.slug}`, `/en/towers/${added.slug}`]) {
        const response = await fetch(origin + path);
        expect(response.status, `${origin}${path}`).toBe(200);
        const page = await response.text();
        // The name's quotes and ampersand are text in the HTML and data in the JSON-LD.
        expect(page).not.toContain('"Río" & Sol<');
        const data = [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
          (match) => JSON.stringify(JSON.parse(match[1]!)),
        );
        expect(data.join("")).toContain(JSON.stringify(added.nombre).slice(1, -1));
      }
      const list = await (await fetch(`${origin}/tasar-departamentos`)).text();
      expect(list).toContain(`/torres/${added.slug}`);
      expect(list).not.toContain("/torres/mulieris");
      const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text();
      expect(sitemap).toContain(`/en/towers/${added.slug}`);
      expect(sitemap).not.toContain("/torres/mulieris");

      for (const [path, list] of [
        ["/torres/mulieris", "/tasar-departamentos"],
        ["/en/towers/mulieris", "/en/apartment-appraisal"],
      ] as const) {
        const retired = await fetch(origin + path, { redirect: "manual" });
        expect(retired.status, `${origin}${path}`).toBe(301);
        expect(retired.headers.get("location"), `${origin}${path}`).toBe(list);
      }
    }

    // The history shows the tower changes; the e-mail is composed from the same list.
    await page.goto(`${inbox.url}/bandeja/sitio`);
    const history = page.locator("#historial");
    await expect(history).toContainText("Torre Alvear Tower: pisos");
    await expect(history.locator("ins").filter({ hasText: /^55$/ })).toHaveCount(1);

    // Undo: the installation's pages again, without a build.
    await inbox.publisher.restoreInstalled(owner);
    for (const origin of [inbox.url, nginx.baseUrl]) {
      const html = await (await fetch(`${origin}/torres/alvear-tower`)).text();
      expect(html, origin).toContain("54 pisos");
      expect(html, origin).not.toContain("55 pisos");
      expect((await fetch(`${origin}/torres/mulieris`, { redirect: "manual" })).status).toBe(200);
      expect((await fetch(`${origin}/torres/${added.slug}`)).status).toBe(404);
    }

    // The checklist counts the published state: the confirmed units are pending again.
    await page.goto(`${inbox.url}/bandeja/sitio`);
    const item = page.getByRole("link", { name: /^Alvear Tower: «Unidades» sin confirmar/ });
    await expect(item).toHaveAttribute("href", "/bandeja/sitio/torres/alvear-tower#units");
  } finally {
    await nginx.stop();
  }
});

test("the tower forms work as plain posts, and refuse a stranger, another site and a value that wants to be markup", async ({
  inbox,
}) => {
  const { session } = await signIn(inbox);
  const cookie = sessionCookie(session);
  const tower = "/bandeja/sitio/torres/alvear-tower";

  // Without scripts: a plain form post confirms the fact and comes back to it.
  const confirmed = await call(inbox, tower, {
    form: { intent: "confirmar", fact: "units" },
    cookie,
    fetchSite: "same-origin",
  });
  expect(confirmed.status).toBe(302);
  expect(confirmed.header("location")).toBe(`${tower}?guardado=1#units`);
  expect(await inbox.store.db.selectFrom("site_tower_drafts").select("slug").execute()).toEqual([
    { slug: "alvear-tower" },
  ]);

  // A hostile value is answered on its field and stored nowhere.
  const hostile = await call(inbox, tower, {
    form: { intent: "corregir", fact: "architect", value: "</script><script>alert(1)</script>" },
    cookie,
    fetchSite: "same-origin",
  });
  expect(hostile.status).toBe(200);
  const page = hostile.decoded().toString("utf8");
  expect(page).toContain("sin los signos");
  expect(page).not.toContain("<script>alert(1)");
  const stored = await inbox.store.db.selectFrom("site_tower_drafts").select("value").execute();
  expect(JSON.stringify(stored)).not.toContain("alert");

  // Another site, with the owner's cookie: 403 before the route runs; a stranger: the login.
  const forged = await call(inbox, tower, {
    origin: "https://atacante.example",
    fetchSite: "cross-site",
    form: { intent: "retirar" },
    cookie,
  });
  expect(forged.status).toBe(403);
  expect(isLogin(await call(inbox, tower, { form: { intent: "retirar" }, fetchSite: "same-origin" }))).toBe(
    true,
  );
  expect(isLogin(await call(inbox, "/bandeja/sitio/torres"))).toBe(true);
  const drafts = await inbox.store.db.selectFrom("site_tower_drafts").select("value").execute();
  expect(JSON.stringify(drafts)).not.toContain("retired");
});
