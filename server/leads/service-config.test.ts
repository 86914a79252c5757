import { describe, expect, test } from "vitest";

import { loadServiceConfig, ServiceConfigError } from "./service-config.ts";

describe("lead service configuration", () => {
  test("runs with no variables: SQLite in data/, 10 a minute, no notifications, no proxies", () => {
    const config = loadServiceConfig({});
    expect(config.dataDir).toBe("data");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.rateLimitPerMinute).toBe(10);
    expect(config.smtp).toBeUndefined();
    expect(config.webhook).toBeUndefined();
    expect(config.trustedProxies.check("127.0.0.1", "ipv4")).toBe(false);
  });

  test("reads every variable", () => {
    const config = loadServiceConfig({
      LEADS_DATA_DIR: "/var/lib/tasaciones",
      DATABASE_URL: "postgres://leads@db/leads",
      SMTP_URL: "smtps://user:pass@smtp.example.com",
      LEADS_NOTIFY_TO: "a@example.com, b@example.com",
      LEADS_WEBHOOK_URL: "https://hooks.example.com/leads",
      LEADS_WEBHOOK_SECRET: "0123456789abcdef",
      LEADS_RATE_LIMIT: "0",
      LEADS_TRUSTED_PROXIES: "127.0.0.1, 10.0.0.0/8, ::1",
    });
    expect(config.smtp).toEqual({
      url: "smtps://user:pass@smtp.example.com",
      to: ["a@example.com", "b@example.com"],
    });
    expect(config.webhook?.url).toBe("https://hooks.example.com/leads");
    expect(config.rateLimitPerMinute).toBe(0);
    expect(config.trustedProxies.check("10.9.8.7", "ipv4")).toBe(true);
    expect(config.trustedProxies.check("::1", "ipv6")).toBe(true);
    expect(config.trustedProxies.check("11.0.0.1", "ipv4")).toBe(false);
  });

  test("refuses half or wrong settings with one Spanish line each", () => {
    let problems = "";
    try {
      loadServiceConfig({
        SMTP_URL: "smtp://x",
        LEADS_WEBHOOK_URL: "https://hooks.example.com",
        LEADS_RATE_LIMIT: "diez",
        LEADS_TRUSTED_PROXIES: "proxy.local",
        DATABASE_URL: "mysql://x",
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ServiceConfigError);
      problems = (error as Error).message;
    }
    for (const name of [
      "SMTP_URL y LEADS_NOTIFY_TO",
      "LEADS_WEBHOOK_SECRET",
      "LEADS_RATE_LIMIT",
      "LEADS_TRUSTED_PROXIES",
      "DATABASE_URL",
    ])
      expect(problems).toContain(name);
  });
  describe("off-site backups", () => {
    const recipient = "age1y8mnpqn65ngfn5wl5rkgq6f6uwsrzru3j87a77thtdg07fw97p4shvsgk3";

    test("a URL with the owner's public key turns them on", () => {
      expect(
        loadServiceConfig({ LEADS_BACKUP_URL: "s3://copias/sitio", LEADS_BACKUP_RECIPIENT: recipient })
          .backup,
      ).toEqual({ url: "s3://copias/sitio", recipient });
      expect(loadServiceConfig({}).backup).toBeUndefined();
    });

    test("a URL without a recipient is refused in one sentence: a copy the server could read is never written", () => {
      expect(() => loadServiceConfig({ LEADS_BACKUP_URL: "s3://copias/sitio" })).toThrow(
        new ServiceConfigError([
          "LEADS_BACKUP_URL sin LEADS_BACKUP_RECIPIENT: las copias se cifran con la clave pública del titular (age1…, ver docs/deploy.md), definila o quitá la URL",
        ]),
      );
    });

    test("refuses a recipient that is not an age public key, and a target that is neither s3:// nor an absolute file:// path", () => {
      for (const [url, key, problem] of [
        ["s3://copias", "AGE-SECRET-KEY-1QQQ", /LEADS_BACKUP_RECIPIENT=.*clave pública de age/],
        ["https://copias.example.com", recipient, /LEADS_BACKUP_URL=https:.*s3:\/\/ o file:\/\//],
        ["file://relativa/copias", recipient, /file:\/\/\/RUTA\/ABSOLUTA/],
        ["", recipient, /LEADS_BACKUP_RECIPIENT sin LEADS_BACKUP_URL/],
      ] as const)
        expect(() => loadServiceConfig({ LEADS_BACKUP_URL: url, LEADS_BACKUP_RECIPIENT: key })).toThrow(
          problem,
        );
    });
  });
});
