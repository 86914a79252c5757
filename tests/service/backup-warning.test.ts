import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { generateX25519Identity, identityToRecipient } from "age-encryption";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, expect, test } from "vitest";

import { BackupLine } from "../../app/features/inbox/backup-line.tsx";
import { BackupService } from "../../server/backup/backup-service.ts";
import { backupGlance } from "../../server/inbox/backup-glance.ts";
import { Store } from "../../server/storage/store.ts";
import { startS3Server, type S3Server } from "../../scripts/s3-server.ts";
import { expressLead } from "./express-lead.ts";

/**
 * A backup target that hangs (the audit froze it 154 s: health said "ok" and the inbox «hace 2 min»
 * while changes piled up): moto stopped with SIGSTOP, so requests are sent and never answered, and
 * the service's clock moved by the test. After `warnAfterMs` health and the inbox warn.
 */
let s3: S3Server;
let dataDir: string;

beforeAll(async () => {
  s3 = await startS3Server();
  Object.assign(process.env, s3.env);
  dataDir = mkdtempSync(join(tmpdir(), "leads-hung-target-"));
}, 60_000);

afterAll(async () => {
  s3?.thaw();
  await s3?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

test(
  "a frozen target turns the copy's state to a warning after three minutes, and the inbox says so with what waits",
  { timeout: 120_000 },
  async () => {
    const store = await Store.open({ dataDir });
    const clock = { now: Date.parse("2026-11-20T10:00:00.000Z") };
    const backup = new BackupService({
      store,
      settings: {
        url: `s3://${s3.bucket}/colgado`,
        recipient: await identityToRecipient(await generateX25519Identity()),
      },
      now: () => new Date(clock.now),
      log: () => {},
    });
    await backup.start();
    await backup.stop();
    try {
      await backup.cycle();
      expect((await backup.status()).state).toBe("ok");

      s3.freeze();
      const values = {
        tipoPropiedad: "Departamento",
        direccion: "Olga Cossettini 1",
        superficie: "70",
        ambientes: "2 ambientes",
        nombre: "Rosa Colgada",
        telefono: "11 5000 0001",
        email: "colgada@example.com",
      };
      for (let n = 0; n < 3; n++) await store.leads.insert(expressLead(values));
      clock.now += 60_000;
      // The round sends its change set and waits for an answer that does not come.
      const hung = backup.cycle();
      const outcome = Promise.race([
        hung.then(() => "ended"),
        new Promise((resolve) => setTimeout(resolve, 500, "waiting")),
      ]);
      expect(await outcome).toBe("waiting");

      clock.now += 2 * 60_000;
      expect((await backup.status()).state).toBe("ok");
      clock.now += 2 * 60_000;
      const stalled = await backup.status();
      expect(stalled).toMatchObject({ state: "stalled", pending: 3 });

      const line = renderToStaticMarkup(
        createElement(BackupLine, { backup: backupGlance(stalled, new Date(clock.now)) }),
      );
      expect(line).toContain('data-backup-state="stalled"');
      expect(line.replace(/<[^>]+>/g, "")).toMatch(
        /^Copia fuera del servidor demorada: hace 5 min · 3 cambios esperan; se reintenta · Última restauración verificada: /,
      );

      // Answered again: the hung round ends, the next one copies, and the warning goes.
      s3.thaw();
      await hung;
      await backup.cycle();
      expect(await backup.status()).toMatchObject({ state: "ok", pending: 0 });
    } finally {
      s3.thaw();
      await store.close();
    }
  },
);
