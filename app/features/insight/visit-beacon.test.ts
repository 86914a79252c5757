import { afterEach, describe, expect, test, vi } from "vitest";

import { loadSiteConfig } from "../../config/site-config.ts";
import { pageSettingsAttributes } from "../../lib/page-settings.ts";

/**
 * The page's beacon in a stand-in browser: what it sends, when, and that a
 * static deployment sends nothing. The beacon reads where to send from the
 * page's frame, as the island does; each case loads the module afresh.
 */
type Sent = { url: string; body: string };

async function startIn(formServiceUrl: string, options: { beaconRefused?: boolean } = {}) {
  vi.resetModules();
  const frame = pageSettingsAttributes({ ...loadSiteConfig({}).config, formServiceUrl });
  const beacons: Sent[] = [];
  const fetches: (Sent & { keepalive?: boolean })[] = [];
  const idle: (() => void)[] = [];
  const items = new Map<string, string>();
  const document = Object.assign(new EventTarget(), {
    referrer: "https://www.google.com/search?q=tasacion",
    querySelector: () => ({ getAttribute: (name: string) => frame[name] ?? null }),
  });
  vi.stubGlobal("document", document);
  vi.stubGlobal("location", {
    pathname: "/tasaciones",
    search: "?utm_source=news&utm_campaign=Mayo",
    host: "www.sitio.example",
  });
  vi.stubGlobal("sessionStorage", {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  });
  vi.stubGlobal("navigator", {
    userAgent: "Mozilla/5.0 (X11; Linux x86_64)",
    sendBeacon: (url: string, body: string) => {
      if (options.beaconRefused) return false;
      beacons.push({ url, body });
      return true;
    },
  });
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    fetches.push({ url, body: String(init.body), keepalive: init.keepalive });
    return new Response(null, { status: 204 });
  });
  vi.stubGlobal("window", {
    location: globalThis.location,
    sessionStorage: globalThis.sessionStorage,
    requestIdleCallback: (run: () => void) => idle.push(run),
  });
  const { startVisitBeacon } = await import("./visit-beacon.ts");
  startVisitBeacon();
  return { beacons, fetches, idle, document, items };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const fields = (body: string) => Object.fromEntries(new URLSearchParams(body));

describe("startVisitBeacon", () => {
  test("counts the view once the page is idle, with the landing's host and campaign, nothing else", async () => {
    const page = await startIn("");
    expect(page.beacons).toEqual([]);
    page.idle.forEach((run) => run());
    expect(page.beacons).toHaveLength(1);
    expect(page.beacons[0]!.url).toBe("/api/visitas");
    expect(fields(page.beacons[0]!.body)).toEqual({
      p: "/tasaciones",
      k: "view",
      r: "www.google.com",
      c: "Mayo",
    });
    // The tab keeps its origin for the next pages (sessionStorage only).
    expect(JSON.parse(page.items.get("origen-visita")!)).toMatchObject({
      landing: "/tasaciones",
      referrer: "www.google.com",
    });
  });

  test("counts a lead dialog opened and a hand-off to WhatsApp", async () => {
    const page = await startIn("https://leads.example.com");
    page.document.dispatchEvent(new Event("lead:open"));
    page.document.dispatchEvent(new Event("lead:whatsapp"));
    expect(page.beacons.map((beacon) => [beacon.url, fields(beacon.body).k])).toEqual([
      ["https://leads.example.com/api/visitas", "form_open"],
      ["https://leads.example.com/api/visitas", "whatsapp"],
    ]);
  });

  test("falls back to fetch with keepalive when the browser refuses the beacon", async () => {
    const page = await startIn("", { beaconRefused: true });
    page.idle.forEach((run) => run());
    expect(page.fetches).toEqual([expect.objectContaining({ url: "/api/visitas", keepalive: true })]);
  });

  test("sends nothing on a static deployment (SITE_FORM_SERVICE_URL=none)", async () => {
    const page = await startIn("none");
    page.idle.forEach((run) => run());
    page.document.dispatchEvent(new Event("lead:open"));
    expect([page.beacons, page.fetches, page.idle]).toEqual([[], [], []]);
  });
});
