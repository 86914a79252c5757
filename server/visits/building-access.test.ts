import { describe, expect, it } from "vitest";

import { visitInvitation } from "./invitation.ts";
import { buildingLines, type BuildingAccess } from "./building-access.ts";
import { confirmedPage, pickPage, readPickForm } from "./pick-page.ts";
import type { InspectionVisit, OfferView } from "./visit-desk.ts";

/** As a database might hold it under older rules: whatever it says must reach the page as text. */
const hostile: BuildingAccess = {
  slug: "alvear-tower",
  name: "Alvear <b>Tower</b>",
  access: {
    guestListRequired: true,
    visitHours: { opens: "09:00", closes: "13:00" },
    parking: `<img src=x onerror="alert(1)"> & "B"`,
    receptionPhone: "+54 11 4312-0000",
  },
};
const parts = {
  lang: "en" as const,
  siteName: "Estudio",
  stylesheets: [],
  whatsappUrl: "https://wa.me/5491100000000",
};
const window = { startsAt: "2026-12-09T13:00:00.000Z", endsAt: "2026-12-09T14:00:00.000Z" };
const empty = { opener: "owner" as const, guestList: "", parking: false, occupied: false, notes: "" };
const property = { tower: "Alvear Tower", floor: "31", unit: "B", street: "" };

describe("a building's rules on the client's pages", () => {
  it("are words in the lead's language; the phone only where asked", () => {
    expect(buildingLines("en", hostile, { withPhone: false })).toEqual([
      "The guard needs the names and ID numbers of everyone coming to the visit in advance.",
      "The building allows visits from 09:00 to 13:00 (Buenos Aires time).",
      `Visitor parking: <img src=x onerror="alert(1)"> & "B"`,
    ]);
    expect(buildingLines("es", hostile, { withPhone: true }).at(-1)).toBe(
      "Recepción del edificio: +54 11 4312-0000",
    );
    expect(buildingLines("es", undefined, { withPhone: true })).toEqual([]);
  });

  it("stay text on the pick page and the confirmed page, whatever they hold", () => {
    const pick = pickPage(parts, { free: [window] }, { property, access: empty, building: hostile });
    expect(pick).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &quot;B&quot;");
    expect(pick).toContain("Alvear &lt;b&gt;Tower&lt;/b&gt;");
    expect(pick).not.toContain("<img");
    expect(pick).not.toContain("<b>");
    expect(pick).not.toContain("4312");
    expect(pick).toContain("the building asks for them</label>");
    const visit = { ...window, id: "v1", property, access: empty } as unknown as InspectionVisit;
    const confirmed = confirmedPage(
      parts,
      { visit, free: [], changeable: false } as unknown as OfferView,
      hostile,
    );
    expect(confirmed).toContain("Building reception: +54 11 4312-0000");
    expect(confirmed).not.toContain("<img");
  });

  it("require the names when the building asks, in the lead's language", () => {
    const form = new URLSearchParams({ torre: "Alvear Tower", piso: "31", unidad: "B", autorizados: "  " });
    expect(readPickForm("en", form, () => hostile).problem).toBe(
      "The building needs names and ID numbers in advance: write at least one.",
    );
    form.set("autorizados", "Marta Gómez, DNI 20.000.000");
    expect(readPickForm("en", form, () => hostile).problem).toBeUndefined();
    expect(
      readPickForm("en", new URLSearchParams({ torre: "Otra", piso: "1", unidad: "A" }), () => undefined)
        .problem,
    ).toBeUndefined();
  });

  it("are in the invitation's DESCRIPTION, folded and escaped as RFC 5545 asks", () => {
    const visit = {
      ...window,
      id: "v1",
      sequence: 0,
      state: "confirmed",
      updatedAt: "2026-12-07T12:00:00.000Z",
      property,
      access: empty,
    } as unknown as InspectionVisit;
    const { content } = visitInvitation(
      visit,
      {
        business: { name: "Estudio", email: "hola@example.com", siteUrl: "https://example.com" },
        client: { name: "Marta" },
      },
      { lang: "es", link: "https://example.com/api/visita/x", building: hostile },
    );
    const unfolded = content.replace(/\r\n[ \t]/g, "");
    expect(unfolded).toContain("Recepción del edificio: +54 11 4312-0000");
    expect(unfolded).toContain("El edificio permite visitas de 09:00 a 13:00");
    // A line break in a text value is an escaped \n, never a new property a payload could start.
    expect(unfolded).not.toMatch(/\r\nRecepción/);
  });
});
