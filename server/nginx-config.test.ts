import { describe, expect, test } from "vitest";

import { securityHeaders, type HeaderPolicy } from "./headers.ts";
import { renderNginxConf, renderNginxSite } from "./nginx-config.ts";

const policy: HeaderPolicy = {
  formServiceUrl: "https://f.example",
  scriptHashes: ["sha256-abc="],
};
const site = renderNginxSite({
  policy,
  root: "/srv/site/client",
  listen: "80",
  serverName: "www.example.com",
});

describe("renderNginxSite", () => {
  test("sends every security header with `always`, at server level only", () => {
    // The two the inbox sends itself come from a map: empty (no header) under /bandeja.
    const fromMaps: Record<string, string> = {
      "Content-Security-Policy": "site_csp",
      "Permissions-Policy": "site_permissions",
    };
    for (const [name, value] of securityHeaders(policy)) {
      const map = fromMaps[name];
      if (map) {
        expect(site).toContain(`add_header ${name} $${map} always;`);
        expect(site).toMatch(
          new RegExp(
            `map \\$uri \\$${map} \\{[^}]*default "${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}";`,
          ),
        );
      } else expect(site).toContain(`add_header ${name} "${value}" always;`);
    }
    const locations = site.split(/\n\s*location /).slice(1);
    expect(locations.length).toBeGreaterThan(3);
    for (const location of locations) expect(location.split("\n}")[0]).not.toContain("add_header");
  });

  test("answers unknown paths with the 404 page, and redirects trailing slashes", () => {
    expect(site).toContain("error_page 404 /404.html;");
    expect(site).toContain("rewrite ^[/\\x5c]+([^/\\x5c].*?)/+$ /$1 permanent;");
    expect(site).toContain("try_files $uri $uri/index.html =404;");
    expect(site).toMatch(/location = \/404\.html \{\s*internal;/);
  });

  test("fills every slot and serves precompressed files", () => {
    expect(site).not.toMatch(/\{\{[A-Z_]+\}\}/);
    expect(site).toContain("root /srv/site/client;");
    expect(site).toContain("gzip_static on;");
    expect(site).toContain("brotli_static on;");
    expect(renderNginxSite({ policy, root: "/r", listen: "80", brotli: false })).not.toContain("brotli");
  });
});

describe("the lead service behind nginx", () => {
  test("/api/ and /gracias are proxied, with the client's address appended and the security headers not doubled", () => {
    const proxied = renderNginxSite({ policy, root: "/r", listen: "80", leadService: "127.0.0.1:3100" });
    for (const location of ["location /api/ {", "location = /gracias {"]) {
      const block = proxied.split(location)[1]!.split("\n    }")[0]!;
      expect(block).toContain("proxy_pass http://127.0.0.1:3100;");
      expect(block).toContain("proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;");
      for (const [name] of securityHeaders(policy)) expect(block).toContain(`proxy_hide_header ${name};`);
      expect(block).not.toContain("add_header");
    }
    expect(site).toContain("proxy_pass http://127.0.0.1:3000;"); // the default port of npm run serve
  });

  test("methods other than GET and HEAD are refused everywhere except under /api/ and in the inbox", () => {
    expect(site).toContain('"~^\\S+ /api/" 0;');
    expect(site).toContain('"~^\\S+ /bandeja([/.]|$)" 0;');
    expect(site).toContain("if ($site_method_refused) {");
  });

  test("the inbox is proxied with its own CSP, Permissions-Policy and Cache-Control, every other security header from nginx", () => {
    const block = site.split("location ~ ^/bandeja([/.]|$) {")[1]!.split("\n    }")[0]!;
    expect(block).toContain("proxy_pass http://127.0.0.1:3000;");
    expect(block).toContain("proxy_set_header X-Forwarded-Proto $scheme;");
    expect(block).toContain("proxy_set_header Host $http_host;");
    for (const [name] of securityHeaders(policy)) {
      if (name === "Content-Security-Policy" || name === "Permissions-Policy")
        expect(block).not.toContain(`proxy_hide_header ${name};`);
      else expect(block).toContain(`proxy_hide_header ${name};`);
    }
    expect(site).toContain('map $uri $site_csp {\n    "~^/bandeja([/.]|$)" "";');
    expect(site).toContain('map $uri $site_permissions {\n    "~^/bandeja([/.]|$)" "";');
    expect(site).toContain('    ~^/bandeja([/.]|$) "";');
  });
});

test("renderNginxConf is a complete configuration with every writable path under the prefix", () => {
  const conf = renderNginxConf({ policy, root: "/r", listen: "127.0.0.1:9000", prefix: "/tmp/p" });
  expect(conf).toContain("pid /tmp/p/nginx.pid;");
  expect(conf).toContain("error_log /tmp/p/error.log warn;");
  expect(conf).toContain("client_body_temp_path /tmp/p/tmp/body;");
  expect(conf).toContain("listen 127.0.0.1:9000;");
  expect(conf).toContain("load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;");
  expect(conf).toMatch(/http \{[\s\S]*server \{[\s\S]*\}\s*\}\s*$/);
});

test("a retired tower's old address answers 301 to its language's tower list, from the marker beside the served build", () => {
  expect(site).toContain("location ~ ^/torres/[a-z0-9-]+$ {");
  expect(site).toContain(
    "if (-f $document_root/../retired$uri) {\n            return 301 /tasar-departamentos;",
  );
  expect(site).toContain("location ~ ^/en/towers/[a-z0-9-]+$ {");
  expect(site).toContain("return 301 /en/apartment-appraisal;");
});
