/**
 * The repository's nginx configuration, run by Debian's nginx against the
 * production build: status codes, bodies, redirects, headers, compression,
 * caching, and a page of each kind in Chromium with zero Content-Security-Policy
 * violations while the WhatsApp hand-off and the off-plan form still work.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { pages, sitemapPages } from "../../app/site-map.ts";
import {
  buildDir,
  clientDirOf,
  englishNotFoundFile,
  notFoundFile,
  pageFile,
} from "../../server/build-layout.ts";
import {
  immutableCache,
  inboxPermissionsPolicy,
  readHeaderPolicy,
  revalidateCache,
  securityHeaders,
} from "../../server/headers.ts";
import type { NginxServer } from "../../scripts/nginx-server.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { postedFields } from "./form-checks.ts";
import { rawRequest, type RawResponse } from "./raw-http.ts";
import { answersFor, fillForm, registeredForms, serviceIds } from "./registered-forms.ts";
import { browserPages } from "./site-pages.ts";

const clientDir = clientDirOf(buildDir);
const policy = readHeaderPolicy(buildDir);
const notFoundPage = readFileSync(join(clientDir, notFoundFile));
const pageHtml = (path: string) => readFileSync(join(clientDir, pageFile(path)));
const homeHtml = pageHtml("/").toString("utf8");
const stylesheet = /href="(\/assets\/[^"]+\.css)"/.exec(homeHtml)?.[1] ?? "";
const bootScript = /data-island="(\/assets\/[^"]+\.js)"/.exec(homeHtml)?.[1] ?? "";

const get = (nginx: NginxServer, path: string, headers: Record<string, string> = {}, method = "GET") =>
  rawRequest(`${nginx.baseUrl}${path}`, { method, headers: { "accept-encoding": "identity", ...headers } });

function expectSecurityHeaders(response: RawResponse, what: string) {
  for (const [name, value] of securityHeaders(policy)) {
    expect(response.headers.get(name.toLowerCase()), `${name} on ${what}`).toEqual([value]);
  }
  expect(response.headers.get("vary"), `Vary on ${what}`).toEqual(["Accept-Encoding"]);
}

test.describe("nginx: routes", () => {
  test("every page answers 200 with its prerendered HTML at its clean path", async ({ nginx }) => {
    for (const { path } of pages) {
      const response = await get(nginx, path);
      expect(response.status, path).toBe(200);
      expect(response.header("content-type"), path).toBe("text/html; charset=utf-8");
      expect(response.body.equals(pageHtml(path)), `${path} body`).toBe(true);
    }
  });

  test("a trailing slash is answered with a 301 to the clean path, keeping the query", async ({ nginx }) => {
    for (const { path } of pages.filter((page) => page.path !== "/")) {
      const response = await get(nginx, `${path}/`);
      expect(response.status, `${path}/`).toBe(301);
      expect(response.header("location")).toBe(path);
      expect((await get(nginx, `${path}/?utm_source=x`)).header("location")).toBe(`${path}?utm_source=x`);
    }
    expect((await get(nginx, "/")).status).toBe(200);
  });

  test("unknown paths and build files that are not pages get the Spanish 404 page with status 404", async ({
    nginx,
  }) => {
    expect(notFoundPage.toString("utf8")).toContain('lang="es-AR"');
    const paths = [
      "/pagina-que-no-existe",
      "/404",
      "/404.html",
      "/index.html",
      "/tasaciones/index.html",
      "/__spa-fallback.html",
      "/spa-fallback.html",
      "/_headers",
      "/_redirects",
      "/index.html.gz",
      "/index.html.br",
      "/assets/no-existe.js",
      "/assets",
      "/tasaciones/otra",
    ];
    for (const path of paths) {
      const response = await get(nginx, path);
      expect(response.status, path).toBe(404);
      expect(response.header("content-type"), path).toBe("text/html; charset=utf-8");
      expect(response.body.equals(notFoundPage), `${path} body is 404.html`).toBe(true);
    }
  });

  test("unknown paths and hidden build files under /en get the English 404 page with status 404", async ({
    nginx,
  }) => {
    const englishNotFound = readFileSync(join(clientDir, englishNotFoundFile));
    expect(englishNotFound.toString("utf8")).toContain('lang="en"');
    for (const path of [
      "/en/page-that-does-not-exist",
      "/en/404",
      "/en/404.html",
      "/en/index.html",
      "/en/appraiser/index.html",
      "/en/index.html.gz",
      "/en/towers/no-such-tower",
    ]) {
      const response = await get(nginx, path);
      expect(response.status, path).toBe(404);
      expect(response.header("content-type"), path).toBe("text/html; charset=utf-8");
      expect(response.body.equals(englishNotFound), `${path} body is en/404.html`).toBe(true);
    }
    // A path that merely starts with "en" is not English.
    expect((await get(nginx, "/enlace")).body.equals(notFoundPage)).toBe(true);
  });

  test("sitemap.xml and robots.txt are served with their types", async ({ nginx }) => {
    const sitemap = await get(nginx, "/sitemap.xml");
    expect(sitemap.status).toBe(200);
    expect(sitemap.header("content-type")).toBe("application/xml; charset=utf-8");
    for (const { path } of sitemapPages) expect(sitemap.body.toString()).toContain(`${path}</loc>`);
    expect(sitemap.body.toString()).not.toContain("/gracias");
    const robots = await get(nginx, "/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.header("content-type")).toBe("text/plain; charset=utf-8");
    expect(robots.body.toString()).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  });

  test("methods other than GET and HEAD get 405 with Allow", async ({ nginx }) => {
    const response = await get(nginx, "/", {}, "POST");
    expect(response.status).toBe(405);
    expect(response.header("allow")).toBe("GET, HEAD");
    expectSecurityHeaders(response, "405");
    const head = await get(nginx, "/tasaciones", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.header("allow")).toBeUndefined();
  });
});

test.describe("nginx: the lead service behind it", () => {
  test("/api/ reaches the service for every method, with each security header exactly once", async ({
    nginx,
  }) => {
    // Anyone learns only what a load balancer needs, whatever they send (decision 0040).
    const health = await get(nginx, "/api/health", {
      "X-Health-Details": "adivinado",
      "X-Proxy-Secret": "x",
    });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body.toString())).toEqual({ ok: true });
    for (const [name, value] of securityHeaders(policy))
      expect(health.headers.get(name.toLowerCase()), name).toEqual([value]);
    expect(health.headers.get("cache-control")).toEqual(["no-store"]);
    expect(health.header("allow")).toBeUndefined();

    const submitted = await rawRequest(`${nginx.baseUrl}/api/form/submit/express`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({
        tipoPropiedad: "Departamento",
        direccion: "Juana Manso 1000",
        superficie: "80",
        ambientes: "3 ambientes",
        nombre: "Por nginx",
        telefono: "11 5555 0000",
        email: "nginx@example.com",
      }).toString(),
    });
    expect(submitted.status).toBe(201);
    expect(JSON.parse(submitted.body.toString())).toMatchObject({ ok: true });
    for (const [name, value] of securityHeaders(policy))
      expect(submitted.headers.get(name.toLowerCase()), name).toEqual([value]);

    const unknown = await get(nginx, "/api/form/submit/express", {}, "PUT");
    expect(unknown.status).toBe(405);
    expect(unknown.header("allow")).toBe("POST, OPTIONS");
    // Everywhere else, still only GET and HEAD.
    expect((await get(nginx, "/tasaciones", {}, "POST")).status).toBe(405);
  });
});

test.describe("nginx: the owner's inbox behind it", () => {
  test("/bandeja reaches the inbox with its own CSP and no-store, every other security header once", async ({
    nginx,
  }) => {
    const login = await get(nginx, "/bandeja/ingresar");
    expect(login.status).toBe(200);
    const csp = login.headers.get("content-security-policy") ?? [];
    expect(csp).toHaveLength(1);
    expect(csp[0]).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+';/);
    expect(login.headers.get("cache-control")).toEqual(["no-store"]);
    expect(login.headers.get("x-robots-tag")).toEqual(["noindex, nofollow"]);
    for (const [name, value] of securityHeaders(policy))
      if (name !== "Content-Security-Policy" && name !== "Permissions-Policy")
        expect(login.headers.get(name.toLowerCase()), name).toEqual([value]);
    // Its own Permissions-Policy, once: passkeys on its pages, on no public page.
    expect(login.headers.get("permissions-policy")).toEqual([inboxPermissionsPolicy()]);
    expect((await get(nginx, "/")).header("permissions-policy")).toContain("publickey-credentials-get=()");

    const list = await get(nginx, "/bandeja");
    expect(list.status).toBe(302);
    expect(list.header("location")).toBe("/bandeja/ingresar");
    // The inbox answers its own POSTs (here: no owner account yet, so no sign-in), and refuses other origins.
    const form = { "content-type": "application/x-www-form-urlencoded" };
    const body = "email=titular%40ejemplo.com&password=una+contrase%C3%B1a+larga";
    const signIn = (origin: string) =>
      rawRequest(`${nginx.baseUrl}/bandeja/ingresar`, { method: "POST", headers: { ...form, origin }, body });
    expect((await signIn(nginx.baseUrl)).status).toBe(401);
    expect((await signIn("https://atacante.example")).status).toBe(403);
  });

  test("an inbox page hydrates through nginx without a CSP violation", async ({ nginx, page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto(`${nginx.baseUrl}/bandeja`);
    await expect(page).toHaveURL(`${nginx.baseUrl}/bandeja/ingresar`);
    await hydrated(page);
    await expect(page.getByRole("heading", { name: "Todavía no hay una cuenta de titular" })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe("nginx: headers", () => {
  test("every response carries every security header exactly once", async ({ nginx }) => {
    expect(stylesheet && bootScript, "the home page links a stylesheet and a boot module").toBeTruthy();
    for (const path of [
      "/",
      "/comprar-en-pozo",
      stylesheet,
      bootScript,
      "/sitemap.xml",
      "/robots.txt",
      "/no-existe",
      "/404",
      "/tasaciones/",
    ]) {
      expectSecurityHeaders(await get(nginx, path), path);
      expectSecurityHeaders(
        await get(nginx, path, { "accept-encoding": "br, gzip" }),
        `${path} (compressed)`,
      );
    }
  });

  test("the CSP allows only this site, the boot loader's hash and the form service", async ({ nginx }) => {
    const csp = (await get(nginx, "/")).header("content-security-policy") ?? "";
    const directives = new Map(
      csp
        .split(";")
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...sources]) => [name!, sources]),
    );
    expect(directives.get("default-src")).toEqual(["'none'"]);
    expect(directives.get("script-src")).toEqual([
      "'self'",
      ...policy.scriptHashes.map((hash) => `'${hash}'`),
    ]);
    expect(directives.get("connect-src")).toEqual([
      "'self'",
      ...(policy.formServiceUrl ? [policy.formServiceUrl] : []),
    ]);
    expect(directives.get("form-action")).toEqual([
      "'self'",
      ...(policy.formServiceUrl ? [policy.formServiceUrl] : []),
    ]);
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    expect(directives.get("object-src")).toEqual(["'none'"]);
    expect(directives.get("base-uri")).toEqual(["'self'"]);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  test("hashed assets are immutable for a year; HTML, sitemap, robots and the 404 page are revalidated", async ({
    nginx,
  }) => {
    for (const path of [stylesheet, bootScript])
      expect((await get(nginx, path)).header("cache-control"), path).toBe(immutableCache);
    for (const path of [
      "/",
      "/tasaciones",
      "/sitemap.xml",
      "/robots.txt",
      "/no-existe",
      "/assets/no-existe.js",
      "/tasaciones/",
    ]) {
      expect((await get(nginx, path)).header("cache-control"), path).toBe(revalidateCache);
    }
  });

  test("compression is negotiated: brotli first, then gzip, identity otherwise", async ({ nginx }) => {
    for (const path of ["/", "/tasaciones-online", stylesheet, bootScript, "/sitemap.xml", "/no-existe"]) {
      const original = path === "/no-existe" ? notFoundPage : (await get(nginx, path)).body;
      const cases: [string, string | undefined][] = [
        ["br", "br"],
        ["gzip", "gzip"],
        ["gzip, deflate, br", "br"],
        ["identity", undefined],
      ];
      for (const [accept, expected] of cases) {
        const response = await get(nginx, path, { "accept-encoding": accept });
        expect(response.header("content-encoding"), `${path} with ${accept}`).toBe(expected);
        expect(response.decoded().equals(original), `${path} with ${accept} decodes to the file`).toBe(true);
        expect(response.headers.get("vary"), `${path} Vary`).toEqual(["Accept-Encoding"]);
      }
    }
  });
});

test.describe("nginx: in Chromium", () => {
  // Every browser test fails on a policy violation (fixtures.ts), against the Node server, which
  // sends nginx's headers and bodies for every page (server-parity.spec.ts). Through nginx itself:
  // a page of each kind.
  const nginxPages = browserPages.filter(
    ({ path, status }) => status === 404 || ["/", "/en", "/torres/alvear-tower"].includes(path),
  );
  for (const { path, status } of nginxPages) {
    test(`${path} loads and hydrates with no CSP violation`, async ({ page, nginx }) => {
      const response = await page.goto(`${nginx.baseUrl}${path}`);
      expect(response?.status()).toBe(status);
      await hydrated(page);
      await page.waitForLoadState("networkidle");
    });
  }

  test("the header Contacto link still opens WhatsApp in a new tab (COOP same-origin)", async ({
    page,
    context,
    nginx,
    whatsapp,
  }) => {
    await page.goto(`${nginx.baseUrl}/`);
    await hydrated(page);
    const contact = page.getByRole("banner").getByRole("link", { name: /contacto/i });
    await expect(contact).toHaveAttribute("href", /^https:\/\/wa\.me\//);
    const [tab] = await Promise.all([context.waitForEvent("page"), contact.click()]);
    await tab.waitForLoadState();
    expect(tab.url()).toMatch(/^https:\/\/wa\.me\//);
    expect((await whatsapp.last()).text).toMatch(/tasaci[oó]n/i);
  });

  test("window.open with noopener still opens a WhatsApp tab under COOP same-origin", async ({
    page,
    context,
    nginx,
    whatsapp,
  }) => {
    await page.goto(`${nginx.baseUrl}/`);
    await hydrated(page);
    const [tab] = await Promise.all([
      context.waitForEvent("page"),
      page.evaluate(
        () => void window.open("https://wa.me/5491100000000?text=Hola", "_blank", "noopener,noreferrer"),
      ),
    ]);
    await tab.waitForLoadState();
    expect((await whatsapp.last()).text).toBe("Hola");
  });

  test("the policy lets the page reach the lead service through nginx (connect-src and form-action)", async ({
    page,
    nginx,
    leadService,
  }) => {
    await page.goto(`${nginx.baseUrl}/`);
    await hydrated(page);
    // Unknown form ids: the service answers 404 and stores nothing, but both requests must leave the page.
    await page.evaluate(() =>
      fetch("/api/form/submit/prueba-fetch", { method: "POST", body: "a=1" }).catch(() => undefined),
    );
    await page.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/api/form/submit/prueba-form";
      document.body.append(form);
      form.submit();
    });
    await expect
      .poll(() => leadService.sent.map((sent) => sent.path))
      .toEqual(["/api/form/submit/prueba-fetch", "/api/form/submit/prueba-form"]);
  });

  for (const { definition, page: path } of registeredForms.filter((registered) => !registered.whatsapp)) {
    test(`the ${definition.id} form on ${path} posts through nginx to the lead service, which stores it`, async ({
      page,
      nginx,
      leadService,
    }) => {
      await page.goto(`${nginx.baseUrl}${path}`);
      await hydrated(page);
      const scope = page.locator(`form[data-lead-inline="${definition.id}"]`);
      const values = answersFor(definition);
      await fillForm(scope, definition, values);
      await scope.locator('button[type="submit"]').click();
      await expect(scope.getByRole("status")).toContainText("Recibimos tu consulta", { useInnerText: true });
      const fieldNames = new Set(Object.keys(values));
      expect(
        leadService
          .to(serviceIds[definition.id])
          .map((submission) => submission.fields.filter(([name]) => fieldNames.has(name))),
      ).toEqual([postedFields(definition, values)]);
      const [lead] = await leadService.stored();
      expect(lead!.values).toEqual(values);
    });
  }
});
