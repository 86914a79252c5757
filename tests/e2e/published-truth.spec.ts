import { mkdirSync } from "node:fs";

import { towers } from "../../app/content/towers.ts";
import { apartmentFormFor } from "../../app/features/leads/forms/apartment.ts";
import { inboxPaths } from "../../app/features/inbox/paths.ts";
import { loadSiteConfig } from "../../app/config/site-config.ts";
import { buenosAiresDay } from "../../app/lib/buenos-aires-time.ts";
import { startSmtpCatcher } from "../service/smtp-catcher.ts";
import { expect, hydrated, test } from "./inbox-fixtures.ts";
import { startInboxServer } from "./inbox-server.ts";
import {
  addPasskey,
  confirmWithPasskey,
  pressHeldWork,
  localOrigin,
  signInWithAuthenticator,
} from "./passkeys.ts";
import { answersFor, fillForm } from "./registered-forms.ts";

/**
 * Issue 35's independent check, as the owner does it: at 390 px, with a passkey and a real
 * SMTP server, the business renamed and a tower added in the editor, «Publicar» pressed once
 * and confirmed with the passkey, a real build. With no restart the tower's page is served, a
 * visitor's lead from it is stored naming the tower, its visit is counted, and the lead's
 * e-mail, the inbox and the service's own page carry the new name. The seconds from the tap
 * to the tower's page are written to the test's annotations (not asserted: this machine's
 * speed is not the product's).
 */
test.describe.configure({ timeout: 600_000 });

const newName = "Estudio Dársena Norte";
const added = { slug: "torre-darsena-norte", nombre: "Torre Dársena Norte" };
const definition = apartmentFormFor([...towers, added]);
const example = loadSiteConfig({}).config;
const shots = process.env.OWNER_WALK_SHOTS;

test("renamed and a tower added, «Publicar» once with a passkey: the tower's page, its lead, its visit, the e-mail and the service's pages follow without a restart", async ({
  page,
  guard,
}, testInfo) => {
  void guard;
  const smtp = await startSmtpCatcher();
  const inbox = await startInboxServer({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      LEADS_NOTIFY_TO: "titular@ejemplo.com",
      LEADS_WEEKLY_SUMMARY: "off",
    },
  });
  const shot = async (name: string) => {
    if (!shots) return;
    mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: `${shots}/verdad-${name}-390.png`, fullPage: false });
  };
  try {
    await page.setViewportSize({ width: 390, height: 900 });
    const origin = localOrigin(inbox);
    await signInWithAuthenticator(page, inbox, inboxPaths.site);
    await addPasskey(page, inbox, "Teléfono");
    // Past the passkey's own confirmation: the publication asks for one.
    inbox.advance(11 * 60_000);

    // The tower, added in the editor.
    await page.goto(`${origin}${inboxPaths.siteTowers}`);
    await hydrated(page);
    const form = page.getByRole("region", { name: "Agregar una torre" });
    await form.getByLabel("Nombre de la torre").pressSequentially(added.nombre);
    await expect(form.getByLabel("Dirección web de la página")).toHaveValue(added.slug);
    await form.getByLabel("Dique").fill("3");
    await form.getByRole("button", { name: "Agregar la torre" }).click();
    await expect(page.getByRole("heading", { level: 1, name: added.nombre })).toBeVisible();

    // The name, then «Publicar» once and the passkey.
    await page.goto(`${origin}${inboxPaths.site}`);
    await hydrated(page);
    await page.getByLabel("Nombre del estudio").fill(newName);
    await page.getByRole("button", { name: "Guardar borrador" }).click();
    await expect(page.getByRole("status")).toHaveText("Borrador guardado. Todavía no está en el sitio.");
    await shot("borrador");
    const tapped = Date.now();
    await page.getByRole("button", { name: "Publicar" }).click();
    await confirmWithPasskey(page, inboxPaths.site);
    await pressHeldWork(page);
    await expect(page.locator("#progreso[aria-live=polite]")).toHaveText(/^Publicando… \d+ s\./);
    await expect(page.getByRole("button", { name: "Publicar" })).toBeDisabled();
    await shot("publicando");

    // No restart: the tower's page is served once the build switches.
    const towerPage = `${inbox.url}/torres/${added.slug}`;
    await expect
      .poll(async () => (await fetch(towerPage)).status, { timeout: 300_000, intervals: [500] })
      .toBe(200);
    const seconds = (Date.now() - tapped) / 1000;
    testInfo.annotations.push({ type: "tower page served after", description: `${seconds.toFixed(1)} s` });
    await expect(page.locator("#progreso[aria-live=polite]")).toHaveText(
      /^Publicado: versión 1, en \d+ s\. El sitio ya la muestra\.$/,
      { timeout: 60_000 },
    );
    await shot("publicado");
    // Mail sent before (the passkey's notice) spoke with the name then published.
    const mailBefore = smtp.messages.length;
    const towerHtml = await (await fetch(towerPage)).text();
    expect(towerHtml).toContain(newName);
    expect(towerHtml).not.toContain(example.businessName);

    // A visitor's lead from the tower's page: stored naming the tower, its visit counted.
    const visitor = await page
      .context()
      .browser()!
      .newPage({ viewport: { width: 390, height: 900 } });
    const started = new Date();
    await visitor.goto(towerPage);
    await hydrated(visitor);
    const towerForm = visitor.getByRole("form", { name: `Tasá tu departamento en ${added.nombre}` });
    await expect(towerForm.locator('[name="edificio"]')).toHaveValue(added.nombre);
    await fillForm(towerForm, definition, {
      ...answersFor(definition),
      edificio: added.nombre,
      nombre: "Visitante de la torre",
    });
    await towerForm.locator('button[type="submit"]').click();
    await expect(
      visitor.getByRole("status").filter({ hasText: "Solicitud enviada correctamente" }),
    ).toBeVisible();
    await expect(visitor.getByText(/no pudo registrar/)).toBeHidden();
    const stored = async () =>
      (await inbox.store.leads.list({}, { limit: 50, offset: 0 })).leads.filter(
        (lead) => lead.contact.name === "Visitante de la torre",
      );
    await expect.poll(async () => (await stored()).length, { timeout: 30_000 }).toBe(1);
    const [lead] = await stored();
    expect(lead!.values.edificio).toBe(added.nombre);
    expect(lead!.page).toBe(`/torres/${added.slug}`);
    const counted = async () => {
      const { byPage } = await inbox.store.visits.totals(buenosAiresDay(started), buenosAiresDay(new Date()));
      return byPage
        .filter((count) => count.page === `/torres/${added.slug}` && count.kind === "view")
        .reduce((sum, count) => sum + count.count, 0);
    };
    await expect.poll(counted, { timeout: 30_000 }).toBeGreaterThan(0);
    await visitor.close();

    // The lead's e-mail: from the new name, naming the tower.
    const leadMail = async () => smtp.messages.find((mail) => mail.text.includes("Visitante de la torre"));
    await expect.poll(async () => Boolean(await leadMail()), { timeout: 30_000 }).toBe(true);
    const mail = (await leadMail())!;
    expect(mail.headers.get("from")).toBe(`${newName} <${example.email}>`);
    expect(mail.text).toContain(added.nombre);
    for (const sent of smtp.messages.slice(mailBefore))
      expect(sent.headers.get("from")).toBe(`${newName} <${example.email}>`);

    // The inbox and the service's own page (a native post to correct) carry the new name.
    await page.goto(`${origin}${inboxPaths.list}`);
    await expect(page).toHaveTitle(new RegExp(`· Bandeja · ${newName}$`));
    await expect(page.getByRole("banner").getByText(newName, { exact: true })).toBeVisible();
    await expect(page.getByText("Visitante de la torre")).toBeVisible();
    await shot("bandeja");
    const correction = await fetch(`${inbox.url}/api/form/submit/apartment`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ edificio: added.nombre, _page: `/torres/${added.slug}` }),
    });
    expect(correction.status).toBe(422);
    const correctionHtml = await correction.text();
    expect(correctionHtml).toContain(newName);
    expect(correctionHtml).not.toContain(example.businessName);
  } finally {
    await inbox.stop();
    await smtp.stop();
  }
});
