import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { generateX25519Identity, identityToRecipient } from "age-encryption";
import { afterAll, expect, test, vi } from "vitest";

import { loadSiteConfig } from "../../app/config/site-config.ts";
import { startBackupOnWorker } from "../../server/backup/backup-on-worker.ts";
import { clientDirOf } from "../../server/build-layout.ts";
import type { SiteBuilder } from "../../server/site/site-builder.ts";
import { SitePublisher } from "../../server/site/site-publisher.ts";
import { Store } from "../../server/storage/store.ts";
import { numberedExpressLeads } from "./express-lead.ts";
import { runOwnerPassword } from "./owner-password-command.ts";
import { startSmtpCatcher } from "./smtp-catcher.ts";

/**
 * What runs apart from the serving process speaks with the name the owner published, not the
 * installation's example (issue 35): the off-site copy's alert, sent from its own thread, and
 * the e-mail of `npm run owner:password`, a command of its own. Each reads the published site
 * from the database; a rename is published first (a stand-in build: the pages are not what
 * is tested here), then each is made to write to a real SMTP server.
 */
const folders: string[] = [];
const cleanUp: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const step of cleanUp.reverse()) await step();
  for (const path of folders) rmSync(path, { recursive: true, force: true });
}, 60_000);

function folder(name: string): string {
  const path = mkdtempSync(join(tmpdir(), `published-name-${name}-`));
  folders.push(path);
  return path;
}

const newName = "Estudio Dársena Norte";
const example = loadSiteConfig({}).config;

const standInBuilder: SiteBuilder = async (_env, outDir) => {
  mkdirSync(join(clientDirOf(outDir), "assets"), { recursive: true });
  writeFileSync(join(clientDirOf(outDir), "index.html"), "construida");
};

/** Publishes the rename on the data folder's database, as the inbox's «Publicar» does. */
async function publishRename(store: Store): Promise<void> {
  const installed = folder("installed");
  await standInBuilder({}, installed);
  const publisher = new SitePublisher({
    store: store.siteVersions,
    env: {},
    versionsDir: folder("versions"),
    installedBuildDir: installed,
    build: standInBuilder,
    log: () => {},
  });
  await publisher.start();
  await store.siteVersions.saveDrafts({ SITE_BUSINESS_NAME: newName }, {}, new Date());
  await publisher.publish("titular@example.com");
  publisher.stop();
}

test(
  "a failed drill's alert, sent from the copy's own thread, comes from the published name",
  { timeout: 90_000 },
  async () => {
    const smtp = await startSmtpCatcher();
    cleanUp.push(smtp.stop);
    const dataDir = folder("data");
    const target = folder("target");
    const store = await Store.open({ dataDir });
    cleanUp.push(() => store.close());
    await publishRename(store);

    const recipient = await identityToRecipient(await generateX25519Identity());
    const runner = await startBackupOnWorker(
      {
        storage: { dataDir },
        settings: { url: `file://${target}`, recipient },
        mail: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, to: ["titular@example.com"] },
      },
      store,
      { log: () => {} },
    );
    cleanUp.push(() => runner.stop());
    const newLead = numberedExpressLeads({
      name: "Visitante",
      street: "Juana Manso",
      phone: "11 5555",
      email: "visitante",
    });
    await store.leads.insert(newLead());
    await runner.cycle();
    // The copies gone from the target: the drill cannot restore them.
    rmSync(target, { recursive: true, force: true });
    mkdirSync(target);
    expect((await runner.drill()).ok).toBe(false);

    await vi.waitFor(() => expect(smtp.messages).toHaveLength(1), { timeout: 20_000, interval: 100 });
    const [alert] = smtp.messages;
    expect(alert!.headers.get("subject")).toBe("Copias de seguridad: la restauración de prueba falló");
    expect(alert!.headers.get("from")).toBe(`${newName} <${example.email}>`);
    // The owner's e-mail names no file of the project.
    expect(alert!.text).not.toMatch(/docs\/|\.md\b/);
  },
);

test("`npm run owner:password` tells the owner from the published name", { timeout: 60_000 }, async () => {
  const smtp = await startSmtpCatcher();
  cleanUp.push(smtp.stop);
  const dataDir = folder("password");
  const store = await Store.open({ dataDir });
  await publishRename(store);
  const now = new Date().toISOString();
  await store.db
    .insertInto("inbox_totp")
    .values({ id: 1, secret: "JBSWY3DPEHPK3PXP", enabled_at: now, created_at: now })
    .execute();
  await store.close();

  const result = await runOwnerPassword({
    dataDir,
    smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
    password: "una contraseña larga y nueva",
  });
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  expect(result.stdout).not.toContain(example.businessName);
  expect(smtp.messages).toHaveLength(1);
  expect(smtp.messages[0]!.headers.get("from")).toBe(`${newName} <${example.email}>`);
  expect(smtp.messages[0]!.text).not.toContain(example.businessName);
});
