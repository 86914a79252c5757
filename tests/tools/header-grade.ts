/**
 * Scores response headers with the rules of the MDN HTTP Observatory
 * (github.com/mdn/mdn-http-observatory: src/analyzer/tests/*, src/grader/charts.js,
 * src/scanner/index.js): baseline 100, one result per test, penalties always,
 * bonuses only when the score without them is at least 90. Its npm package
 * cannot scan a loopback server, so the same rules run here on the headers and
 * HTML a server actually returned.
 *
 * The scan is scored as the production host would be: over HTTPS (HSTS counts),
 * with the HTTP→HTTPS redirection assumed to be done by the TLS front end,
 * which a loopback test cannot observe (`redirection` lets a caller say otherwise).
 */

export type ScannedResponse = {
  /** Header names in any case; repeated headers as arrays. */
  headers: Record<string, string | string[] | undefined>;
  /** The HTML of the page, for the subresource-integrity test. */
  html?: string;
  /** The address the page is served at in production (protocol matters). */
  url: string;
  redirection?: "redirection-to-https" | "redirection-missing" | "redirection-not-to-https";
};

export type TestResult = { test: string; result: string; modifier: number; pass: boolean };
export type Grade = { score: number; grade: string; tests: TestResult[] };

const modifiers: Record<string, number> = {
  "csp-implemented-with-no-unsafe-default-src-none": 10,
  "csp-implemented-with-no-unsafe": 5,
  "csp-implemented-with-unsafe-inline-in-style-src-only": 0,
  "csp-implemented-with-insecure-scheme-in-passive-content-only": -10,
  "csp-implemented-with-unsafe-eval": -10,
  "csp-implemented-with-unsafe-inline": -20,
  "csp-implemented-with-insecure-scheme": -20,
  "csp-implemented-but-duplicate-directives": 0,
  "csp-header-invalid": -25,
  "csp-not-implemented": -25,
  "cookies-not-found": 0,
  "cookies-secure-with-httponly-sessions-and-samesite": 5,
  "cookies-secure-with-httponly-sessions": 0,
  "cookies-without-secure-flag": -20,
  "cross-origin-resource-sharing-not-implemented": 0,
  "cross-origin-resource-sharing-implemented-with-public-access": 0,
  "cross-origin-resource-sharing-implemented-with-restricted-access": 0,
  "cross-origin-resource-sharing-implemented-with-universal-access": -50,
  "redirection-to-https": 0,
  "redirection-missing": -20,
  "redirection-not-to-https": -20,
  "referrer-policy-private": 5,
  "referrer-policy-not-implemented": 0,
  "referrer-policy-unsafe": -5,
  "referrer-policy-header-invalid": -5,
  "hsts-implemented-max-age-at-least-six-months": 0,
  "hsts-implemented-max-age-less-than-six-months": -10,
  "hsts-not-implemented": -20,
  "hsts-header-invalid": -20,
  "sri-implemented-and-all-scripts-loaded-securely": 5,
  "sri-not-implemented-but-all-scripts-loaded-from-secure-origin": 0,
  "sri-not-implemented-but-no-scripts-loaded": 0,
  "sri-not-implemented-response-not-html": 0,
  "sri-not-implemented-but-external-scripts-loaded-securely": -5,
  "sri-not-implemented-and-external-scripts-not-loaded-securely": -50,
  "x-content-type-options-nosniff": 0,
  "x-content-type-options-not-implemented": -5,
  "x-content-type-options-header-invalid": -5,
  "x-frame-options-implemented-via-csp": 5,
  "x-frame-options-sameorigin-or-deny": 0,
  "x-frame-options-allow-from-origin": 0,
  "x-frame-options-not-implemented": -20,
  "x-frame-options-header-invalid": -20,
  "cross-origin-resource-policy-implemented-with-same-origin": 10,
  "cross-origin-resource-policy-implemented-with-same-site": 10,
  "cross-origin-resource-policy-implemented-with-cross-origin": 0,
  "cross-origin-resource-policy-not-implemented": 0,
  "cross-origin-resource-policy-header-invalid": -5,
};

const gradeChart: [number, string][] = [
  [100, "A+"],
  [90, "A"],
  [85, "A-"],
  [80, "B+"],
  [70, "B"],
  [65, "B-"],
  [60, "C+"],
  [50, "C"],
  [45, "C-"],
  [40, "D+"],
  [30, "D"],
  [25, "D-"],
  [0, "F"],
];

export const minimumScoreForExtraCredit = 90;

export function gradeFor(score: number): string {
  return gradeChart.find(([minimum]) => Math.max(score, 0) >= minimum)![1];
}

export function gradeResponse(response: ScannedResponse): Grade {
  const headers = normalise(response.headers);
  const https = new URL(response.url).protocol === "https:";
  const csp = cspTest(headers, https);
  const results: [string, string, boolean][] = [
    ["content-security-policy", csp.result, csp.pass],
    cookiesTest(headers),
    corsTest(headers),
    redirectionTest(response.redirection ?? "redirection-to-https"),
    referrerTest(headers),
    hstsTest(headers),
    sriTest(headers, response.html, new URL(response.url)),
    xctoTest(headers),
    xfoTest(headers, csp.frameAncestors),
    corpTest(headers),
  ];
  const tests = results.map(([test, result, pass]) => ({
    test,
    result,
    pass,
    modifier: modifiers[result] ?? 0,
  }));
  const withExtraCredit = 100 + tests.reduce((sum, test) => sum + test.modifier, 0);
  const penaltiesOnly = 100 + tests.reduce((sum, test) => sum + Math.min(test.modifier, 0), 0);
  const score = Math.max(penaltiesOnly >= minimumScoreForExtraCredit ? withExtraCredit : penaltiesOnly, 0);
  return { score, grade: gradeFor(score), tests };
}

type Headers = Map<string, string[]>;

function normalise(raw: ScannedResponse["headers"]): Headers {
  const headers: Headers = new Map();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    headers.set(name.toLowerCase(), [...(headers.get(name.toLowerCase()) ?? []), ...values]);
  }
  return headers;
}

const first = (headers: Headers, name: string) => headers.get(name)?.[0];

const dangerouslyBroad = new Set([
  "ftp:",
  "http:",
  "https:",
  "*",
  "http://*",
  "http://*.*",
  "https://*",
  "https://*.*",
]);
const unsafeInline = new Set(["'unsafe-inline'", "data:"]);
const passiveDirectives = new Set(["img-src", "media-src"]);
const isNonceOrHash = (source: string) => /^'(sha256|sha384|sha512|nonce)-/.test(source);

export type ParsedCsp = Map<string, Set<string>>;

/** Policies from all CSP headers (comma-separated too); directives combine as the Observatory does. */
export function parseCsp(policies: string[]): { csp: ParsedCsp; duplicates: boolean } {
  const csp: ParsedCsp = new Map();
  let duplicates = false;
  for (const policy of policies.flatMap((value) => value.split(","))) {
    const seen = new Set<string>();
    for (const directive of policy
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)) {
      const [rawName, ...sources] = directive.split(/\s+/);
      const name = rawName!.toLowerCase();
      if (!/^[a-z-]+$/.test(name)) throw new Error(`invalid directive ${rawName}`);
      if (seen.has(name)) {
        duplicates = true;
        continue;
      }
      seen.add(name);
      const values = new Set(
        sources.map((source) => (isNonceOrHash(source) ? source : source.toLowerCase())),
      );
      csp.set(
        name,
        csp.has(name) ? new Set([...csp.get(name)!].filter((source) => values.has(source))) : values,
      );
    }
  }
  return { csp, duplicates };
}

function cspTest(
  headers: Headers,
  https: boolean,
): { result: string; pass: boolean; frameAncestors: boolean } {
  const values = headers.get("content-security-policy") ?? [];
  if (values.length === 0) return { result: "csp-not-implemented", pass: false, frameAncestors: false };
  let parsed: ReturnType<typeof parseCsp>;
  try {
    parsed = parseCsp(values);
  } catch {
    return { result: "csp-header-invalid", pass: false, frameAncestors: false };
  }
  const { csp } = parsed;
  const sources = (name: string) => new Set(csp.get(name) ?? csp.get("default-src") ?? ["*"]);
  const scriptSrc = sources("script-src");
  const styleSrc = sources("style-src");
  const objectSrc = sources("object-src");
  for (const list of [scriptSrc, styleSrc]) {
    if ([...list].some(isNonceOrHash)) list.delete("'unsafe-inline'");
  }
  if ([...scriptSrc].some(isNonceOrHash) && scriptSrc.has("'strict-dynamic'")) {
    for (const source of scriptSrc) {
      if (
        [...dangerouslyBroad].some((broad) => source.startsWith(broad)) ||
        source === "'self'" ||
        source === "'unsafe-inline'"
      ) {
        scriptSrc.delete(source);
      }
    }
  }
  const active = [
    ...[...csp.entries()]
      .filter(([name]) => !passiveDirectives.has(name) && name !== "script-src")
      .flatMap(([, list]) => [...list]),
    ...scriptSrc,
  ];
  const passive = [...passiveDirectives].flatMap((name) => [
    ...(csp.get(name) ?? csp.get("default-src") ?? []),
  ]);
  const insecure = (source: string) => source.startsWith("http:") || source.startsWith("ftp:");

  let result: string | undefined;
  if (
    [...scriptSrc].some((source) => dangerouslyBroad.has(source) || unsafeInline.has(source)) ||
    [...objectSrc].some((source) => dangerouslyBroad.has(source))
  ) {
    result = "csp-implemented-with-unsafe-inline";
  } else if (https && active.some(insecure)) {
    result = "csp-implemented-with-insecure-scheme";
  } else if (scriptSrc.has("'unsafe-eval'") || styleSrc.has("'unsafe-eval'")) {
    result = "csp-implemented-with-unsafe-eval";
  } else if (https && passive.some(insecure)) {
    result = "csp-implemented-with-insecure-scheme-in-passive-content-only";
  } else if ([...styleSrc].some((source) => dangerouslyBroad.has(source) || unsafeInline.has(source))) {
    result = "csp-implemented-with-unsafe-inline-in-style-src-only";
  } else if (csp.get("default-src")?.has("'none'") && csp.get("default-src")?.size === 1) {
    result = "csp-implemented-with-no-unsafe-default-src-none";
  } else {
    result = "csp-implemented-with-no-unsafe";
  }
  const pass = [
    "csp-implemented-with-no-unsafe",
    "csp-implemented-with-no-unsafe-default-src-none",
    "csp-implemented-with-unsafe-inline-in-style-src-only",
    "csp-implemented-with-insecure-scheme-in-passive-content-only",
  ].includes(result);
  if (pass && parsed.duplicates) result = "csp-implemented-but-duplicate-directives";
  return { result, pass, frameAncestors: csp.has("frame-ancestors") };
}

function cookiesTest(headers: Headers): [string, string, boolean] {
  const cookies = headers.get("set-cookie") ?? [];
  if (cookies.length === 0) return ["cookies", "cookies-not-found", true];
  const secure = cookies.every((cookie) => /;\s*secure\b/i.test(cookie));
  if (!secure) return ["cookies", "cookies-without-secure-flag", false];
  const sameSite = cookies.every((cookie) => /;\s*samesite=(strict|lax)\b/i.test(cookie));
  return [
    "cookies",
    sameSite ? "cookies-secure-with-httponly-sessions-and-samesite" : "cookies-secure-with-httponly-sessions",
    true,
  ];
}

function corsTest(headers: Headers): [string, string, boolean] {
  const origin = first(headers, "access-control-allow-origin")?.trim();
  if (!origin)
    return ["cross-origin-resource-sharing", "cross-origin-resource-sharing-not-implemented", true];
  if (origin === "*")
    return [
      "cross-origin-resource-sharing",
      "cross-origin-resource-sharing-implemented-with-public-access",
      true,
    ];
  const credentials = first(headers, "access-control-allow-credentials")?.trim().toLowerCase() === "true";
  return credentials
    ? [
        "cross-origin-resource-sharing",
        "cross-origin-resource-sharing-implemented-with-universal-access",
        false,
      ]
    : [
        "cross-origin-resource-sharing",
        "cross-origin-resource-sharing-implemented-with-restricted-access",
        true,
      ];
}

function redirectionTest(result: NonNullable<ScannedResponse["redirection"]>): [string, string, boolean] {
  return ["redirection", result, result === "redirection-to-https"];
}

function referrerTest(headers: Headers): [string, string, boolean] {
  const good = ["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"];
  const bad = ["origin", "origin-when-cross-origin", "unsafe-url", "no-referrer-when-downgrade"];
  const values = headers.get("referrer-policy");
  if (!values) return ["referrer-policy", "referrer-policy-not-implemented", true];
  const policy =
    values
      .join(",")
      .split(",")
      .map((value) => value.trim().toLowerCase())
      .filter((value) => good.includes(value) || bad.includes(value))
      .at(-1) ?? "";
  if (good.includes(policy)) return ["referrer-policy", "referrer-policy-private", true];
  return [
    "referrer-policy",
    bad.includes(policy) ? "referrer-policy-unsafe" : "referrer-policy-header-invalid",
    false,
  ];
}

/** 15768000 s is six months; the Observatory accepts 15552000 (180 days). */
export const sixMonths = 15_552_000;

function hstsTest(headers: Headers): [string, string, boolean] {
  const value = first(headers, "strict-transport-security");
  if (value === undefined) return ["strict-transport-security", "hsts-not-implemented", false];
  const maxAge = /(?:^|;)\s*max-age=(\d+)/i.exec(value)?.[1];
  if (value.includes(",") || maxAge === undefined)
    return ["strict-transport-security", "hsts-header-invalid", false];
  return Number(maxAge) >= sixMonths
    ? ["strict-transport-security", "hsts-implemented-max-age-at-least-six-months", true]
    : ["strict-transport-security", "hsts-implemented-max-age-less-than-six-months", false];
}

function sriTest(headers: Headers, html: string | undefined, url: URL): [string, string, boolean] {
  const type = first(headers, "content-type") ?? "";
  if (!html || !/text\/html/i.test(type))
    return ["subresource-integrity", "sri-not-implemented-response-not-html", true];
  const scripts = [...html.matchAll(/<script\b([^>]*)>/gi)]
    .map((match) => match[1] ?? "")
    .map((attributes) => ({
      src: /\ssrc=["']?([^"'\s>]+)/i.exec(attributes)?.[1],
      integrity: /\sintegrity=/i.test(attributes),
    }))
    .filter((script): script is { src: string; integrity: boolean } => script.src !== undefined);
  if (scripts.length === 0)
    return ["subresource-integrity", "sri-not-implemented-but-no-scripts-loaded", true];
  const external = scripts.filter((script) => new URL(script.src, url).origin !== url.origin);
  const allIntegrity = scripts.every((script) => script.integrity);
  if (external.length === 0) {
    return allIntegrity
      ? ["subresource-integrity", "sri-implemented-and-all-scripts-loaded-securely", true]
      : ["subresource-integrity", "sri-not-implemented-but-all-scripts-loaded-from-secure-origin", true];
  }
  const secure = external.every((script) => new URL(script.src, url).protocol === "https:");
  if (!secure)
    return ["subresource-integrity", "sri-not-implemented-and-external-scripts-not-loaded-securely", false];
  return external.every((script) => script.integrity)
    ? ["subresource-integrity", "sri-implemented-and-all-scripts-loaded-securely", true]
    : ["subresource-integrity", "sri-not-implemented-but-external-scripts-loaded-securely", false];
}

function xctoTest(headers: Headers): [string, string, boolean] {
  const value = first(headers, "x-content-type-options");
  if (value === undefined) return ["x-content-type-options", "x-content-type-options-not-implemented", false];
  return value.trim().toLowerCase() === "nosniff"
    ? ["x-content-type-options", "x-content-type-options-nosniff", true]
    : ["x-content-type-options", "x-content-type-options-header-invalid", false];
}

function xfoTest(headers: Headers, frameAncestorsInCsp: boolean): [string, string, boolean] {
  if (frameAncestorsInCsp) return ["x-frame-options", "x-frame-options-implemented-via-csp", true];
  const value = first(headers, "x-frame-options")?.trim().toLowerCase();
  if (value === undefined) return ["x-frame-options", "x-frame-options-not-implemented", false];
  if (value === "deny" || value === "sameorigin")
    return ["x-frame-options", "x-frame-options-sameorigin-or-deny", true];
  if (value.startsWith("allow-from")) return ["x-frame-options", "x-frame-options-allow-from-origin", true];
  return ["x-frame-options", "x-frame-options-header-invalid", false];
}

function corpTest(headers: Headers): [string, string, boolean] {
  const value = first(headers, "cross-origin-resource-policy")?.trim().toLowerCase();
  const results: Record<string, string> = {
    "same-origin": "cross-origin-resource-policy-implemented-with-same-origin",
    "same-site": "cross-origin-resource-policy-implemented-with-same-site",
    "cross-origin": "cross-origin-resource-policy-implemented-with-cross-origin",
  };
  if (value === undefined)
    return ["cross-origin-resource-policy", "cross-origin-resource-policy-not-implemented", true];
  const result = results[value] ?? "cross-origin-resource-policy-header-invalid";
  return ["cross-origin-resource-policy", result, result !== "cross-origin-resource-policy-header-invalid"];
}
