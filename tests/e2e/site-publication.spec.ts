import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { expect, test } from "@playwright/test";

import { notFoundPaths, pages } from "../../app/site-map.ts";
import { startNginx, type NginxServer } from "../../scripts/nginx-server.ts";
import { startPublishingServer, type PublishingServer } from "../../scripts/publishing-server.ts";
import { buildDir, clientDirOf } from "../../server/build-layout.ts";
import { loadServiceConfig } from "../../server/leads/service-config.ts";
import { Store } from "../../server/storage/store.ts";
import { currentLink } from "../../server/site/site-folders.ts";
import { startSmtpCatcher } from "../service/smtp-catcher.ts";
import { hydrated } from "./fixtures.ts";
import { popupsAsked, refusePopups } from "./form-checks.ts";
import { answersFor, fillForm, registeredForms } from "./registered-forms.ts";
import { visitInALoop } from "./visitor-loop.ts";

/**
 * A real publication: the project's own build makes every public page again
 * with the owner's facts, the Node server and a real nginx switch to it at
 * once, pages asked for in a loop meanwhile are each whole and of one version,
 * and an undo switches back. Needs the test build (BUILD_DIR, tests/run.ts).
 */
const oldNumber = "5491100000000";
const newNumber = "5491145678901";
/** A business name that would become markup, or end the JSON-LD's script, if it were not escaped. */
const hostileName = `Estudio </script><script>alert(1)</script><img src=x onerror=alert(2)> & "Co"`;
const paths = [...pages.map((page) => page.path), ...Object.values(notFoundPaths)];

const cleanUp: (() => Promise<unknown> | unknown)[] = [];
test.afterAll(async () => {
  for (const step of cleanUp.reverse()) await step();
});

// Two real builds' worth of time on a busy two-core machine.
test.describe.configure({ timeout: 600_000 });

test.describe("publishing the real site", () => {
  let baseUrl: string;
  let nginx: NginxServer;
  let publishing: PublishingServer["publishing"];
  let versions: PublishingServer["versions"];
  let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    if (!existsSync(join(clientDirOf(buildDir), "index.html")))
      throw new Error(`No build in ${buildDir}: run BUILD_DIR=${buildDir} node scripts/build.ts first.`);
    const dataDir = mkdtempSync(join(tmpdir(), "site-publication-"));
    // nginx's workers (nobody, under a root master) read the published builds below it.
    chmodSync(dataDir, 0o755);
    cleanUp.push(() => rmSync(dataDir, { recursive: true, force: true }));
    smtp = await startSmtpCatcher();
    cleanUp.push(smtp.stop);
    const config = loadServiceConfig({
      LEADS_DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      LEADS_NOTIFY_TO: "titular@ejemplo.com",
    });
    const store = await Store.open(config);
    cleanUp.push(() => store.close());
    // With the deployment's environment, as a server has it: no test runner's variables, no site facts.
    const started = await startPublishingServer({ store, config, installedBuildDir: buildDir });
    cleanUp.push(started.close);
    ({ publishing, versions, baseUrl } = started);
    // nginx's root is the `current` symlink: it follows each switch without a reload.
    nginx = await startNginx(join(publishing.publisher.versionsDir, currentLink));
    cleanUp.push(() => nginx.stop());
  });

  async function everyPage(origin: string): Promise<Map<string, string>> {
    const bodies = new Map<string, string>();
    for (const path of paths) {
      const response = await fetch(origin + path);
      expect(response.status, path).toBe(path.endsWith("/404") ? 404 : 200);
      bodies.set(path, await response.text());
    }
    return bodies;
  }

  test("every page changes at once, requests meanwhile each get one whole version, and undo switches back", async ({
    page,
  }) => {
    for (const [path, html] of await everyPage(baseUrl)) expect(html, path).toContain(oldNumber);

    await versions.saveDrafts(
      { SITE_WHATSAPP_NUMBER: newNumber, SITE_BUSINESS_NAME: hostileName },
      {},
      new Date(),
    );
    // Visitors keep asking while the pages are rebuilt and switched.
    const visitor = visitInALoop(
      baseUrl,
      paths.map((path) => ({ path, status: path.endsWith("/404") ? 404 : 200 })),
      oldNumber,
      newNumber,
    );
    const version = await publishing.publisher
      .publish("titular@ejemplo.com")
      .catch(async (error: unknown) => {
        await visitor.finish().catch(() => {});
        throw error;
      });
    const seen = await visitor.finish();
    expect(seen.before).toBeGreaterThan(0);
    expect(seen.after).toBeGreaterThan(0);
    expect(version.number).toBe(1);

    for (const origin of [baseUrl, nginx.baseUrl]) {
      for (const [path, html] of await everyPage(origin)) {
        expect(html, `${origin}${path}`).toContain(newNumber);
        expect(html, `${origin}${path}`).not.toContain(oldNumber);
        // The hostile name is text in the page and data in the JSON-LD, never markup.
        expect(html).not.toContain("<script>alert(1)");
        expect(html).not.toContain("<img src=x");
        for (const [, block] of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
          expect(() => JSON.parse(block!)).not.toThrow();
        }
      }
    }
    const home = await (await fetch(baseUrl + "/")).text();
    const ldBlocks = [...home.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.stringify(JSON.parse(match[1]!)),
    );
    expect(ldBlocks.join("")).toContain(JSON.stringify(hostileName).slice(1, -1));
    const sitemap = await (await fetch(baseUrl + "/sitemap.xml")).text();
    expect(sitemap).toContain("<urlset");

    // The island is the installation's own file (a publication renders pages, it builds no script):
    // it sends a visitor's message to the number the published page carries.
    const island = (html: string) => html.match(/data-island="([^"]+)"/)?.[1];
    const installed = readFileSync(join(clientDirOf(buildDir), "index.html"), "utf8");
    expect(island(home)).toBe(island(installed));
    const { definition, page: formPage } = registeredForms.find((form) => form.whatsapp && !form.modal)!;
    await refusePopups(page);
    await page.goto(baseUrl + formPage);
    await hydrated(page);
    const form = page.locator(`form[data-lead-inline="${definition.id}"]`);
    await fillForm(form, definition, answersFor(definition));
    await form.locator('button[type="submit"]').click();
    await expect.poll(() => popupsAsked(page)).toHaveLength(1);
    expect((await popupsAsked(page))[0]).toMatch(new RegExp(`^https://wa\\.me/${newNumber}\\?text=`));

    // The owner is told what changed and how to undo it.
    await expect.poll(() => smtp.received.length, { timeout: 10_000 }).toBe(1);
    const mail = smtp.received[0]!.message;
    expect(mail.text).toContain(`Cambió «Número de WhatsApp»: ${oldNumber} → ${newNumber}`);
    expect(mail.text).toContain("Volver a los datos de la instalación");
    expect(mail.html).not.toContain("<script>alert(1)");

    // Undo: the installation's pages again, everywhere, without a build.
    await publishing.publisher.restoreInstalled("titular@ejemplo.com");
    for (const origin of [baseUrl, nginx.baseUrl]) {
      for (const [path, html] of await everyPage(origin)) {
        expect(html, `${origin}${path}`).toContain(oldNumber);
        expect(html, `${origin}${path}`).not.toContain(newNumber);
      }
    }
    // And forward again to version 1, from its kept folder.
    await publishing.publisher.undo(1, "titular@ejemplo.com");
    expect(await (await fetch(nginx.baseUrl + "/tasador")).text()).toContain(newNumber);
    expect(readdirSync(publishing.publisher.versionsDir).filter((name) => name.includes(".partial"))).toEqual(
      [],
    );
  });
});
