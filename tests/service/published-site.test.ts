import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { loadSiteConfig } from "../../app/config/site-config.ts";
import { allFields, type FormDefinition, type LeadValues } from "../../app/features/leads/forms/types.ts";
import { clientDirOf } from "../../server/build-layout.ts";
import { headerPolicyFile } from "../../server/headers.ts";
import { createInboxService } from "../../server/inbox/inbox-service.ts";
import { OwnerAuth } from "../../server/inbox/owner-auth.ts";
import { loadServiceConfig } from "../../server/leads/service-config.ts";
import { startLeadService, type LeadService } from "../../server/leads/service.ts";
import type { StorageOptions } from "../../server/storage/store.ts";
import { followPublications, PublishedSiteSource } from "../../server/site/published-site.ts";
import type { SiteBuilder } from "../../server/site/site-builder.ts";
import { startSitePublishing } from "../../server/site/site-publishing.ts";
import { createTowerEditor } from "../../server/site/tower-editor.ts";
import { storageBackends } from "../tools/storage-backends.ts";
import { formEncoded, json, send, urlEncoded } from "./http-client.ts";
import { startSmtpCatcher } from "./smtp-catcher.ts";

/**
 * What the owner publishes is what the whole service reads (product decision
 * 27, decision 0025), on real SQLite and PostgreSQL, with a real SMTP server:
 * a tower added and a business renamed, published, and with no restart a lead
 * naming the tower is stored through every form that lists towers (by script
 * and by a native post), its page's visits are counted, results group it, and
 * the lead's e-mail carries the new name; then the same after a restart, and
 * on a second instance of the same PostgreSQL database within seconds. The
 * pages are a stand-in build (the real build of towers is tests/e2e/site-towers.spec.ts):
 * what is tested here is the service behind them.
 */
const backends = storageBackends("published-site");
const cleanUp: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const step of cleanUp.reverse()) await step();
}, 60_000);

/** The installer's environment: no fact set, so the name is the example's until the owner publishes one. */
const installerEnv: Record<string, string> = {};
const newName = `Estudio "Río" & Sol <b>`;
const newTower = { slug: "torre-walk-test", nombre: "Torre Walk Test" };
const siteEmail = loadSiteConfig(installerEnv).config.email;
const siteOrigin = new URL(loadSiteConfig(installerEnv).config.siteUrl).origin;
const towerForms = ["express", "valuation", "apartment", "sale-by-type"];

/** Writes one page naming what it was built with: enough for the Node server to switch builds. */
const standInBuilder: SiteBuilder = async (_env, outDir) => {
  mkdirSync(join(clientDirOf(outDir), "assets"), { recursive: true });
  writeFileSync(join(clientDirOf(outDir), "index.html"), "construida");
  mkdirSync(dirname(headerPolicyFile(outDir)), { recursive: true });
  writeFileSync(headerPolicyFile(outDir), JSON.stringify({ formServiceUrl: "", scriptHashes: [] }));
};

function tempDir(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  cleanUp.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

type Instance = {
  url: string;
  service: LeadService;
  published: PublishedSiteSource;
  publishing: Awaited<ReturnType<typeof startSitePublishing>>;
  inbox: ReturnType<typeof createInboxService>;
  stop: () => Promise<void>;
};

/** One instance as `npm start` puts it together: the lead service reading the published site, publishing, the inbox. */
async function startInstance(storage: StorageOptions, smtpPort: number): Promise<Instance> {
  const config = loadServiceConfig({
    LEADS_DATA_DIR: storage.dataDir,
    ...(storage.databaseUrl ? { DATABASE_URL: storage.databaseUrl } : {}),
    LEADS_RATE_LIMIT: "0",
    LEADS_WEEKLY_SUMMARY: "off",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    LEADS_NOTIFY_TO: "titular@example.com",
  });
  const site = loadSiteConfig(installerEnv).config;
  const published = new PublishedSiteSource(installerEnv);
  const service = await startLeadService({
    config,
    site,
    published: () => published.current(),
    stylesheets: [],
    backoff: { firstDelayMs: 100, maxDelayMs: 1_000, maxAttempts: 15 },
    pollMs: 50,
  });
  const installed = tempDir("published-site-installed-");
  await standInBuilder(installerEnv, installed);
  const publishing = await startSitePublishing({
    store: service.store,
    config,
    env: installerEnv,
    installedBuildDir: installed,
    build: standInBuilder,
  });
  await followPublications(published, publishing.publisher, service.store.siteVersions);
  const inbox = createInboxService({
    store: service.store,
    auth: new OwnerAuth(service.store, {
      now: () => new Date(),
      hasFactor: () => service.store.secondFactors.anyFactor(),
    }),
    forms: (formId) => published.current().forms(formId),
    offPlanFormId: site.offPlanFormId,
    retentionMonths: 24,
    published: () => published.current(),
  });
  const server: Server = createServer((request, response) => {
    void service.api.handleApi(request, response, new URL(request.url ?? "/", "http://127.0.0.1"));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    publishing.publisher.stop();
    await new Promise((resolve) => server.close(resolve));
    await service.close();
  };
  cleanUp.push(stop);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    service,
    published,
    publishing,
    inbox,
    stop,
  };
}

/** Answers every field as a visitor could, the tower dropdown (the one listing Alvear Tower) naming `tower`. */
function answers(definition: FormDefinition, tower: string, name: string): LeadValues {
  const values: Record<string, string | string[]> = {};
  for (const field of allFields(definition)) {
    if (field.options?.includes("Alvear Tower")) values[field.name] = tower;
    else if (field.autoComplete === "name") values[field.name] = name;
    else if (field.type === "tel") values[field.name] = "+54 9 11 5555-0101";
    else if (field.type === "email") values[field.name] = "visitante@example.com";
    else if (field.type === "select") values[field.name] = field.options!.at(-1)!;
    else if (field.type === "checkboxes") values[field.name] = field.options!.slice(0, 1) as string[];
    else if (field.type === "number") values[field.name] = "85";
    else values[field.name] = "Texto";
  }
  return values;
}

function body(values: LeadValues, page: string): string {
  const fields: [string, string][] = [];
  for (const [name, value] of Object.entries(values))
    for (const item of typeof value === "string" ? [value] : value) fields.push([name, item]);
  fields.push(["_page", page], ["_handoff", "tab-opened"]);
  return urlEncoded(fields);
}

/** A visitor's post: by script (JSON answer) or a native one (303 to the thank-you page); the stored id. */
async function submitLead(
  instance: Instance,
  formId: string,
  values: LeadValues,
  how: "script" | "native",
): Promise<string> {
  const page = `/torres/${newTower.slug}`;
  const response = await send(`${instance.url}/api/form/submit/${formId}`, {
    headers: { ...formEncoded, Origin: siteOrigin, ...(how === "script" ? json : {}) },
    body: body(values, page),
  });
  if (how === "script") {
    expect(response.status, response.body).toBe(201);
    return (JSON.parse(response.body) as { id: string }).id;
  }
  expect(response.status, response.body).toBe(303);
  return new URL(String(response.headers.location), "http://x").searchParams.get("envio")!;
}

async function beacon(instance: Instance, page: string): Promise<number> {
  const response = await send(`${instance.url}/api/visitas`, {
    headers: { "Content-Type": "text/plain;charset=UTF-8", Origin: siteOrigin, "User-Agent": "Mozilla/5.0" },
    body: urlEncoded({ p: page, k: "view" }),
  });
  return response.status;
}

/** Adds the tower and renames the business as drafts, and publishes them as the route does. */
async function publishTowerAndName(instance: Instance): Promise<void> {
  const { publisher } = instance.publishing;
  const added = await createTowerEditor({
    publisher,
    store: instance.service.store.siteVersions,
  }).editTower("", {
    kind: "agregar",
    values: { ...newTower, dock: "3", status: "terminado" },
  });
  expect(added).toEqual({ ok: true, slug: newTower.slug });
  await instance.service.store.siteVersions.saveDrafts({ SITE_BUSINESS_NAME: newName }, {}, new Date());
  await publisher.publish("titular@example.com");
}

describe.each(backends)("the published site on $name", { timeout: 120_000 }, (backend) => {
  it("a tower and a name published are the service's truth at once, after a restart, and on a second instance", async () => {
    const smtp = await startSmtpCatcher();
    cleanUp.push(smtp.stop);
    const storage = await backend.options();
    const first = await startInstance(storage, smtp.port);

    // Before: the tower is unknown, as a stranger's made-up one stays after.
    const before = first.published.current().forms("apartment")!.definition;
    const refused = await send(`${first.url}/api/form/submit/apartment`, {
      headers: { ...formEncoded, Origin: siteOrigin, ...json },
      body: body(answers(before, newTower.nombre, "Antes"), "/tasar-departamentos"),
    });
    expect(refused.status).toBe(422);
    expect(await beacon(first, `/torres/${newTower.slug}`)).toBe(422);

    await publishTowerAndName(first);
    expect(first.published.current().site.businessName).toBe(newName);

    // Every form that lists towers, by script and natively: stored, naming the tower as sent.
    const stored: string[] = [];
    for (const formId of towerForms) {
      const definition = first.published.current().forms(formId)!.definition;
      expect(allFields(definition).some((field) => field.options?.includes(newTower.nombre))).toBe(true);
      for (const how of ["script", "native"] as const) {
        const name = `${formId} ${how}`;
        const id = await submitLead(first, formId, answers(definition, newTower.nombre, name), how);
        const lead = await first.service.store.leads.get(id);
        expect(Object.values(lead!.values)).toContain(newTower.nombre);
        expect(lead!.page).toBe(`/torres/${newTower.slug}`);
        stored.push(name);
      }
    }
    // Its pages' visits are counted, in both languages; a page of no tower still is not.
    expect(await beacon(first, `/torres/${newTower.slug}`)).toBe(204);
    expect(await beacon(first, `/en/towers/${newTower.slug}`)).toBe(204);
    expect(await beacon(first, "/torres/torre-inventada")).toBe(422);

    // Results group the tower's page under its name.
    const results = await first.inbox.results("semana");
    expect(results.towers).toContainEqual(
      expect.objectContaining({ key: `/torres/${newTower.slug}`, label: newTower.nombre, leads: 8 }),
    );

    // Every lead's e-mail comes from the published name; the publication notice too.
    await expect
      .poll(() => smtp.messages.filter((mail) => mail.headers.get("subject")?.startsWith("Nueva")).length, {
        timeout: 20_000,
      })
      .toBe(stored.length);
    for (const mail of smtp.messages) {
      // The name is the display name only: the address stays the site's (no header made of it).
      expect(mail.headers.get("from")).toBe(`${newName} <${siteEmail}>`);
    }
    const leadMail = smtp.messages.find((mail) => mail.headers.get("subject")?.includes("apartment script"));
    expect(leadMail!.text).toContain(newTower.nombre);
    expect(leadMail!.html).toContain("Estudio &quot;Río&quot; &amp; Sol &lt;b&gt;");

    // The service's own page (a native post to correct) carries the published name.
    const correction = await send(`${first.url}/api/form/submit/apartment`, {
      headers: { ...formEncoded, Origin: siteOrigin },
      body: urlEncoded({ edificio: newTower.nombre, _page: `/torres/${newTower.slug}` }),
    });
    expect(correction.status).toBe(422);
    expect(correction.body).toContain("Estudio &quot;Río&quot; &amp; Sol &lt;b&gt;");
    expect(correction.body).not.toContain(newName);

    // After a restart: the same, with nothing published again.
    await first.stop();
    const again = await startInstance(storage, smtp.port);
    expect(again.published.current().site.businessName).toBe(newName);
    const definition = again.published.current().forms("valuation")!.definition;
    await submitLead(again, "valuation", answers(definition, newTower.nombre, "Tras reiniciar"), "native");
    expect(await beacon(again, `/torres/${newTower.slug}`)).toBe(204);

    if (backend.name === "PostgreSQL") {
      // A second instance on the same database follows what the first publishes, within seconds.
      const second = await startInstance(
        { ...storage, dataDir: tempDir("published-site-second-") },
        smtp.port,
      );
      second.publishing.publisher.startFollowing(200);
      await again.service.store.siteVersions.saveDrafts(
        { SITE_BUSINESS_NAME: "Tasaciones Segunda" },
        { SITE_BUSINESS_NAME: newName },
        new Date(),
      );
      await again.publishing.publisher.publish("titular@example.com");
      await expect
        .poll(() => second.published.current().site.businessName, { timeout: 15_000 })
        .toBe("Tasaciones Segunda");
      const onSecond = second.published.current().forms("apartment")!.definition;
      await submitLead(second, "apartment", answers(onSecond, newTower.nombre, "En la segunda"), "script");
    }
  });

  it("a lead from a page of the version just replaced is stored: a tower retired, a tower gone with an undo", async () => {
    const smtp = await startSmtpCatcher();
    cleanUp.push(smtp.stop);
    const storage = await backend.options();
    const instance = await startInstance(storage, smtp.port);
    const { publisher } = instance.publishing;
    await publishTowerAndName(instance);
    const added = instance.published.current().version!;
    // A visitor opens the new tower's page and Mulieris' page, then the owner retires Mulieris…
    const open = (formId: string) => instance.published.current().forms(formId)!.definition;
    const [valuationPage, apartmentPage] = [open("valuation"), open("apartment")];
    await createTowerEditor({ publisher, store: instance.service.store.siteVersions }).editTower("mulieris", {
      kind: "retirar",
    });
    await publisher.publish("titular@example.com");
    expect(instance.published.current().towers.some((tower) => tower.slug === "mulieris")).toBe(false);
    const retired = await submitLead(
      instance,
      "valuation",
      answers(valuationPage, "Mulieris", "Retirada"),
      "native",
    );
    expect(Object.values((await instance.service.store.leads.get(retired))!.values)).toContain("Mulieris");
    // …and undoes back to the installation: the added tower is gone from the pages, not from the open one.
    await publisher.restoreInstalled("titular@example.com");
    expect(instance.published.current().version).not.toBe(added);
    expect(instance.published.current().towers.some((tower) => tower.slug === newTower.slug)).toBe(false);
    const gone = await submitLead(
      instance,
      "apartment",
      answers(apartmentPage, newTower.nombre, "Deshecha"),
      "script",
    );
    expect(Object.values((await instance.service.store.leads.get(gone))!.values)).toContain(newTower.nombre);
    expect(await beacon(instance, `/torres/${newTower.slug}`)).toBe(204);
    // What no version ever listed is still refused.
    const invented = await send(`${instance.url}/api/form/submit/apartment`, {
      headers: { ...formEncoded, Origin: siteOrigin, ...json },
      body: body(answers(apartmentPage, "Torre Inventada", "Nadie"), "/tasar-departamentos"),
    });
    expect(invented.status).toBe(422);
    // A restart in between: the history still names the tower.
    await instance.stop();
    const restarted = await startInstance(storage, smtp.port);
    await submitLead(restarted, "apartment", answers(apartmentPage, newTower.nombre, "Reiniciada"), "native");
  });
});
