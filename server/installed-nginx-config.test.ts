import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { hstsValue } from "./headers.ts";
import { renderInstalledSite, type InstalledSiteOptions } from "./installed-nginx-config.ts";
import { nginxBodyTimeoutSeconds } from "./nginx-config.ts";

const options: InstalledSiteOptions = {
  domain: "tasaciones.example.com.ar",
  port: 3000,
  proxySecret: "0123456789abcdef",
  acmeWebroot: "/var/www/tasaciones-acme",
  tls: {
    certificate: "/etc/letsencrypt/live/tasaciones/fullchain.pem",
    key: "/etc/letsencrypt/live/tasaciones/privkey.pem",
  },
  ipv6: true,
};

describe("the installer's nginx site", () => {
  it("carries the headers, limits and timeouts of the build's configuration", () => {
    const site = renderInstalledSite(options);
    expect(site.match(/add_header Strict-Transport-Security "([^"]+)" always;/g)).toEqual([
      `add_header Strict-Transport-Security "${hstsValue}" always;`,
      `add_header Strict-Transport-Security "${hstsValue}" always;`,
    ]);
    expect(site).toContain(`client_body_timeout ${nginxBodyTimeoutSeconds()}s;`);
    expect(site).toContain("client_max_body_size 64m;");
    expect(site).toContain('proxy_set_header X-Proxy-Secret "0123456789abcdef";');
    expect(site).toContain("server 127.0.0.1:3001 backup;");
    expect(site).toContain("ssl_reject_handshake on;");
    expect(site).toContain("ssl_session_tickets off;");
    expect(site).not.toContain("{{");
  });

  it("before the certificate: HTTP only, for the challenge; without IPv6: no [::]", () => {
    const site = renderInstalledSite({ ...options, tls: undefined, ipv6: false });
    expect(site).not.toContain("443");
    expect(site).not.toContain("X-Proxy-Secret");
    expect(site).not.toContain("[::]");
    expect(site).toContain("root /var/www/tasaciones-acme;");
  });

  it("refuses every value that could become a directive in root's nginx", () => {
    for (const bad of [
      { domain: "ejemplo.com; include /etc/shadow" },
      { domain: "ejemplo.com\n}" },
      { proxySecret: 'x" ; return 200 "' },
      { proxySecret: "" },
      { acmeWebroot: "/var/www/x; root /" },
      { tls: { certificate: "/etc/x.pem;", key: "/etc/k.pem" } },
      { port: 80 },
      { port: Number.NaN },
    ])
      expect(() => renderInstalledSite({ ...options, ...bad }), JSON.stringify(bad)).toThrow(
        /Not written into nginx's configuration/,
      );
  });

  it("is a configuration Debian's nginx accepts", () => {
    const folder = mkdtempSync(join(tmpdir(), "installed-nginx-"));
    const certificate = join(folder, "fullchain.pem");
    const key = join(folder, "privkey.pem");
    execFileSync(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-subj",
        `/CN=${options.domain}`,
        "-keyout",
        key,
        "-out",
        certificate,
        "-days",
        "1",
      ],
      { stdio: "ignore" },
    );
    writeFileSync(join(folder, "site.conf"), renderInstalledSite({ ...options, tls: { certificate, key } }));
    writeFileSync(
      join(folder, "nginx.conf"),
      `pid ${folder}/nginx.pid;\nerror_log ${folder}/error.log;\nevents {}\nhttp {\n  access_log off;\n  include ${folder}/site.conf;\n}\n`,
    );
    const checked = spawnSync(
      "nginx",
      ["-t", "-q", "-p", folder, "-e", join(folder, "error.log"), "-c", join(folder, "nginx.conf")],
      {
        encoding: "utf8",
      },
    );
    expect(checked.error, "nginx is not installed (tests/run.ts installs it)").toBeUndefined();
    expect(checked.stderr).toBe("");
    expect(checked.status).toBe(0);
  });
});
