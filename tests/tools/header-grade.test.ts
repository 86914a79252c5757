import { describe, expect, test } from "vitest";

import { securityHeaders } from "../../server/headers.ts";
import { gradeFor, gradeResponse, parseCsp } from "./header-grade.ts";

const url = "https://www.example.com/";
const ours = Object.fromEntries(
  securityHeaders({
    formServiceUrl: "https://f.example",
    scriptHashes: ["sha256-abc="],
  }),
);
const html =
  '<html><script data-boot="/assets/b.js">x()</script><script type="application/ld+json">{}</script></html>';
const withType = (headers: Record<string, string>) => ({
  "content-type": "text/html; charset=utf-8",
  ...headers,
});

test("grade boundaries follow the Observatory's chart", () => {
  expect([135, 100, 99, 90, 85, 80, 70, 65, 60, 50, 45, 40, 30, 25, 24, -5].map(gradeFor)).toEqual([
    "A+",
    "A+",
    "A",
    "A",
    "A-",
    "B+",
    "B",
    "B-",
    "C+",
    "C",
    "C-",
    "D+",
    "D",
    "D-",
    "F",
    "F",
  ]);
});

test("the site's headers score 130, A+, with every test passing", () => {
  const result = gradeResponse({ headers: withType(ours), html, url });
  expect(result.tests.filter((entry) => !entry.pass)).toEqual([]);
  expect(result).toMatchObject({ score: 130, grade: "A+" });
});

test("no headers at all score 30 (D): CSP -25, HSTS -20, XFO -20, nosniff -5", () => {
  expect(gradeResponse({ headers: withType({}), html, url })).toMatchObject({ score: 30, grade: "D" });
});

describe("content security policy", () => {
  const cspResult = (csp: string) =>
    gradeResponse({ headers: withType({ ...ours, "Content-Security-Policy": csp }), html, url }).tests.find(
      (entry) => entry.test === "content-security-policy",
    )!;

  test("unsafe-inline in script-src is -20, unless a hash makes browsers ignore it", () => {
    expect(cspResult("default-src 'self'; script-src 'self' 'unsafe-inline'").result).toBe(
      "csp-implemented-with-unsafe-inline",
    );
    expect(
      cspResult("default-src 'self'; script-src 'self' 'unsafe-inline' 'sha256-abc='; object-src 'none'")
        .result,
    ).toBe("csp-implemented-with-no-unsafe");
  });

  test("unsafe-eval is -10; a missing object-src with a permissive default is unsafe", () => {
    expect(cspResult("default-src 'self'; script-src 'self' 'unsafe-eval'").modifier).toBe(-10);
    expect(cspResult("script-src 'self'").result).toBe("csp-implemented-with-unsafe-inline");
  });

  test("unsafe-inline only in style-src passes with no bonus; http: sources fail on an https site", () => {
    expect(
      cspResult("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'").modifier,
    ).toBe(0);
    expect(cspResult("default-src 'none'; script-src 'self'; connect-src http://f.example").result).toBe(
      "csp-implemented-with-insecure-scheme",
    );
  });

  test("an unparsable policy is -25", () => {
    expect(cspResult("default-src 'none'; scr!pt-src 'self'").result).toBe("csp-header-invalid");
    expect(() => parseCsp(["a=b"])).toThrow();
  });
});

test("bonuses count only when the score without them is at least 90", () => {
  const weak = { ...ours, "Strict-Transport-Security": "max-age=300" };
  delete (weak as Record<string, string>)["X-Content-Type-Options"];
  // penalties: -10 (short HSTS) -5 (no nosniff) = 85 → the +30 of bonuses is not counted.
  expect(gradeResponse({ headers: withType(weak), html, url })).toMatchObject({ score: 85, grade: "A-" });
});

test("external scripts without integrity cost 5 points; same-origin scripts are fine", () => {
  const sri = (page: string) =>
    gradeResponse({ headers: withType(ours), html: page, url }).tests.find(
      (entry) => entry.test === "subresource-integrity",
    )!;
  expect(sri('<script src="/assets/a.js"></script>').result).toBe(
    "sri-not-implemented-but-all-scripts-loaded-from-secure-origin",
  );
  expect(sri('<script src="https://cdn.example/a.js"></script>').modifier).toBe(-5);
  expect(sri('<script src="https://cdn.example/a.js" integrity="sha384-x"></script>').modifier).toBe(5);
});

test("referrer policy, CORP and X-Frame-Options results", () => {
  const tests = (headers: Record<string, string>) =>
    Object.fromEntries(
      gradeResponse({ headers: withType(headers), url }).tests.map((entry) => [entry.test, entry.result]),
    );
  const result = tests({
    "Referrer-Policy": "unsafe-url",
    "Cross-Origin-Resource-Policy": "bogus",
    "X-Frame-Options": "SAMEORIGIN",
  });
  expect(result["referrer-policy"]).toBe("referrer-policy-unsafe");
  expect(result["cross-origin-resource-policy"]).toBe("cross-origin-resource-policy-header-invalid");
  expect(result["x-frame-options"]).toBe("x-frame-options-sameorigin-or-deny");
});
