import { chromium } from "playwright-core";
const base = "http://127.0.0.1:4701";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--headless"] });
for (const width of [390, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: "es-AR" });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") problems.push(m.text()); });
  page.on("pageerror", (e) => problems.push("pageerror " + e.message));
  page.on("dialog", (d) => { problems.push("dialog " + d.message()); d.dismiss(); });
  await page.goto(base + "/bandeja");
  await page.screenshot({ path: `/tmp/f-shots/login-${width}.png`, fullPage: true });
  await page.fill("input[name=email]", "owner@example.com");
  await page.fill("input[name=password]", "una contraseña larga");
  await page.click("button[type=submit]");
  await page.waitForURL(/\/bandeja\?ingreso/);
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
  await page.screenshot({ path: `/tmp/f-shots/list-${width}.png`, fullPage: true });
  await page.click("article h2 a");
  await page.waitForURL(/consulta/);
  await page.screenshot({ path: `/tmp/f-shots/lead-${width}.png`, fullPage: true });
  console.log(width, problems);
  await context.close();
}
await browser.close();
