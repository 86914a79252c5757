import { describe, expect, test } from "vitest";

import { bootLoaderHash } from "../scripts/build/islands.ts";
import {
  cacheControlFor,
  contentSecurityPolicy,
  cspHash,
  headerPolicyFor,
  immutableCache,
  inlineSources,
  revalidateCache,
  securityHeaders,
  type HeaderPolicy,
} from "./headers.ts";

const policy: HeaderPolicy = {
  formServiceUrl: "https://formularios.example",
  scriptHashes: [bootLoaderHash],
};

describe("contentSecurityPolicy", () => {
  test("allows scripts only from the site and the boot loader's hash, never unsafe-inline or unsafe-eval", () => {
    const csp = contentSecurityPolicy(policy);
    expect(csp).toContain(`script-src 'self' '${bootLoaderHash}'`);
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes/);
    expect(csp).toMatch(/^default-src 'none';/);
  });

  test("lets the page talk and post only to itself and the form service", () => {
    const csp = contentSecurityPolicy(policy);
    expect(csp).toContain("connect-src 'self' https://formularios.example");
    expect(csp).toContain("form-action 'self' https://formularios.example;");
    expect(csp).not.toContain("wa.me");
  });

  test("a service on the same origin, or none, adds nothing to 'self'", () => {
    for (const formServiceUrl of ["", "none"]) {
      const csp = contentSecurityPolicy({ ...policy, formServiceUrl });
      expect(csp).toContain("connect-src 'self'; ");
      expect(csp).toContain("form-action 'self'; ");
    }
  });

  test("forbids framing, plugins and base-URL changes", () => {
    const csp = contentSecurityPolicy(policy);
    for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'"])
      expect(csp).toContain(directive);
  });

  test("styles come only from the site's stylesheet files", () => {
    expect(contentSecurityPolicy(policy)).toContain("style-src 'self';");
  });
});

test("security headers include HSTS for two years with preload, nosniff, DENY, COOP and CORP", () => {
  const headers = Object.fromEntries(securityHeaders(policy));
  expect(headers["Strict-Transport-Security"]).toBe("max-age=63072000; includeSubDomains; preload");
  expect(headers["X-Content-Type-Options"]).toBe("nosniff");
  expect(headers["X-Frame-Options"]).toBe("DENY");
  expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["Cross-Origin-Opener-Policy"]).toBe("same-origin");
  expect(headers["Cross-Origin-Resource-Policy"]).toBe("same-origin");
  expect(headers["Permissions-Policy"]).toMatch(/(^|, )camera=\(\)/);
  expect(headers["Permissions-Policy"]).not.toContain("interest-cohort");
});

test("only hashed assets are cached for a year", () => {
  expect(cacheControlFor("/assets/root-abc.css")).toBe(immutableCache);
  for (const path of [
    "/index.html",
    "/tasaciones/index.html",
    "/sitemap.xml",
    "/generated/tower/x.svg",
    "/404.html",
  ]) {
    expect(cacheControlFor(path)).toBe(revalidateCache);
  }
});

describe("inlineSources", () => {
  test("skips external scripts, JSON-LD data blocks and empty placeholders", () => {
    const html =
      '<script src="/a.js"></script><script type="application/ld+json">{"a":1}</script><script></script>' +
      '<script type="module" async=""></script><script data-boot="/b.js">run()</script>';
    expect(inlineSources(html).scripts).toEqual(["run()"]);
  });

  test("counts style elements and style attributes", () => {
    const html = '<style>a{}</style><div style="width: 50%"></div><p data-style="x">styles</p>';
    expect(inlineSources(html).styles).toBe(2);
  });

  test("a page with an inline style stops the policy: the CSP allows none", () => {
    for (const page of ["<style>a{}</style>", '<p style="color: red"></p>'])
      expect(() => headerPolicyFor(["<p></p>", page], "https://f.example"), page).toThrow(/inline style/);
  });

  test("a policy hashes each distinct inline source once", () => {
    const page = "<script>boot()</script><p></p>";
    const collected = headerPolicyFor([page, page], "https://f.example");
    expect(collected).toEqual({ formServiceUrl: "https://f.example", scriptHashes: [cspHash("boot()")] });
  });
});
