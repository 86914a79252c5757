import { loadSiteConfig } from "../../app/config/site-config.ts";
import { expect, hydrated, test } from "./fixtures.ts";

/**
 * /tasador (product decision 17): the registration and the body come from the
 * configuration, the registry link is the configured one, and the page says
 * what the written report holds, how long it takes and what happens to a
 * visitor's data.
 */

const { config: site } = loadSiteConfig(process.env);

function jsonLdOf(html: string): Record<string, unknown>[] {
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  return blocks.map((block) => JSON.parse(block[1]!) as Record<string, unknown>);
}

test("the licence page shows the registration, how to check it, the report and the data promise", async ({
  page,
}) => {
  const response = await page.goto("/tasador");
  expect(response?.status()).toBe(200);
  await hydrated(page);
  await expect(page.locator("h1")).toHaveText("Quién firma tu tasación");
  await expect(page.locator("main")).toContainText(site.appraiserName);

  const licence = page.getByRole("region", { name: "La matrícula", exact: true });
  await expect(licence.locator("[data-registration]")).toHaveText(site.registrationNumber);
  await expect(licence).toContainText(site.professionalBody);

  const verify = page.locator("#verificar");
  await expect(verify.locator("ol > li")).toHaveCount(3);
  await expect(verify).toContainText(`Escribí el número de matrícula ${site.registrationNumber}`);
  const registry = verify.getByRole("link", {
    name: new RegExp(`Registro de matriculados de ${site.professionalBody}`),
  });
  await expect(registry).toHaveAttribute("href", site.registryUrl);
  await expect(registry).toHaveAttribute("target", "_blank");
  await expect(registry).toHaveAttribute("rel", /noopener/);

  const report = page.locator("#informe");
  for (const part of ["La propiedad", "Los comparables", "El valor", "La firma"]) {
    await expect(report.getByRole("heading", { name: part })).toBeVisible();
  }
  await expect(report).toContainText(`Plazo de entrega: ${site.deliveryHours} h`);

  const promise = page.locator("#tus-datos");
  await expect(promise).toContainText(`Te responde una sola persona: ${site.appraiserName}`);
  await expect(promise).toContainText("no se venden ni se comparten");
  await expect(promise).toContainText("sin tu consentimiento");

  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${site.siteUrl}/tasador`);
  await page.locator("main").getByRole("link", { name: "Pedir una tasación" }).click();
  await expect(page).toHaveURL("/tasaciones-online");
});

test("the agent's JSON-LD carries the credential, on the licence page and the home page", async ({
  request,
}) => {
  for (const path of ["/tasador", "/"]) {
    const data = jsonLdOf(await (await request.get(path)).text());
    const agent = data.find((item) => item["@type"] === "RealEstateAgent");
    expect(agent?.hasCredential, path).toEqual({
      "@type": "EducationalOccupationalCredential",
      credentialCategory: "Matrícula profesional",
      identifier: site.registrationNumber,
      recognizedBy: { "@type": "Organization", name: site.professionalBody, url: site.registryUrl },
    });
  }
  const types = jsonLdOf(await (await request.get("/tasador")).text()).map((item) => item["@type"]);
  expect(types.sort()).toEqual(["AboutPage", "BreadcrumbList", "RealEstateAgent"]);
});

test("the footer on every page and the home page's credentials band link to the licence page", async ({
  page,
}) => {
  await page.goto("/");
  await expect(
    page.locator("footer").getByRole("link", { name: "El tasador y su matrícula" }),
  ).toHaveAttribute("href", "/tasador");
  const band = page.locator("section", { has: page.getByRole("heading", { name: "Tasador matriculado" }) });
  await band.getByRole("link", { name: "Verificá la matrícula" }).click();
  await expect(page).toHaveURL("/tasador");
  await expect(page.locator("h1")).toHaveText("Quién firma tu tasación");
});
