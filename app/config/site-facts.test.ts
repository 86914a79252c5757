import { describe, expect, test } from "vitest";

import { loadSiteConfig, SiteConfigError } from "./site-config.ts";
import { buildEnvironment, effectiveValue, factProblems, holdsExample } from "./site-facts.ts";

describe("the owner's site facts", () => {
  test("each fact is checked with the build's own rule and words", () => {
    const problems = factProblems({
      SITE_WHATSAPP_NUMBER: "+54 11",
      SITE_EMAIL: "no-es-email",
      SITE_OPENS: "09:00",
    });
    let buildProblems: string[] = [];
    try {
      loadSiteConfig({ SITE_WHATSAPP_NUMBER: "+54 11", SITE_EMAIL: "no-es-email" });
    } catch (error) {
      buildProblems = (error as SiteConfigError).problems;
    }
    expect(Object.keys(problems)).toEqual(["SITE_WHATSAPP_NUMBER", "SITE_EMAIL"]);
    expect(buildProblems[0]).toContain(problems.SITE_WHATSAPP_NUMBER);
    expect(buildProblems[1]).toContain(problems.SITE_EMAIL);
  });

  test("a link that wants to run a script is refused", () => {
    expect(factProblems({ SITE_REGISTRY_URL: "javascript:alert(1)" }).SITE_REGISTRY_URL).toMatch(
      /URL absoluta/,
    );
  });

  test("an edited fact wins over the environment, which wins over the example", () => {
    const env = { SITE_WHATSAPP_NUMBER: "5491100000001" };
    expect(effectiveValue("SITE_WHATSAPP_NUMBER", {}, {})).toBe("5491100000000");
    expect(effectiveValue("SITE_WHATSAPP_NUMBER", {}, env)).toBe("5491100000001");
    expect(effectiveValue("SITE_WHATSAPP_NUMBER", { SITE_WHATSAPP_NUMBER: "5491145678901" }, env)).toBe(
      "5491145678901",
    );
    expect(holdsExample("SITE_WHATSAPP_NUMBER", {}, {})).toBe(true);
    expect(holdsExample("SITE_WHATSAPP_NUMBER", {}, env)).toBe(false);
  });

  test("a stored value can set only the facts the owner edits, never another variable of the build", () => {
    const env = buildEnvironment({ PATH: "/usr/bin" }, {
      SITE_WHATSAPP_NUMBER: "5491145678901",
      PATH: "/tmp/evil",
      NODE_OPTIONS: "--require /tmp/evil.js",
      SITE_URL: "https://evil.example",
    } as never);
    expect(env).toEqual({ PATH: "/usr/bin", SITE_WHATSAPP_NUMBER: "5491145678901" });
    expect(factProblems({ SITE_URL: "https://evil.example" } as never)).toEqual({
      SITE_URL: "no se edita desde la bandeja",
    });
  });
});
