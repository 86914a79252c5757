import { describe, expect, it } from "vitest";

import { telHref, whatsappDigits } from "./phone.ts";

describe("WhatsApp number of a typed phone", () => {
  it.each([
    ["11 5555-5555", "5491155555555"],
    ["(011) 5555-5555", "5491155555555"],
    ["011 15 5555-5555", "5491155555555"],
    ["11 15 5555 5555", "5491155555555"],
    ["0351 15 555-5555", "5493515555555"],
    ["+54 9 11 5555-5555", "5491155555555"],
    ["+54 11 5555-5555", "5491155555555"],
    ["5491155555555", "5491155555555"],
    ["+1 (415) 555-0100", "14155550100"],
    ["+34 612 34 56 78", "34612345678"],
  ])("%s → %s", (typed, digits) => {
    expect(whatsappDigits(typed)).toBe(digits);
  });

  it.each(["", "1234", "no tengo", "555-5555"])("no link for %j", (typed) => {
    expect(whatsappDigits(typed)).toBeNull();
  });
});

describe("tel: link", () => {
  it("keeps the digits and a leading plus", () => {
    expect(telHref("+54 9 11 5555-5555")).toBe("tel:+5491155555555");
    expect(telHref("11 5555-5555")).toBe("tel:1155555555");
    expect(telHref("llamame")).toBeNull();
  });

  it("drops anything that could change the URI", () => {
    expect(telHref("11 5555-5555;ext=1,javascript:alert(1)")).toBe("tel:115555555511");
  });
});
