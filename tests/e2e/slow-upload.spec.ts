import { mkdirSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

import sharp from "sharp";

import { startNginx, type NginxServer } from "../../scripts/nginx-server.ts";
import { buildDir } from "../../server/build-layout.ts";
import { photoLimits } from "../../server/site/photos/photo-intake.ts";
import { expect, logIn, test } from "./inbox-fixtures.ts";
import { startInboxServer, type InboxServer } from "./inbox-server.ts";

/**
 * Photos from phones (decision 0040): a photo at the stated limit (20 MB) sent at a phone's
 * uplink (300 KB/s, about 70 s) is stored, straight to the service and through the project's
 * nginx; a body that stops arriving is answered 408 with the owner's page, which says what
 * happened and keeps what she typed. The stall limit is shortened to 2 s here (nginx's with it),
 * so the stall costs seconds of wall time, not the production 30.
 */
const photosPath = "/bandeja/sitio/fotos";
const slot = "tower/alvear-tower";
const slotId = "#foto-tower-alvear-tower";
const altEs = "Fachada de Alvear Tower desde el Dique 4, al atardecer";
const altEn = "The facade of Alvear Tower from Dock 4 at dusk";
const phoneUplink = 300_000;
const shortStallMs = 2_000;
const boundary = "----telefono7MA4YWxkTrZu0gW";

/** A camera JPEG padded with comment segments to exactly `bytes` (the decoder skips them). */
async function photoOfExactly(bytes: number): Promise<Buffer> {
  const width = 2400;
  const height = 1500;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) pixels.set([(i % width) % 256, (i / width) % 256, 160], i * 3);
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const segments: Buffer[] = [];
  let missing = bytes - jpeg.length;
  while (missing > 0) {
    // A segment is 4 bytes of marker and length, then at most 65,533 bytes; never leave fewer than 4.
    let size = Math.min(missing, 65_537);
    if (missing - size > 0 && missing - size < 4) size -= 4;
    const segment = Buffer.alloc(size, 0x20);
    segment.set([0xff, 0xfe, (size - 2) >> 8, (size - 2) & 0xff]);
    segments.push(segment);
    missing -= size;
  }
  const photo = Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
  expect(photo.length).toBe(bytes);
  return photo;
}

/** The photo form as the page sends it: the slot and both texts first, then the file. */
function photoForm(photo: Buffer): Buffer {
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  return Buffer.concat([
    Buffer.from(field("slot", slot) + field("alt_es", altEs) + field("alt_en", altEn)),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="foto"; filename="IMG_4032.jpg"\r\n` +
        "Content-Type: image/jpeg\r\n\r\n",
    ),
    photo,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
}

type Answer = { status: number; headers: IncomingHttpHeaders; body: string; seconds: number; sent: number };

/**
 * Posts `body` over one socket at `bytesPerSecond` (small writes on a fixed schedule, waiting on
 * the socket when it is full), as a phone on a slow uplink does; `stopAfter` bytes, then nothing
 * more (the connection kept open), as a phone that lost its signal. Resolves with the answer.
 */
function postPaced(
  url: string,
  headers: Record<string, string>,
  body: Buffer,
  pace: { bytesPerSecond: number; stopAfter?: number },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let sent = 0;
    let answered = false;
    const request = httpRequest(url, {
      method: "POST",
      agent: false,
      headers: {
        ...headers,
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": String(body.length),
      },
    });
    request.on("response", (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString("utf8"),
          seconds: (performance.now() - started) / 1000,
          sent,
        });
        request.destroy();
      });
    });
    request.on("error", (error) => {
      if (!answered) reject(error);
    });
    const slice = Math.round(pace.bytesPerSecond / 20);
    const end = Math.min(body.length, pace.stopAfter ?? body.length);
    void (async () => {
      while (sent < end && !answered) {
        const chunk = body.subarray(sent, Math.min(end, sent + slice));
        if (!request.write(chunk)) await new Promise((drained) => request.once("drain", drained));
        sent += chunk.length;
        // On schedule: the time these bytes take at the stated rate since the first one.
        const due = started + (sent / pace.bytesPerSecond) * 1000;
        await new Promise((wait) => setTimeout(wait, Math.max(0, due - performance.now())));
      }
      if (sent === body.length) request.end();
    })();
  });
}

/** The owner's session cookie and the headers of a same-origin form post to `origin`. */
async function ownerHeaders(page: import("@playwright/test").Page, inbox: InboxServer, origin: string) {
  await logIn(page, inbox, photosPath);
  const cookies = await page.context().cookies(inbox.url);
  return {
    Origin: origin,
    Cookie: cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join("; "),
  };
}

async function expectDraft(page: import("@playwright/test").Page, url: string) {
  await page.goto(`${url}${photosPath}`);
  await expect(page.locator(slotId).getByText("Borrador sin publicar")).toHaveCount(1);
}

let photo: Buffer;
test.beforeAll(async () => {
  photo = await photoOfExactly(photoLimits.maxBytes);
});

test.describe("a 20 MB photo at 300 KB/s", () => {
  test.setTimeout(240_000);

  test("straight to the service: stored, after about 70 s of steady upload", async ({
    page,
    inbox,
    guard,
  }) => {
    void guard;
    const headers = await ownerHeaders(page, inbox, inbox.url);
    const answer = await postPaced(`${inbox.url}${photosPath}`, headers, photoForm(photo), {
      bytesPerSecond: phoneUplink,
    });
    console.log(
      `directo: ${photo.length} bytes de foto, ${answer.sent} enviados en ${answer.seconds.toFixed(1)} s, ${answer.status}`,
    );
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toContain(`guardada=${encodeURIComponent(slot)}`);
    // Longer than the 20 s that cut it before: the whole body counted no more.
    expect(answer.sent).toBe(photoForm(photo).length);
    await expectDraft(page, inbox.url);
  });

  test("through the project's nginx: stored the same way", async ({ page, inbox, guard }) => {
    void guard;
    const nginx = await startNginx(buildDir, { leadService: new URL(inbox.url).host });
    try {
      const headers = await ownerHeaders(page, inbox, nginx.baseUrl);
      const answer = await postPaced(`${nginx.baseUrl}${photosPath}`, headers, photoForm(photo), {
        bytesPerSecond: phoneUplink,
      });
      console.log(
        `nginx: ${photo.length} bytes de foto, ${answer.sent} enviados en ${answer.seconds.toFixed(1)} s, ${answer.status}`,
      );
      expect(answer.status).toBe(302);
      expect(answer.headers.location).toContain(`guardada=${encodeURIComponent(slot)}`);
      await expectDraft(page, inbox.url);
    } finally {
      await nginx.stop();
    }
  });
});

test.describe("an upload that stops arriving", () => {
  let stalling: InboxServer;
  let nginx: NginxServer;
  test.beforeEach(async () => {
    stalling = await startInboxServer({ limits: { bodyStallMs: shortStallMs } });
    nginx = await startNginx(buildDir, {
      leadService: new URL(stalling.url).host,
      bodyStallMs: shortStallMs,
    });
  });
  test.afterEach(async () => {
    await nginx.stop();
    await stalling.stop();
  });

  for (const route of ["service", "nginx"] as const) {
    test(`answered 408 by ${route === "service" ? "the service" : "the service through nginx"} with the owner's page: what happened, her texts kept, nothing stored`, async ({
      page,
      guard,
    }) => {
      void guard;
      const origin = route === "service" ? stalling.url : nginx.baseUrl;
      const headers = await ownerHeaders(page, stalling, origin);
      const form = photoForm(photo);
      // Two seconds of the photo at the phone's pace, then the signal is gone.
      const answer = await postPaced(`${origin}${photosPath}`, headers, form, {
        bytesPerSecond: phoneUplink,
        stopAfter: 2 * phoneUplink,
      });
      console.log(
        `${route}: ${answer.sent} de ${form.length} bytes, ${answer.status} a los ${answer.seconds.toFixed(1)} s`,
      );
      expect(answer.status).toBe(408);
      expect(answer.headers["content-type"]).toMatch(/^text\/html/);
      expect(answer.body).toContain("La foto dejó de llegar a mitad del envío");
      expect(answer.body).toContain(altEs);
      expect(answer.body).toContain(altEn);

      // The same answer, as the owner's browser shows it (its own headers, its policy with its nonce).
      const shown = new URL(`${stalling.url}${photosPath}?envio-detenido`).href;
      await page.route(shown, (intercepted) =>
        intercepted.fulfill({
          status: answer.status,
          headers: Object.fromEntries(
            Object.entries(answer.headers)
              .filter(
                ([name]) =>
                  !["connection", "transfer-encoding", "content-length", "set-cookie"].includes(name),
              )
              .map(([name, value]) => [name, String(value)]),
          ),
          body: answer.body,
        }),
      );
      await page.goto(shown);
      const card = page.locator(slotId);
      await expect(card.getByRole("alert")).toContainText("La foto dejó de llegar a mitad del envío");
      await expect(card.getByLabel("Qué muestra la foto, en español")).toHaveValue(altEs);
      await expect(card.getByLabel("Qué muestra la foto, en inglés")).toHaveValue(altEn);
      if (process.env.SHOTS_DIR && route === "nginx") {
        mkdirSync(process.env.SHOTS_DIR, { recursive: true });
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await card.getByRole("alert").scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${process.env.SHOTS_DIR}/photo-stalled-${width}.png` });
        }
      }
      await page.unroute(shown);
      await page.goto(`${stalling.url}${photosPath}`);
      await expect(page.locator(slotId).getByText("Borrador sin publicar")).toHaveCount(0);
    });
  }
});
