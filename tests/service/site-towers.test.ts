import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { beforeEach, describe, expect, it } from "vitest";

import { clientDirOf } from "../../server/build-layout.ts";
import { Store } from "../../server/storage/store.ts";
import type { SiteBuilder } from "../../server/site/site-builder.ts";
import { PublishRefused, SitePublisher } from "../../server/site/site-publisher.ts";
import { createTowerEditor } from "../../server/site/tower-editor.ts";
import type { SiteVersionRows } from "../../server/storage/site-version-rows.ts";
import { storageBackends } from "../tools/storage-backends.ts";
import { clockEnvironment } from "../../scripts/service-process.ts";

/**
 * The owner's tower edits on real SQLite and PostgreSQL (decision 0020): each
 * action a draft, a publication that hands the build its overrides through
 * SITE_TOWER_OVERRIDES_FILE (a stand-in build writes what it was given), the
 * version recording them, and an undo taking them back. The real build of
 * those overrides is in tests/e2e/site-towers.spec.ts.
 */
const backends = storageBackends("site-towers");
const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

/** Writes the overrides file it was given (or "ninguno") as the home page. */
function standInBuilder(): SiteBuilder {
  return async (env, outDir) => {
    const client = clientDirOf(outDir);
    mkdirSync(join(client, "assets"), { recursive: true });
    const file = env.SITE_TOWER_OVERRIDES_FILE;
    writeFileSync(join(client, "index.html"), file ? readFileSync(file, "utf8") : "ninguno");
  };
}

describe.each(backends)("the towers on $name", { timeout: 60_000 }, (backend) => {
  let store: Store;
  let versions: SiteVersionRows;
  let publisher: SitePublisher;
  let editor: ReturnType<typeof createTowerEditor>;
  const served = () => readFileSync(join(clientDirOf(publisher.served().buildDir), "index.html"), "utf8");

  beforeEach(async () => {
    store = await Store.open(await backend.options());
    versions = store.siteVersions;
    const installed = tempDir("site-installed-");
    mkdirSync(join(installed, "client", "assets"), { recursive: true });
    writeFileSync(join(installed, "client", "index.html"), "instalada");
    publisher = new SitePublisher({
      store: versions,
      // A deployment's own file is never what a publication builds with: the version's overrides are.
      env: { SITE_TOWER_OVERRIDES_FILE: "/etc/passwd" },
      versionsDir: tempDir("site-versions-"),
      installedBuildDir: installed,
      build: standInBuilder(),
      log: () => {},
    });
    await publisher.start();
    editor = createTowerEditor({ publisher, store: versions });
    return () => store.close();
  });

  it("lists the 26 towers with their facts to confirm; each action is a draft", async () => {
    const list = await editor.towers();
    expect(list).toHaveLength(26);
    expect(list.find((tower) => tower.slug === "alvear-tower")).toMatchObject({ pending: 1, draft: false });

    expect(await editor.editTower("alvear-tower", { kind: "confirmar", fact: "units" })).toEqual({
      ok: true,
      slug: "alvear-tower",
    });
    expect(
      await editor.editTower("alvear-tower", { kind: "corregir", fact: "floors", value: "55" }),
    ).toMatchObject({ ok: true });
    const alvear = await editor.tower("alvear-tower");
    expect(alvear?.facts.find((fact) => fact.fact === "units")).toMatchObject({
      confirmed: true,
      source: "Confirmado por el titular en la bandeja.",
    });
    expect(alvear?.facts.find((fact) => fact.fact === "floors")?.value).toBe("55");
    expect(await versions.towerDrafts()).toEqual({ "alvear-tower": { floors: [55], toConfirm: [] } });

    // Back to the catalogue's value: no draft left for that fact.
    await editor.editTower("alvear-tower", { kind: "corregir", fact: "floors", value: "54" });
    expect(await versions.towerDrafts()).toEqual({ "alvear-tower": { toConfirm: [] } });
  });

  it("«Confirmar» beside a field the owner typed into keeps what was typed; untouched, it confirms what is shown", async () => {
    const fact = async (slug: string, name: string) =>
      (await editor.tower(slug))?.facts.find((one) => one.fact === name);
    expect(await fact("torres-del-yacht", "direccion")).toMatchObject({ confirmed: false });
    await editor.editTower("torres-del-yacht", {
      kind: "confirmar",
      fact: "direccion",
      value: "Olga Cossettini 1500",
    });
    expect(await fact("torres-del-yacht", "direccion")).toMatchObject({
      value: "Olga Cossettini 1500",
      confirmed: true,
    });

    // The value as shown, confirmed: only its confirmation is stored.
    const units = (await fact("alvear-tower", "units"))!.value;
    await editor.editTower("alvear-tower", { kind: "confirmar", fact: "units", value: ` ${units} ` });
    expect((await versions.towerDrafts())["alvear-tower"]).toEqual({ toConfirm: [] });

    // What the rules refuse is refused on the field, as a correction is.
    const refused = await editor.editTower("alvear-tower", {
      kind: "confirmar",
      fact: "floors",
      value: "mil",
    });
    expect(refused.ok).toBe(false);
  });

  it("refuses what the catalogue's rules refuse, on the field, and stores nothing", async () => {
    for (const [fact, value, words] of [
      ["architect", "<script>alert(1)</script>", "sin los signos"],
      ["developer", "https://evil.example", "sin direcciones web"],
      ["floors", "41, 50, 60", "uno por torre"],
      ["year", "1800", "va de 1990 a 2040"],
    ] as const) {
      const outcome = await editor.editTower("alvear-tower", { kind: "corregir", fact, value });
      expect(outcome.ok, fact).toBe(false);
      expect(!outcome.ok && outcome.problems[fact], fact).toContain(words);
    }
    expect((await editor.editTower("no-existe", { kind: "retirar" })).ok).toBe(false);
    expect((await editor.editTower("alvear-tower", { kind: "confirmar", fact: "PATH" })).ok).toBe(false);
    expect(await versions.towerDrafts()).toEqual({});
  });

  it("publishes the overrides through one file, records what changed, and undo takes them back", async () => {
    await editor.editTower("alvear-tower", { kind: "corregir", fact: "floors", value: "55" });
    await editor.editTower("oceana-puerto-madero", { kind: "estado", underConstruction: false });
    await editor.editTower("mulieris", { kind: "retirar" });
    const added = await editor.editTower("", {
      kind: "agregar",
      values: { slug: "torre-nueva", nombre: "Torre Nueva", dock: "3", status: "en construcción" },
    });
    expect(added).toEqual({ ok: true, slug: "torre-nueva" });
    const taken = await editor.editTower("", {
      kind: "agregar",
      values: { slug: "torre-nueva", nombre: "Otra", dock: "3", status: "terminado" },
    });
    expect(!taken.ok && taken.problems.slug).toBe("ya hay una torre con esa dirección");

    expect((await publisher.content.pendingChanges()).towers.length).toBeGreaterThanOrEqual(4);
    const version = await publisher.publish("titular@ejemplo.com");
    const built = JSON.parse(served()) as Record<string, unknown>;
    expect(built).toEqual({
      "alvear-tower": { floors: [55] },
      "oceana-puerto-madero": { status: "terminado", toConfirm: ["direccion"] },
      mulieris: { retired: true },
      "torre-nueva": {
        nombre: "Torre Nueva",
        dock: 3,
        status: "en construcción",
        toConfirm: ["direccion", "amenities"],
      },
    });
    expect(await versions.towerDrafts()).toEqual({});
    const [stored] = await versions.history();
    expect(stored?.towers).toEqual(built);
    expect(stored?.towerChanges).toContainEqual({
      slug: "alvear-tower",
      name: "Alvear Tower",
      fact: "floors",
      before: "54",
      after: "55",
    });
    expect((await editor.towers()).find((tower) => tower.slug === "mulieris")?.state).toBe("retirada");

    await publisher.restoreInstalled("titular@ejemplo.com");
    expect(served()).toBe("instalada");
    expect((await publisher.content.published()).towers).toEqual({});
    await publisher.undo(version.number, "titular@ejemplo.com");
    expect(JSON.parse(served())).toEqual(built);
  });

  it("a publication with an invalid stored override is refused before any build", async () => {
    await versions.saveTowerDraft("alvear-tower", { architect: "<b>x</b>" }, undefined, new Date());
    await expect(publisher.publish("titular@ejemplo.com")).rejects.toThrow(PublishRefused);
    await expect(publisher.publish("titular@ejemplo.com")).rejects.toThrow(/Alvear Tower/);
    expect(served()).toBe("instalada");
  });

  it("without tower edits the build gets no overrides file, whatever the deployment's environment says", async () => {
    await versions.saveDrafts({ SITE_WHATSAPP_NUMBER: "5491145678901" }, {}, new Date());
    await publisher.publish("titular@ejemplo.com");
    expect(served()).toBe("ninguno");
  });
});

describe("npm run check:release", () => {
  it("counts the tower facts «a confirmar» of the published version", async () => {
    const dataDir = tempDir("check-release-");
    const store = await Store.open({ dataDir });
    const versions = store.siteVersions;
    const count = () => {
      const run = spawnSync(process.execPath, ["scripts/check-release.ts"], {
        cwd: join(import.meta.dirname, "..", ".."),
        env: { PATH: process.env.PATH, ...clockEnvironment(), LEADS_DATA_DIR: dataDir },
        encoding: "utf8",
      });
      return run.stderr.split("\n").filter((line) => line.includes("sin confirmar")).length;
    };
    try {
      const before = count();
      expect(before).toBeGreaterThan(0);
      const version = await versions.begin(
        {
          id: "v1",
          createdAt: new Date(),
          publishedBy: "titular@ejemplo.com",
          kind: "publicación",
          restoredNumber: null,
          facts: {},
          changes: [],
          towers: { "alvear-tower": { toConfirm: [] }, "forum-puerto-madero": { retired: true } },
          towerChanges: [],
          buildId: "v1",
        },
        "building",
      );
      expect(await versions.switchTo(version.id, undefined, {})).toBe(true);
      // Alvear's one pending fact confirmed, Forum's four gone with it.
      expect(count()).toBe(before - 5);
    } finally {
      await store.close();
    }
  });
});
