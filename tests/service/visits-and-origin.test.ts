import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, test } from "vitest";

import { visitBeaconPath } from "../../app/lib/visit-beacon.ts";
import { originFields } from "../../app/lib/visit-origin.ts";
import { Store } from "../../server/storage/store.ts";
import { startService, type ServiceProcess } from "../../scripts/service-process.ts";
import { writeFixtureBuild } from "./fixture-build.ts";
import { formEncoded, json, send, urlEncoded } from "./http-client.ts";
import { buenosAiresDay } from "../../app/lib/buenos-aires-time.ts";
import { campaignOrigin } from "../tools/campaign-visit.ts";

/**
 * The visit beacon and the lead's origin against the real server process
 * (`node server/serve.ts`) and its SQLite file: what is counted, what is
 * refused, what is stored with a lead.
 */
const folders: string[] = [];
const buildDir = writeFixtureBuild();
folders.push(buildDir);
let service: ServiceProcess;
let store: Store;

const browser = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 Safari/604.1";
const expressValues = {
  tipoPropiedad: "Departamento",
  edificio: "Otro",
  direccion: "Av. Alicia M. de Justo 1150",
  superficie: "85",
  ambientes: "3 ambientes",
  nombre: "Ana Origen",
  telefono: "+54 9 11 5555-0101",
  email: "ana@example.com",
};

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "visits-"));
  folders.push(dataDir);
  // LEADS_RATE_LIMIT 2: beacons get 12 a minute per address (six times the lead limit).
  service = await startService({ BUILD_DIR: buildDir, LEADS_DATA_DIR: dataDir, LEADS_RATE_LIMIT: "2" });
  store = await Store.open({ dataDir });
}, 60_000);

afterAll(async () => {
  await store?.close();
  await service?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A beacon as the site's own page sends it (its Origin), unless `headers` say otherwise. */
const beacon = (fields: Record<string, string>, from: string, headers: Record<string, string> = {}) =>
  send(`${service.baseUrl}${visitBeaconPath}`, {
    headers: {
      "Content-Type": "text/plain;charset=UTF-8",
      "User-Agent": browser,
      Origin: service.baseUrl,
      ...headers,
    },
    body: urlEncoded(fields),
    from,
  });

async function countsOfToday() {
  const today = buenosAiresDay(new Date());
  return store.db.selectFrom("visit_pages").selectAll().where("day", "<=", today).execute();
}

async function sourcesOfToday() {
  const today = buenosAiresDay(new Date());
  return store.db.selectFrom("visit_sources").selectAll().where("day", "<=", today).execute();
}

describe("the visit beacon", { timeout: 60_000 }, () => {
  test("counts a view of a site page with its host and campaign; nothing about the visitor is stored", async () => {
    const response = await beacon(
      { p: "/torres/alvear-tower", k: "view", r: "l.instagram.com", c: "Otono-2026" },
      "127.0.0.21",
    );
    expect(response.status).toBe(204);
    expect(response.headers["set-cookie"]).toBeUndefined();
    const rows = [...(await countsOfToday()), ...(await sourcesOfToday())];
    const day = buenosAiresDay(new Date());
    expect(rows).toEqual([
      { day, page: "/torres/alvear-tower", lang: "es", kind: "view", count: 1 },
      {
        day,
        kind: "view",
        referrer: "l.instagram.com",
        campaign: "otono-2026",
        count: 1,
        seen_at: expect.any(String) as string,
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain("127.0.0.21");
    expect(JSON.stringify(rows)).not.toContain("iPhone");
  });

  test("refuses unknown paths and kinds (422), other methods (405), other bodies (415, 413)", async () => {
    const from = "127.0.0.22";
    expect((await beacon({ p: "/wp-admin", k: "view" }, from)).status).toBe(422);
    expect((await beacon({ p: "https://evil.example/", k: "view" }, from)).status).toBe(422);
    expect((await beacon({ p: "/", k: "purchase" }, from)).status).toBe(422);
    expect((await send(`${service.baseUrl}${visitBeaconPath}`, { from })).status).toBe(405);
    const jsonBody = await send(`${service.baseUrl}${visitBeaconPath}`, {
      headers: { "Content-Type": "application/json", Origin: service.baseUrl },
      body: "{}",
      from,
    });
    expect(jsonBody.status).toBe(415);
    const large = await beacon({ p: "/", k: "view", c: "x".repeat(2000) }, from);
    expect(large.status).toBe(413);
    const counted = (await countsOfToday()).filter((row) => row.page !== "/torres/alvear-tower");
    expect(counted).toEqual([]);
  });

  test("robots are answered 204 and not counted; a bare HTTP client is not counted either", async () => {
    for (const agent of [
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 HeadlessChrome/130.0",
      "curl/8.5.0",
    ])
      expect((await beacon({ p: "/tasador", k: "view" }, "127.0.0.23", { "User-Agent": agent })).status).toBe(
        204,
      );
    const noAgent = await send(`${service.baseUrl}${visitBeaconPath}`, {
      headers: { "Content-Type": "text/plain", Origin: service.baseUrl },
      body: urlEncoded({ p: "/tasador", k: "view" }),
      from: "127.0.0.23",
    });
    expect(noAgent.status).toBe(204);
    expect((await countsOfToday()).filter((row) => row.page === "/tasador")).toEqual([]);
  });

  test("a flood from one address is refused with 429 and Retry-After, and only the allowed ones count", async () => {
    const statuses: number[] = [];
    let retryAfter: string | string[] | undefined;
    for (let index = 0; index < 20; index += 1) {
      const response = await beacon({ p: "/comprar-en-pozo", k: "form_open" }, "127.0.0.24");
      statuses.push(response.status);
      if (response.status === 429) retryAfter ??= response.headers["retry-after"];
    }
    expect(statuses.filter((status) => status === 204)).toHaveLength(12);
    expect(statuses.filter((status) => status === 429)).toHaveLength(8);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    const row = (await countsOfToday()).find((count) => count.page === "/comprar-en-pozo");
    expect(Number(row?.count)).toBe(12);
  });

  test("only the site's own pages count: another site, a sandboxed frame (Origin null) or no Origin get 403", async () => {
    const fields = { p: "/", k: "view", r: "evil.example", c: "forjado" };
    for (const origin of ["https://evil.example", "null", `${service.baseUrl}.evil.example`]) {
      const response = await beacon(fields, "127.0.0.25", { Origin: origin });
      expect(response.status).toBe(403);
      expect(response.headers["access-control-allow-origin"]).toBeUndefined();
    }
    const withoutOrigin = await send(`${service.baseUrl}${visitBeaconPath}`, {
      headers: { "Content-Type": "text/plain", "User-Agent": browser },
      body: urlEncoded(fields),
      from: "127.0.0.25",
    });
    expect(withoutOrigin.status).toBe(403);
    expect((await sourcesOfToday()).filter((row) => row.campaign === "forjado")).toEqual([]);
    // The site's own origin still counts.
    expect((await beacon(fields, "127.0.0.25")).status).toBe(204);
    expect((await sourcesOfToday()).filter((row) => row.campaign === "forjado")).toHaveLength(1);
  });

  test("a campaign or host carrying text or an address is stored as a short plain label", async () => {
    const response = await beacon(
      { p: "/", k: "view", r: "www.google.com", c: "Llamá YA al 11-6666-6666: https://evil.example/login" },
      "127.0.0.26",
    );
    expect(response.status).toBe(204);
    const long = await beacon({ p: "/", k: "view", r: `${"a".repeat(70)}.example`, c: "" }, "127.0.0.26");
    expect(long.status).toBe(204);
    const sources = (await sourcesOfToday()).map((row) => [row.referrer, row.campaign]);
    expect(sources).toContainEqual(["www.google.com", "llama-ya-al-11-6666-6666-https-evil-exam"]);
    expect(sources.flat().some((value) => value.length > 64 || /[^a-z0-9._:-]/.test(value))).toBe(false);
  });
});

describe("a lead's origin", { timeout: 60_000 }, () => {
  test("sent by the form's script: stored as sent, checked and bounded", async () => {
    const response = await send(`${service.baseUrl}/api/form/submit/express`, {
      headers: { ...formEncoded, ...json, "User-Agent": browser },
      body: urlEncoded({
        ...expressValues,
        _page: "/tasaciones",
        _handoff: "tab-opened",
        [originFields.landing]: "/torres/alvear-tower",
        [originFields.referrer]: "l.instagram.com",
        [originFields.utmSource]: "instagram",
        [originFields.utmMedium]: "paid",
        [originFields.utmCampaign]: "otono-2026",
        [originFields.device]: "phone",
      }),
      from: "127.0.0.31",
    });
    expect(response.status).toBe(201);
    const lead = await store.leads.get((JSON.parse(response.body) as { id: string }).id);
    expect(lead?.origin).toEqual(campaignOrigin("phone"));
  });

  test("posted without scripts: the form's page, its address's campaign (Referer), the device from the browser", async () => {
    const response = await send(`${service.baseUrl}/api/form/submit/express`, {
      headers: {
        ...formEncoded,
        "User-Agent": browser,
        Referer: `${service.baseUrl}/en/property-valuation?utm_source=newsletter&utm_campaign=mayo`,
      },
      body: urlEncoded({ ...expressValues, _page: "/en/property-valuation" }),
      from: "127.0.0.32",
    });
    expect(response.status).toBe(303);
    const id = new URL(String(response.headers.location), service.baseUrl).searchParams.get("envio")!;
    const lead = await store.leads.get(id);
    expect(lead?.origin).toEqual({
      landing: "/en/property-valuation",
      referrer: null,
      utmSource: "newsletter",
      utmMedium: null,
      utmCampaign: "mayo",
      lang: "en",
      device: "phone",
    });
  });
});
