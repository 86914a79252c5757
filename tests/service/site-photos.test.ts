import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";

import { clientDirOf } from "../../server/build-layout.ts";
import { Store } from "../../server/storage/store.ts";
import { photosManifestVariable, readUploadedPhotos } from "../../server/site/photos/build-channel.ts";
import { createPhotoEditor } from "../../server/site/photos/photo-editor.ts";
import { createSiteEditor } from "../../server/site/site-editor.ts";
import { SitePhotoStore } from "../../server/site/photos/photo-store.ts";
import type { SiteBuilder } from "../../server/site/site-builder.ts";
import { PublishRefused, SitePublisher, type PublicationNotice } from "../../server/site/site-publisher.ts";
import { createTowerEditor } from "../../server/site/tower-editor.ts";
import { storageBackends } from "../tools/storage-backends.ts";

/**
 * The owner's photos through the publisher on real SQLite and PostgreSQL: an
 * upload (multipart, as the browser sends it) becomes a draft, a publication
 * hands the build exactly the published photos through BUILD_PHOTOS_MANIFEST
 * (and nothing at all when there are none), the version records them, an undo
 * brings the earlier set back. The build is a stand-in that records what it
 * was given (the real build is in tests/e2e/site-photos.spec.ts).
 */
const backends = storageBackends("photos");
const tempDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

type Seen = { manifest: string | undefined; photos: ReturnType<typeof readUploadedPhotos> };

function recordingBuilder(): SiteBuilder & { seen: Seen[] } {
  const builder = Object.assign(
    async (env: Record<string, string | undefined>, outDir: string) => {
      builder.seen.push({ manifest: env[photosManifestVariable], photos: readUploadedPhotos(env) });
      mkdirSync(join(clientDirOf(outDir), "assets"), { recursive: true });
      writeFileSync(join(clientDirOf(outDir), "index.html"), `<p>${builder.seen.length}</p>`);
    },
    { seen: [] as Seen[] },
  );
  return builder;
}

const boundary = "----fotos";
function multipart(fields: Record<string, string>, file?: Buffer): { body: ReadableStream; type: string } {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const head = Buffer.from(
    parts.join("") +
      (file
        ? `--${boundary}\r\nContent-Disposition: form-data; name="foto"; filename="IMG.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`
        : ""),
  );
  const body = Buffer.concat([
    head,
    file ?? Buffer.alloc(0),
    Buffer.from(`${file ? "\r\n" : ""}--${boundary}--\r\n`),
  ]);
  return { body: new Blob([body]).stream(), type: `multipart/form-data; boundary=${boundary}` };
}

const photo = (colour: string) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: "S", GPSLatitude: "34/1 36/1 0/1" } })
    .toBuffer();

const alvear = "tower/alvear-tower";
const alt = { alt_es: "Fachada de Alvear Tower", alt_en: "Alvear Tower's facade" };

describe.each(backends)("photos published on $name", { timeout: 60_000 }, (backend) => {
  let store: Store;
  let photos: SitePhotoStore;
  let publisher: SitePublisher;
  let builder: ReturnType<typeof recordingBuilder>;
  let notices: PublicationNotice[];
  let editor: ReturnType<typeof createPhotoEditor>;

  beforeEach(async () => {
    store = await Store.open(await backend.options());
    const installed = tempDir("photos-installed-");
    mkdirSync(join(installed, "client"), { recursive: true });
    writeFileSync(join(installed, "client", "index.html"), "<p>instalada</p>");
    photos = new SitePhotoStore(store.sitePhotos, tempDir("site-photos-"));
    builder = recordingBuilder();
    notices = [];
    publisher = new SitePublisher({
      store: store.siteVersions,
      env: { [photosManifestVariable]: "/etc/passwd" },
      versionsDir: tempDir("photos-versions-"),
      installedBuildDir: installed,
      build: builder,
      photos,
      notify: async (notice) => void notices.push(notice),
      log: () => {},
    });
    await publisher.start();
    editor = createPhotoEditor({ photos, publisher });
    return () => store.close();
  });

  it("an upload is a draft; publishing hands the build its master and texts; the version keeps them", async () => {
    const sent = multipart({ slot: alvear, ...alt }, await photo("#446688"));
    expect(await editor.upload(sent.body, sent.type)).toEqual({ ok: true, slot: alvear });
    expect((await editor.view()).slots.find((slot) => slot.key === alvear)?.draft?.photo).toBe(true);
    expect((await publisher.content.pendingChanges()).photos).toMatchObject([
      { slot: alvear, label: "Foto de Torre Alvear Tower", before: "dibujo generado" },
    ]);

    const version = await publisher.publish("titular@ejemplo.com");
    const [seen] = builder.seen;
    expect(Object.keys(seen!.photos)).toEqual([alvear]);
    const master = seen!.photos[alvear]!;
    expect(master.alt).toEqual({ es: alt.alt_es, en: alt.alt_en });
    // What the build read is what the database holds, without the upload's GPS.
    const hash = (await photos.ofVersion(version.id))[alvear]!.hash;
    expect(readFileSync(master.file).equals((await photos.file(hash))!)).toBe(true);
    expect((await sharp(master.file).metadata()).exif).toBeUndefined();
    // The manifest is gone once the build is done; the drafts it published too.
    expect(existsSync(seen!.manifest!)).toBe(false);
    expect(await photos.drafts()).toEqual({});
    expect(notices[0]!.photoChanges).toHaveLength(1);
    expect((await publisher.content.changesOf(version)).photos).toHaveLength(1);
    await expect(publisher.publish("titular@ejemplo.com")).rejects.toThrow(PublishRefused);
  });

  it("the slots follow the towers as they would be published: an added tower's takes a photo, a retired one's is gone", async () => {
    const towers = createTowerEditor({ publisher, store: store.siteVersions });
    const added = "tower/torre-nueva";
    const keys = async () => (await editor.view()).slots.map((slot) => slot.key);
    const upload = async (slot: string) => {
      const sent = multipart(
        { slot, alt_es: "Fachada de la torre nueva", alt_en: "The new tower's facade" },
        await photo("#335577"),
      );
      return editor.upload(sent.body, sent.type);
    };
    expect(await keys()).not.toContain(added);
    expect(await upload(added)).toMatchObject({ ok: false, slot: undefined });

    await towers.editTower("", {
      kind: "agregar",
      values: { slug: "torre-nueva", nombre: "Torre Nueva", dock: "3", status: "en construcción" },
    });
    const slot = (await editor.view()).slots.find((candidate) => candidate.key === added);
    // Named as the towers' page names it: «Torre Nueva», not «Torre Torre Nueva».
    expect(slot).toMatchObject({ label: "Torre Nueva", published: { photo: false } });
    // Not built yet: its artwork is drawn for the page, as the build will draw it.
    expect(slot?.published.src).toMatch(/^data:image\/svg\+xml,/);
    expect(await upload(added)).toEqual({ ok: true, slot: added });
    expect((await editor.view()).slots.find((candidate) => candidate.key === added)?.draft?.photo).toBe(true);
    expect((await publisher.content.pendingChanges()).photos).toMatchObject([
      { slot: added, label: "Foto de Torre Nueva", before: "dibujo generado" },
    ]);

    await towers.editTower("alvear-tower", { kind: "retirar" });
    expect(await keys()).not.toContain(alvear);
    expect(await upload(alvear)).toMatchObject({ ok: false, slot: undefined });
    expect(await editor.backToArtwork(alvear)).toBe(false);
    // Published, the retirement stands: the slot stays gone.
    await publisher.publish("titular@ejemplo.com");
    expect(await keys()).not.toContain(alvear);
    expect(await keys()).toContain(added);
  });

  it("«Descartar borrador» on the site page drops the photo drafts it lists with the facts", async () => {
    const site = createSiteEditor({ publisher, store: store.siteVersions, env: {} });
    const sent = multipart({ slot: alvear, ...alt }, await photo("#663344"));
    expect(await editor.upload(sent.body, sent.type)).toEqual({ ok: true, slot: alvear });
    await store.siteVersions.saveDrafts({ SITE_PHONE_DISPLAY: "+54 11 4000-0000" }, {}, new Date());
    expect((await site.view()).pending.map((change) => change.label)).toContain("Foto de Torre Alvear Tower");
    await site.discardDrafts();
    expect((await site.view()).pending).toEqual([]);
    expect(await photos.drafts()).toEqual({});
  });

  it("a build's manifest left by a kill -9 is removed at the next start", async () => {
    mkdirSync(photos.dir, { recursive: true });
    writeFileSync(join(photos.dir, "build-abc.json"), "{}");
    await publisher.start();
    expect(existsSync(join(photos.dir, "build-abc.json"))).toBe(false);
  });

  it("no photos: the build gets no manifest at all, whatever the environment says", async () => {
    await store.siteVersions.saveDrafts({ SITE_PHONE_DISPLAY: "+54 11 4000-0000" }, {}, new Date());
    await publisher.publish("titular@ejemplo.com");
    expect(builder.seen).toEqual([{ manifest: undefined, photos: {} }]);
  });

  it("new texts without a file, back to the artwork, and an undo that brings the photo back", async () => {
    const first = multipart({ slot: alvear, ...alt }, await photo("#884466"));
    await editor.upload(first.body, first.type);
    const v1 = await publisher.publish("titular@ejemplo.com");

    const texts = multipart({
      slot: alvear,
      alt_es: "Otra descripción de la torre",
      alt_en: "Another description",
    });
    expect(await editor.upload(texts.body, texts.type)).toEqual({ ok: true, slot: alvear });
    expect((await photos.drafts())[alvear]).toMatchObject({ alt: { es: "Otra descripción de la torre" } });
    await photos.discardDrafts();

    expect(await editor.backToArtwork(alvear)).toBe(true);
    const v2 = await publisher.publish("titular@ejemplo.com");
    expect(await photos.ofVersion(v2.id)).toEqual({});
    expect(builder.seen[1]).toEqual({ manifest: undefined, photos: {} });

    const v3 = await publisher.undo(v1.number, "titular@ejemplo.com");
    expect(await photos.ofVersion(v3.id)).toEqual(await photos.ofVersion(v1.id));
    expect((await publisher.content.published()).photos).toHaveProperty(alvear);
    expect(notices.at(-1)!.photoChanges).toMatchObject([{ slot: alvear, before: "dibujo generado" }]);
  });

  it("a photo replaced before it was published is deleted once no draft or version names it", async () => {
    const first = multipart({ slot: alvear, ...alt }, await photo("#112233"));
    await editor.upload(first.body, first.type);
    const replaced = (await photos.drafts())[alvear]!.hash!;
    const second = multipart({ slot: alvear, ...alt }, await photo("#332211"));
    await editor.upload(second.body, second.type);
    const kept = (await photos.drafts())[alvear]!.hash!;
    // Within the grace period nothing goes; an hour later only the replaced one does.
    expect(await photos.pruneFiles(new Date())).toBe(0);
    expect(await photos.pruneFiles(new Date(Date.now() + 2 * 60 * 60_000))).toBe(1);
    expect(await photos.file(replaced)).toBeUndefined();
    expect(await photos.file(kept)).toBeDefined();
  });

  it("refusals keep the texts and store nothing", async () => {
    const svg = multipart(
      { slot: alvear, ...alt },
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    );
    const outcome = await editor.upload(svg.body, svg.type);
    expect(outcome).toMatchObject({ ok: false, slot: alvear, alt: { es: alt.alt_es, en: alt.alt_en } });
    const noAlt = multipart({ slot: alvear, alt_es: "", alt_en: "" }, await photo("#000000"));
    expect(await editor.upload(noAlt.body, noAlt.type)).toMatchObject({
      ok: false,
      message: /español y en inglés/,
    });
    const unknownSlot = multipart({ slot: "tower/../../etc", ...alt }, await photo("#000000"));
    expect(await editor.upload(unknownSlot.body, unknownSlot.type)).toMatchObject({
      ok: false,
      slot: undefined,
    });
    expect(await photos.drafts()).toEqual({});
    expect(await editor.photo("../../etc/passwd")).toBeUndefined();
    expect(await editor.previewImage("/generated/../../../etc/passwd")).toBeUndefined();
  });
});
