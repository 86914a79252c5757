import { mkdirSync } from "node:fs";

import sharp from "sharp";

import { expectNoAxeViolations } from "./axe.ts";
import { hydrated } from "./fixtures.ts";
import { expect, logIn, test } from "./inbox-fixtures.ts";
import { ownerEmail } from "./inbox-server.ts";
import { heicSupported } from "../../server/site/photos/photo-intake.ts";
import { heicFrom, pngDeclaring } from "../photo-fixtures.ts";

/**
 * The owner's photos (decision 0020, photos), through the real server and
 * Debian's Chromium: the page and its refusals (an SVG or an HTML page
 * disguised as a photo, a decompression bomb, a 50 MB upload), then a real
 * upload published with the project's own build, read back from the public
 * pages over HTTP (its URLs, its alt texts, its size, no metadata), and undone.
 */
const photosPath = "/bandeja/sitio/fotos";
const slotId = "#foto-tower-alvear-tower";
const altEs = "Fachada de Alvear Tower desde el Dique 4, al atardecer";
const altEn = "Alvear Tower's facade from Dock 4 at dusk";

/** A phone's JPEG: camera make and a GPS position in its EXIF. */
async function phoneJpeg(): Promise<Buffer> {
  const width = 2000;
  const height = 1500;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) pixels.set([(i % width) % 256, 120, 180], i * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .withExif({
      IFD0: { Make: "TestPhone" },
      IFD3: {
        GPSLatitudeRef: "S",
        GPSLatitude: "34/1 36/1 0/1",
        GPSLongitudeRef: "W",
        GPSLongitude: "58/1 21/1 0/1",
      },
    })
    .toBuffer();
}

async function uploadThroughForm(
  page: import("@playwright/test").Page,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const card = page.locator(slotId);
  // A refused upload comes back with its form open.
  if (!(await card.locator("details").evaluate((details: HTMLDetailsElement) => details.open)))
    await card.getByText("Subir o cambiar la foto").click();
  await card.getByLabel("Qué muestra la foto, en español").fill(altEs);
  await card.getByLabel("Qué muestra la foto, en inglés").fill(altEn);
  await card.getByLabel("Foto", { exact: true }).setInputFiles(file);
  await card.getByRole("button", { name: "Guardar como borrador" }).click();
  await page.waitForLoadState("load");
}

test("the photo page: every slot, accessible, and each disguised or oversized upload refused with its message", async ({
  page,
  inbox,
  guard,
}) => {
  void guard;
  await logIn(page, inbox, photosPath);
  await expect(page.getByRole("heading", { level: 1, name: "Fotos del sitio" })).toBeVisible();
  await expect(page.locator("ul > li h2")).toHaveCount(32);
  await expect(page.getByText("32 de 32 lugares todavía muestran un dibujo generado.")).toBeVisible();
  const heic = heicSupported();
  await expect(
    page.locator(slotId).getByText(heic ? "JPEG, PNG, WebP o HEIC" : "Este servidor no lee HEIC"),
  ).toHaveCount(1);
  await expectNoAxeViolations(page);

  if (process.env.SHOTS_DIR) {
    mkdirSync(process.env.SHOTS_DIR, { recursive: true });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.locator(slotId).getByText("Subir o cambiar la foto").click();
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/photos-${width}.png`, fullPage: false });
      await page.locator(slotId).getByText("Subir o cambiar la foto").click();
    }
  }

  const refusals: [{ name: string; mimeType: string; buffer: Buffer }, RegExp][] = [
    [
      {
        name: "foto.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1000"><script>alert(1)</script></svg>',
        ),
      },
      /no es una foto JPEG, PNG/,
    ],
    [
      {
        name: "foto.jpg",
        mimeType: "image/jpeg",
        buffer: Buffer.from("<!DOCTYPE html><script>alert(1)</script>"),
      },
      /no es una foto JPEG, PNG/,
    ],
    [
      { name: "foto.png", mimeType: "image/png", buffer: pngDeclaring(100_000, 100_000) },
      /millones de píxeles/,
    ],
  ];
  for (const [file, message] of refusals) {
    await uploadThroughForm(page, file);
    const alert = page.locator(slotId).getByRole("alert");
    await expect(alert).toContainText(message);
    // The texts typed are still there, to try again with another file.
    await expect(page.locator(slotId).getByLabel("Qué muestra la foto, en español")).toHaveValue(altEs);
    await expect(page.locator(slotId).getByLabel("Qué muestra la foto, en inglés")).toHaveValue(altEn);
    if (process.env.SHOTS_DIR && file.name === "foto.png") {
      await page.setViewportSize({ width: 390, height: 900 });
      await alert.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/photos-refused-390.png` });
    }
  }
  await expectNoAxeViolations(page);

  // 50 MB, streamed to the real server with the owner's cookie: refused with the page and its message, texts kept.
  const big = Buffer.alloc(50 * 1024 * 1024, 0x41);
  big.set([0xff, 0xd8, 0xff]);
  const response = await page.request.post(`${inbox.url}${photosPath}`, {
    headers: { Origin: inbox.url },
    multipart: {
      slot: "tower/alvear-tower",
      alt_es: altEs,
      alt_en: altEn,
      foto: { name: "enorme.jpg", mimeType: "image/jpeg", buffer: big },
    },
  });
  expect(response.status()).toBe(400);
  const html = await response.text();
  expect(html).toContain("pesa más de 20 MB");
  expect(html).toContain(altEs);

  // Nothing refused became a draft.
  await page.goto(`${inbox.url}${photosPath}`);
  await expect(page.locator(slotId).getByText("Borrador sin publicar")).toHaveCount(0);
});

test("keyboard only: a slot's form opened, its texts typed and a PNG sent as a draft", async ({
  page,
  inbox,
  guard,
}) => {
  void guard;
  await logIn(page, inbox, photosPath);
  const card = page.locator("#foto-property-type-loft");
  const png = await sharp({ create: { width: 1000, height: 700, channels: 3, background: "#b08050" } })
    .png()
    .toBuffer();
  await card.getByRole("link", { name: /Ver la página/ }).focus();
  await page.keyboard.press("Tab");
  await expect(card.locator("summary")).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(card.getByLabel("Qué muestra la foto, en español")).toBeFocused();
  await page.keyboard.type("Living de un loft con ventanales al dique");
  await page.keyboard.press("Tab");
  await expect(card.getByLabel("Qué muestra la foto, en inglés")).toBeFocused();
  await page.keyboard.type("A loft's living room with windows on the dock");
  await page.keyboard.press("Tab");
  const file = card.getByLabel("Foto", { exact: true });
  await expect(file).toBeFocused();
  await file.setInputFiles({ name: "loft.png", mimeType: "image/png", buffer: png });
  await page.keyboard.press("Tab");
  await expect(card.getByRole("button", { name: "Guardar como borrador" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText(
    "Foto guardada como borrador: Tipo de propiedad: Loft",
  );
  await expect(card.getByRole("img", { name: "Living de un loft con ventanales al dique" })).toBeVisible();
});

test("an iPhone's HEIC, named .HEIC, sent through the form and kept as an upright 1600×1000 draft", async ({
  page,
  inbox,
  guard,
}) => {
  void guard;
  // Debian's libvips-tools is a requirement of the tests (tests/run.ts); without it HEIC is refused.
  expect(heicSupported(), "the vips command reads HEIC on this machine").toBe(true);
  await logIn(page, inbox, photosPath);
  const card = page.locator(slotId);
  await expect(card.getByText("JPEG, PNG, WebP o HEIC")).toHaveCount(1);
  expect(await card.getByLabel("Foto", { exact: true }).getAttribute("accept")).toContain(".heic");

  const heic = heicFrom(await phoneJpeg());
  await uploadThroughForm(page, { name: "IMG_0002.HEIC", mimeType: "image/heic", buffer: heic });
  await expect(page.getByRole("status")).toContainText("Foto guardada como borrador: Torre Alvear Tower");
  const draft = card.getByRole("img", { name: altEs });
  await expect(draft).toBeVisible();
  const src = await draft.getAttribute("src");
  const master = await (await page.request.get(`${inbox.url}${src}`)).body();
  const metadata = await sharp(master).metadata();
  expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 1600, 1000]);
  expect(metadata.exif, "no EXIF, no GPS").toBeUndefined();
});

test("a photo uploaded, published with the real build, on the tower's pages without metadata, then undone", async ({
  page,
  inbox,
  guard,
}) => {
  void guard;
  // Two real builds' worth of time on a busy two-core machine.
  test.setTimeout(600_000);
  await logIn(page, inbox, photosPath);
  await uploadThroughForm(page, { name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: await phoneJpeg() });
  await expect(page.getByRole("status")).toContainText("Foto guardada como borrador: Torre Alvear Tower");
  const draft = page.locator(slotId).getByRole("img", { name: altEs });
  await expect(draft).toBeVisible();
  expect(await draft.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
  await expectNoAxeViolations(page);
  if (process.env.SHOTS_DIR) {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.locator(slotId).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/photos-draft-390.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  await page.goto(`${inbox.url}/bandeja/sitio`);
  await hydrated(page);
  await expect(page.locator('section[aria-labelledby="para-publicar"]')).toContainText(
    "Foto de Torre Alvear Tower",
  );

  const { publisher } = inbox.publishing;
  // The preview: the owner sees the tower's page with the photo; visitors still get the drawing.
  expect(await publisher.preview()).toContain("/torres/alvear-tower");
  const previewHtml = await (
    await page.request.get(`${inbox.url}/bandeja/sitio/vista-previa/torres/alvear-tower`)
  ).text();
  expect(previewHtml).toContain(`alt="${altEs}"`);
  const previewJpeg =
    /src="(\/bandeja\/sitio\/vista-previa\/generated\/towers\/alvear-tower-[0-9a-f]{10}-800\.jpg)"/.exec(
      previewHtml,
    )?.[1];
  expect(previewJpeg).toBeDefined();
  const previewImage = await page.request.get(`${inbox.url}${previewJpeg}`);
  expect((await sharp(await previewImage.body()).metadata()).width).toBe(800);
  expect(await (await fetch(`${inbox.url}${previewJpeg}`, { redirect: "manual" })).status).not.toBe(200);
  expect(await (await fetch(`${inbox.url}/torres/alvear-tower`)).text()).not.toContain(altEs);

  // As the route does once the fresh second factor is confirmed (site-publication.spec.ts).
  const version = await publisher.publish(ownerEmail);
  expect(version.number).toBe(1);

  const spanish = await (await fetch(`${inbox.url}/torres/alvear-tower`)).text();
  const english = await (await fetch(`${inbox.url}/en/towers/alvear-tower`)).text();
  expect(spanish).toContain(`alt="${altEs}"`);
  expect(english).toContain(`alt="${altEn.replace("'", "&#x27;")}"`);
  expect(spanish).toMatch(
    /<source type="image\/avif" srcSet="\/generated\/towers\/alvear-tower-[0-9a-f]{10}-400\.avif 400w/,
  );
  const jpeg = /src="(\/generated\/towers\/alvear-tower-[0-9a-f]{10}-800\.jpg)"/.exec(spanish)?.[1];
  expect(jpeg).toBeDefined();
  for (const [path, width, format] of [
    [jpeg!, 800, "jpeg"],
    [jpeg!.replace("-800.jpg", "-400.webp"), 400, "webp"],
    [jpeg!.replace("-800.jpg", "-800.avif"), 800, "heif"],
  ] as const) {
    const image = await fetch(`${inbox.url}${path}`);
    expect(image.status, path).toBe(200);
    const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual([format, width, width * (10 / 16)]);
    expect(metadata.exif, `${path} has no EXIF (no GPS)`).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
  }
  // The list of towers shows the photo too, and every other tower keeps its drawing.
  const list = await (await fetch(`${inbox.url}/tasar-departamentos`)).text();
  expect(list).toContain(`alt="${altEs}"`);
  expect(list).toMatch(/\/generated\/towers\/mulieris-[0-9a-f]{10}\.svg/);

  await page.goto(`${inbox.url}${photosPath}`);
  await expect(page.getByText("31 de 32 lugares todavía muestran un dibujo generado.")).toBeVisible();

  await page.goto(`${inbox.url}/bandeja/sitio`);
  await expect(page.locator("#historial")).toContainText(`Foto de Torre Alvear Tower`);

  await publisher.restoreInstalled(ownerEmail);
  const back = await (await fetch(`${inbox.url}/torres/alvear-tower`)).text();
  expect(back).not.toContain(altEs);
  expect(back).not.toContain("/generated/towers/alvear-tower-");
  expect(back).toContain("Ilustración de Alvear Tower");
});
