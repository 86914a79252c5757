import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import type { Locator } from "@playwright/test";

import { loadSiteConfig } from "../../app/config/site-config.ts";
import { towers } from "../../app/content/towers.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { browserPages } from "./site-pages.ts";

/**
 * The tower pages (/torres/{slug}), one per building of the catalogue: what
 * the server's HTML holds (for search engines and visitors without
 * JavaScript), the apartment form with the tower already chosen, and the
 * catalogue cards that lead there. Expected texts are written out here, not
 * imported from the copy modules.
 */

const { config: site } = loadSiteConfig(process.env);
const clientDir = join(process.env.BUILD_DIR ?? "build", "client");

function jsonLdOf(html: string): Record<string, unknown>[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return blocks.map((block) => JSON.parse(block[1]!) as Record<string, unknown>);
}

const decode = (text: string) =>
  text.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&quot;", '"');

/** A control by its visible label (required ones end in an aria-hidden "*"). */
const field = (scope: Locator, label: string) =>
  scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}( \\*)?$`));

for (const tower of towers) {
  const path = `/torres/${tower.slug}`;

  test.describe(`tower page ${path}`, () => {
    test("the server's HTML holds the page: heading, canonical, breadcrumbs, JSON-LD, map and the chosen tower", async ({
      request,
    }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const html = await response.text();

      expect(decode(html.match(/<h1[^>]*>([\s\S]*?)<\/h1>/)?.[1] ?? "")).toBe(tower.nombre);
      expect(html).toContain(`<link rel="canonical" href="${site.siteUrl}${path}"/>`);
      expect(decode(html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "")).toContain(tower.nombre);
      expect(html).toMatch(
        new RegExp(
          `<meta property="og:image" content="${site.siteUrl}/generated/social/${tower.slug}-[0-9a-f]{10}\\.jpg"/>`,
        ),
      );

      // Breadcrumbs: Inicio › Torres › {name}, the last one being this page.
      const crumbs = html.match(/<nav aria-label="Ruta de navegación"[\s\S]*?<\/nav>/)?.[0] ?? "";
      expect(crumbs).toContain('href="/"');
      expect(crumbs).toContain('href="/tasar-departamentos"');
      expect(decode(crumbs).match(/aria-current="page"[^>]*>([^<]*)</)?.[1]).toBe(tower.nombre);

      const data = jsonLdOf(html);
      expect(data.map((item) => item["@type"]).sort()).toEqual([
        "ApartmentComplex",
        "BreadcrumbList",
        "WebPage",
      ]);
      const breadcrumbList = data.find((item) => item["@type"] === "BreadcrumbList") as {
        itemListElement: { position: number; name: string; item: string }[];
      };
      expect(breadcrumbList.itemListElement.map((item) => item.item)).toEqual([
        `${site.siteUrl}/`,
        `${site.siteUrl}/tasar-departamentos`,
        `${site.siteUrl}${path}`,
      ]);
      const building = data.find((item) => item["@type"] === "ApartmentComplex") as Record<string, unknown>;
      expect(building.name).toBe(tower.nombre);
      expect(building.address).toMatchObject({ addressLocality: "Puerto Madero", addressCountry: "AR" });
      // Geo only for a sourced coordinate; a street address only when it is confirmed.
      expect("geo" in building).toBe(tower.geo !== undefined);
      const street = (building.address as { streetAddress?: string }).streetAddress;
      expect(street).toBe(tower.toConfirm.includes("direccion") ? undefined : tower.direccion);

      // The map highlights the tower's dock, and only that one.
      const highlighted = [...html.matchAll(/<g data-dock="(\d)" data-highlighted="true">/g)].map(
        (m) => m[1],
      );
      expect(highlighted).toEqual([String(tower.dock)]);

      // The apartment form is in the page with the tower chosen: it works before any script runs.
      const edificio = html.match(/<select[^>]*name="edificio"[\s\S]*?<\/select>/)?.[0] ?? "";
      expect(decode(edificio)).toContain(`<option value="${tower.nombre}" selected="">`);

      // Facts still to confirm are marked as such, and nothing else is.
      const pendingMarks = (html.match(/data-pending=""/g) ?? []).length;
      expect(pendingMarks > 0).toBe(tower.toConfirm.filter((fact) => fact !== "geo").length > 0);
    });

    // The form is one component on every tower page: the browser fills it on the pages the generic loops visit.
    if (!browserPages.some((sitePage) => sitePage.path === path)) return;

    test("the form sends the apartment request for this tower to WhatsApp", async ({ page, whatsapp }) => {
      await page.goto(path);
      await hydrated(page);
      const form = page.locator("#tasar form");
      await expect(field(form, "Edificio")).toHaveValue(tower.nombre);
      await field(form, "Ambientes").selectOption("3");
      await field(form, "Vista").selectOption("Río");
      await field(form, "Nombre y apellido").fill("Ana Núñez");
      await field(form, "WhatsApp").fill("+54 9 11 5555-1234");
      await field(form, "Email").fill("ana.nunez@example.com");
      await form.getByRole("button", { name: "Enviar por WhatsApp" }).click();
      const handoff = await whatsapp.last();
      expect(handoff.url.pathname).toBe(`/${site.whatsappNumber}`);
      expect(handoff.text).toContain("Hola, quiero hacer una solicitud de tasación de departamento.");
      expect(handoff.text).toContain(`🏢 Edificio: ${tower.nombre}\n🚪 Ambientes: 3\n🌅 Vista: Río`);
    });
  });
}

test("every catalogue card's tower name links to the tower's page", async ({ page }) => {
  for (const listing of ["/tasar-departamentos", "/", "/valoracion-de-inmuebles"]) {
    await page.goto(listing);
    for (const tower of towers) {
      const link = page.getByRole("heading", { name: tower.nombre, exact: true }).getByRole("link");
      await expect(link, `${listing}: ${tower.nombre}`).toHaveAttribute("href", `/torres/${tower.slug}`);
    }
  }
  await hydrated(page);
  await page.getByRole("heading", { name: "Torres El Faro", exact: true }).getByRole("link").click();
  await expect(page).toHaveURL("/torres/torres-el-faro");
  await expect(page.locator("h1")).toHaveText("Torres El Faro");
  await expect(page.locator("#tasar select[name='edificio']")).toHaveValue("Torres El Faro");
});

test("a tower page links to the other buildings on its dock and back to the catalogue", async ({ page }) => {
  await page.goto("/torres/faena-los-molinos-building");
  const neighbours = page.locator("#mismo-dique");
  await expect(neighbours.getByRole("heading", { level: 2 })).toHaveText("Otras torres del Dique 3");
  await expect(neighbours.locator('a[href="/torres/alvear-icon-hotel-residences"]')).toHaveText(
    /Alvear Icon Hotel & Residences/,
  );
  await expect(neighbours.locator('a[href^="/torres/"]')).toHaveCount(1);
  await expect(neighbours.locator('a[href="/tasar-departamentos"]')).toHaveText(/Ver las 26 torres/);
});

test("a building under construction and a pending fact are marked as such", async ({ page }) => {
  await page.goto("/torres/harbour-tower");
  await expect(page.locator("main section").first()).toContainText("En construcción");
  await expect(page.locator('[data-fact="units"]')).toContainText("217 unidades a confirmar");
  await expect(page.locator('[data-fact="direccion"]')).not.toContainText("a confirmar");
  await page.goto("/torres/forum-puerto-madero");
  await expect(page.locator('[data-fact="direccion"]')).toHaveText(/Dirección\s*a confirmar/);
});

test("the catalogue's sources never reach the browser", () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)],
    );
  const text = files(clientDir)
    .filter((file) => /\.(html|js|css|json|xml|txt)$/.test(file))
    .map((file) => readFileSync(file, "utf8"))
    .join("\n");
  for (const source of ["modernabuenosaires.org", "lanacion.com.ar", "A confirmar:"]) {
    expect(text, source).not.toContain(source);
  }
});

test("the sitemap lists every tower page", async ({ request }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const tower of towers) expect(sitemap).toContain(`<loc>${site.siteUrl}/torres/${tower.slug}</loc>`);
});
