import { describe, expect, it } from "vitest";

import { captureOrigin, originFields } from "#app/lib/visit-origin.ts";
import { readOrigin } from "./origin.ts";

const site = { siteHosts: ["www.tasaciones-madero.example", "127.0.0.1:3000"] };
const phone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148";
const desktop = "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0";

function posted(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.append(name, value);
  return data;
}

describe("captureOrigin (the tab's landing, in sessionStorage)", () => {
  function memoryStorage() {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
    };
  }

  it("keeps the landing page, the referring host only and the campaign, and the next pages read the same", () => {
    const storage = memoryStorage();
    const landing = captureOrigin(
      {
        pathname: "/torres/alvear-tower",
        search: "?utm_source=instagram&utm_medium=paid&utm_campaign=otono",
        host: "www.tasaciones-madero.example",
      },
      "https://l.instagram.com/some/path?user=secret",
      phone,
      storage,
    );
    expect(landing).toEqual({
      landing: "/torres/alvear-tower",
      referrer: "l.instagram.com",
      utmSource: "instagram",
      utmMedium: "paid",
      utmCampaign: "otono",
      device: "phone",
    });
    const later = captureOrigin(
      { pathname: "/tasaciones", search: "", host: "www.tasaciones-madero.example" },
      "https://www.tasaciones-madero.example/torres/alvear-tower",
      phone,
      storage,
    );
    expect(later).toEqual(landing);
  });

  it("names no referrer when the visit came from the site itself", () => {
    const origin = captureOrigin(
      { pathname: "/", search: "", host: "www.tasaciones-madero.example" },
      "https://www.tasaciones-madero.example/tasador",
      desktop,
      memoryStorage(),
    );
    expect(origin.referrer).toBe("");
    expect(origin.device).toBe("computer");
  });
});

describe("readOrigin (the service's check)", () => {
  it("takes what the script sent, bounded: a host name only, campaign values cut to 100 characters", () => {
    const origin = readOrigin(
      posted({
        [originFields.landing]: "/en/towers/alvear-tower",
        [originFields.referrer]: "WWW.Google.com",
        [originFields.utmSource]: "news\u0000letter",
        [originFields.utmMedium]: "x".repeat(300),
        [originFields.utmCampaign]: "",
        [originFields.device]: "phone",
      }),
      { page: "/en/off-plan", referer: undefined, userAgent: desktop, ...site },
    );
    expect(origin).toEqual({
      landing: "/en/towers/alvear-tower",
      referrer: "www.google.com",
      utmSource: "newsletter",
      utmMedium: "x".repeat(100),
      utmCampaign: null,
      lang: "en",
      device: "phone",
    });
  });

  it("refuses a full address, a script or a path as the referring host, and an outside landing", () => {
    for (const referrer of ["https://evil.example/path", "<script>", "a b.com", "evil.example/x"]) {
      const origin = readOrigin(posted({ [originFields.landing]: "/", [originFields.referrer]: referrer }), {
        page: "/",
        referer: undefined,
        userAgent: "",
        ...site,
      });
      expect(origin.referrer).toBeNull();
    }
    const outside = readOrigin(posted({ [originFields.landing]: "https://evil.example/" }), {
      page: "/tasaciones",
      referer: undefined,
      userAgent: "",
      ...site,
    });
    expect(outside.landing).toBe("/tasaciones");
  });

  it("without scripts: the form's page, the campaign of its address (Referer), the device from the User-Agent", () => {
    const origin = readOrigin(posted({}), {
      page: "/tasaciones",
      referer: "https://www.tasaciones-madero.example/tasaciones?utm_source=google&utm_campaign=marca",
      userAgent: phone,
      ...site,
    });
    expect(origin).toEqual({
      landing: "/tasaciones",
      referrer: null,
      utmSource: "google",
      utmMedium: null,
      utmCampaign: "marca",
      lang: "es",
      device: "phone",
    });
    const fromElsewhere = readOrigin(posted({}), {
      page: "/tasaciones",
      referer: "https://buscador.example/?q=tasacion",
      userAgent: desktop,
      ...site,
    });
    expect(fromElsewhere.referrer).toBe("buscador.example");
    expect(fromElsewhere.utmSource).toBeNull();
  });
});
