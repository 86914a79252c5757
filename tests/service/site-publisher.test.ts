import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, beforeEach, describe, expect, it } from "vitest";

import { clientDirOf } from "../../server/build-layout.ts";
import { Store } from "../../server/storage/store.ts";
import type { SiteBuilder } from "../../server/site/site-builder.ts";
import { currentLink } from "../../server/site/site-folders.ts";
import {
  PublishRefused,
  SitePublisher,
  type PublicationNotice,
  type SitePublisherOptions,
} from "../../server/site/site-publisher.ts";
import type { SiteVersionRows } from "../../server/storage/site-version-rows.ts";
import { storageBackends } from "../tools/storage-backends.ts";

/**
 * Publishing and undoing on real SQLite and PostgreSQL, with a stand-in build
 * that writes a page naming the WhatsApp number it was given (the real build,
 * every page of it, is in site-publication.test.ts).
 */
const backends = storageBackends("site");
const folders: string[] = [];
afterAll(() => {
  // Temporary folders are left to the system's cleaner; nothing here is large.
  folders.length = 0;
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  folders.push(dir);
  return dir;
}

/** A build that writes its environment's WhatsApp number into the home page, counting its calls. */
function standInBuilder(): SiteBuilder & { calls: number; gate?: Promise<void> } {
  const builder = Object.assign(
    async (env: Record<string, string | undefined>, outDir: string) => {
      builder.calls += 1;
      await builder.gate;
      if (env.SITE_WHATSAPP_NUMBER === "5491199999999") throw new Error("el build falló a propósito");
      const client = clientDirOf(outDir);
      mkdirSync(join(client, "assets"), { recursive: true });
      writeFileSync(join(client, "index.html"), `<p>wa:${env.SITE_WHATSAPP_NUMBER ?? "ejemplo"}</p>`);
      writeFileSync(join(client, "assets", `island-${builder.calls}.js`), "");
    },
    { calls: 0, gate: undefined as Promise<void> | undefined },
  );
  return builder;
}

function installedBuild(): string {
  const dir = tempDir("site-installed-");
  mkdirSync(join(dir, "client", "assets"), { recursive: true });
  writeFileSync(join(dir, "client", "index.html"), "<p>wa:instalada</p>");
  writeFileSync(join(dir, "client", "assets", "island-installed.js"), "");
  return dir;
}

const servedPage = (publisher: SitePublisher) =>
  readFileSync(join(clientDirOf(publisher.served().buildDir), "index.html"), "utf8");

describe.each(backends)("publishing the site on $name", { timeout: 60_000 }, (backend) => {
  let store: Store;
  let versions: SiteVersionRows;
  let notices: PublicationNotice[];

  beforeEach(async () => {
    store = await Store.open(await backend.options());
    versions = store.siteVersions;
    notices = [];
    return () => store.close();
  });

  function publisherWith(overrides: Partial<SitePublisherOptions> = {}) {
    const build = standInBuilder();
    const publisher = new SitePublisher({
      store: versions,
      env: { SITE_WHATSAPP_NUMBER: "5491100000001" },
      versionsDir: tempDir("site-versions-"),
      installedBuildDir: installedBuild(),
      build,
      notify: async (notice) => void notices.push(notice),
      log: () => {},
      ...overrides,
    });
    return { publisher, build };
  }

  it("publishes the drafts: a new build served, the change recorded, the drafts cleared", async () => {
    const { publisher } = publisherWith();
    await publisher.start();
    expect(servedPage(publisher)).toBe("<p>wa:instalada</p>");

    await versions.saveDrafts({ SITE_WHATSAPP_NUMBER: "5491145678901" }, {}, new Date());
    expect((await publisher.content.pendingChanges()).facts).toEqual([
      { variable: "SITE_WHATSAPP_NUMBER", before: "5491100000001", after: "5491145678901" },
    ]);
    const version = await publisher.publish("titular@ejemplo.com");

    expect(version).toMatchObject({ number: 1, kind: "publicación", state: "ready" });
    expect(servedPage(publisher)).toBe("<p>wa:5491145678901</p>");
    expect(readlinkSync(join(publisher.versionsDir, currentLink))).toBe(publisher.served().buildDir);
    expect(await versions.drafts()).toEqual({});
    const [stored] = await versions.history();
    expect(stored).toMatchObject({
      number: 1,
      publishedBy: "titular@ejemplo.com",
      facts: { SITE_WHATSAPP_NUMBER: "5491145678901" },
      changes: [{ variable: "SITE_WHATSAPP_NUMBER", before: "5491100000001", after: "5491145678901" }],
    });
    expect(notices.map((notice) => notice.version.number)).toEqual([1]);
    // The installed build's assets are carried over: a page loaded before the switch still finds them.
    expect(readdirSync(join(clientDirOf(publisher.served().buildDir), "assets"))).toContain(
      "island-installed.js",
    );
  });

  it("a preview builds the drafts for the owner only: the served site unchanged, the changed pages listed", async () => {
    const { publisher } = publisherWith();
    await publisher.start();
    await versions.saveDrafts({ SITE_WHATSAPP_NUMBER: "5491145678901" }, {}, new Date());
    expect(await publisher.preview()).toEqual(["/"]);
    expect(publisher.previewPage("/")).toBe("<p>wa:5491145678901</p>");
    expect(publisher.previewPage("/tasador")).toBeUndefined();
    expect(await publisher.currentPreview()).toEqual(["/"]);
    expect(servedPage(publisher)).toBe("<p>wa:instalada</p>");
    expect(await versions.currentId()).toBeUndefined();
    // Another draft: the preview no longer shows what would be published.
    await versions.saveDrafts({ SITE_WHATSAPP_NUMBER: "5491166666666" }, {}, new Date());
    expect(await publisher.currentPreview()).toBeUndefined();
  });

  it("refuses a draft the build would refuse, with the build's words, and changes nothing", async () => {
    const { publisher, build } = publisherWith();
    await publisher.start();
    await versions.saveDrafts({ SITE_WHATSAPP_NUMBER: "+54 11 <b>" }, {}, new Date());
    await expect(publisher.publish("titular@ejemplo.com")).rejects.toThrow(
      /Número de WhatsApp: solo dígitos, con código de país/,
    );
    expect(build.calls).toBe(0);
    expect(await versions.currentId()).toBeUndefined();
    expect(servedPage(publisher)).toBe("<p>wa:instalada</p>");
  });

  it("refuses a publication with nothing to change", async () => {
    const { publisher } = publisherWith();
    await publisher.start();
    await expect(publisher.publish("titular@ejemplo.com")).rejects.toThrow("No hay cambios para publicar.");
  });

  it("undoes to an earlier version without building again, and records the undo", async () => {
    const { publisher, build } = publisherWith();
    await publisher.start();
    await versions.saveDrafts({ SITE_WHATSAPP_NUMBER: "5491145678901" }, {}, new Date());
    await publisher.publish("titular@ejemplo.com");
    await versions.saveDrafts(
      { SITE_WHATSAPP_NUMBER: "5491166666666" },
      (await publisher.content.published()).facts,
      new Date(),
    );
    await publisher.publish("titular@ejemplo.com");
    expect(servedPage(publisher)).toBe("<p>wa:5491166666666</p>");
    const builds = build.calls;

    const undo = await publisher.undo(1, "titular@ejemplo.com");
    expect(build.calls).toBe(builds);
    expect(undo).toMatchObject({ number: 3, kind: "restauración", restoredNumber: 1 });
    expect(undo.changes).toEqual([
      { variable: "SITE_WHATSAPP_NUMBER", before: "5491166666666", after: "5491145678901" },
    ]);
    expect(servedPage(publisher)).toBe("<p>wa:5491145678901</p>");
    expect(await versions.currentId()).toBe(undo.id);

    await publisher.restoreInstalled("titular@ejemplo.com");
    expect(servedPage(publisher)).toBe("<p>wa:instalada</p>");
    expect((await publisher.content.published()).facts).toEqual({});
    expect(notices.map((notice) => notice.version.kind)).toEqual([
      "publicación",
      "publicación",
      "restauración",
      "restauración",
    ]);
  });

  it("a build that fails leaves the old site served, no half-built folder and the drafts kept", async () => {
    const { publisher } = publisherWith();
    await publisher.start();
    await versions.saveDrafts({ SITE_WHATSAPP_NUMBER: "5491199999999" }, {}, new Date());
    await expect(publisher.publish("titular@ejemplo.com")).rejects.toThrow(
      "No se pudo construir el sitio por un problema del servidor. Tus cambios están bien y quedaron guardados; sigue publicada la versión anterior.",
    );
    expect(servedPage(publisher)).toBe("<p>wa:instalada</p>");
    expect(await versions.currentId()).toBeUndefined();
    expect(readdirSync(publisher.versionsDir).filter((name) => name !== currentLink)).toEqual([]);
    expect(await versions.drafts()).toEqual({ SITE_WHATSAPP_NUMBER: "5491199999999" });
    expect(await versions.history()).toEqual([]);

    // Failed attempts use up no number (decision 0035): the next published version is 1, not 3.
    await expect(publisher.publish("titular@ejemplo.com")).rejects.toThrow();
    await versions.saveDrafts({ SITE_WHATSAPP_NUMBER: "5491145678901" }, {}, new Date());
    expect(await publisher.publish("titular@ejemplo.com")).toMatchObject({ number: 1, state: "ready" });
    expect((await versions.history()).map((version) => version.number)).toEqual([1]);
    const failed = await store.db
      .selectFrom("site_versions")
      .select("number")
      .where("state", "=", "failed")
      .execute();
    expect(failed.map((row) => Number(row.number)).sort((a, b) => a - b)).toEqual([-2, -1]);
  });

  it("refuses a second publication while one is being built", async () => {
    const { publisher, build } = publisherWith();
    await publisher.start();
    let release!: () => void;
    build.gate = new Promise((resolve) => (release = resolve));
    await versions.saveDrafts({ SITE_WHATSAPP_NUMBER: "5491145678901" }, {}, new Date());
    const first = publisher.publish("titular@ejemplo.com");
    await expect(publisher.undo(1, "titular@ejemplo.com")).rejects.toThrow(/Ya hay una publicación en curso/);
    await expect(publisher.publish("titular@ejemplo.com")).rejects.toBeInstanceOf(PublishRefused);
    release();
    await expect(first).resolves.toMatchObject({ number: 1 });
  });

  it("two instances on one database: the other follows, building what it lacks; a raced publication loses", async () => {
    const a = publisherWith();
    const b = publisherWith();
    await a.publisher.start();
    await b.publisher.start();
    await versions.saveDrafts({ SITE_WHATSAPP_NUMBER: "5491145678901" }, {}, new Date());
    await a.publisher.publish("titular@ejemplo.com");

    await b.publisher.follow();
    expect(servedPage(b.publisher)).toBe("<p>wa:5491145678901</p>");
    expect(b.publisher.served().version?.number).toBe(1);

    // B publishes while A's newer publication lands first: B's compare-and-set fails.
    let release!: () => void;
    b.build.gate = new Promise((resolve) => (release = resolve));
    await versions.saveDrafts(
      { SITE_WHATSAPP_NUMBER: "5491177777777" },
      (await a.publisher.content.published()).facts,
      new Date(),
    );
    const raced = b.publisher.publish("titular@ejemplo.com");
    const winner = await a.publisher.publish("titular@ejemplo.com");
    release();
    await expect(raced).rejects.toThrow(/Otra publicación terminó mientras tanto/);
    expect((await versions.current())?.id).toBe(winner.id);
    // The loser's version is never listed as served.
    expect((await versions.history()).map((version) => version.number)).toEqual([winner.number, 1]);
  });

  it("after a crash mid-build, start-up removes the half-built folder and the unfinished version", async () => {
    const { publisher } = publisherWith();
    mkdirSync(join(publisher.versionsDir, "abc.partial", "client"), { recursive: true });
    await versions.begin(
      {
        id: "abc",
        createdAt: new Date(Date.now() - 1_000),
        publishedBy: "titular@ejemplo.com",
        kind: "publicación",
        restoredNumber: null,
        facts: { SITE_WHATSAPP_NUMBER: "5491145678901" },
        changes: [],
        towers: {},
        towerChanges: [],
        buildId: "abc",
      },
      "building",
    );
    await publisher.start();
    expect(existsSync(join(publisher.versionsDir, "abc.partial"))).toBe(false);
    expect((await versions.version("abc"))?.state).toBe("failed");
    expect(servedPage(publisher)).toBe("<p>wa:instalada</p>");
    // And the next publication takes the number the unfinished one gave back (decision 0035).
    await versions.saveDrafts({ SITE_WHATSAPP_NUMBER: "5491145678901" }, {}, new Date());
    expect((await publisher.publish("titular@ejemplo.com")).number).toBe(1);
  });
});
