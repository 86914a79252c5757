import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, expect, test } from "vitest";

import { Store } from "../../server/storage/store.ts";
import { writeFixtureBuild } from "./fixture-build.ts";
import { startService } from "../../scripts/service-process.ts";
import { formEncoded, json, send, urlEncoded } from "./http-client.ts";

/**
 * Durable before acknowledged: a burst of concurrent submissions, the service
 * killed with SIGKILL in the middle of it, restarted on the same SQLite file.
 * Every submission that got a 2xx must be there.
 */
const buildDir = writeFixtureBuild();
const dataDir = mkdtempSync(join(tmpdir(), "leads-crash-"));
afterAll(() => {
  rmSync(buildDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

const clients = 20;
const killAfterAcknowledged = 60;

test(
  "after kill -9 mid-burst and a restart, every acknowledged lead is stored",
  { timeout: 120_000 },
  async () => {
    const env = { BUILD_DIR: buildDir, LEADS_DATA_DIR: dataDir, LEADS_RATE_LIMIT: "0" };
    const service = await startService(env);
    const acknowledged: string[] = [];
    let failed = 0;
    let sent = 0;
    let killed = false;

    async function client(index: number) {
      for (let round = 0; !killed || round === 0; round++) {
        sent++;
        try {
          const response = await send(`${service.baseUrl}/api/form/submit/express`, {
            from: `127.0.0.${10 + index}`,
            headers: { ...formEncoded, ...json },
            body: urlEncoded({
              tipoPropiedad: "Departamento",
              direccion: `Cliente ${index}, envío ${round}`,
              superficie: "80",
              ambientes: "3 ambientes",
              nombre: `Cliente ${index}`,
              telefono: "11 5555 0000",
              email: `c${index}@example.com`,
            }),
          });
          if (response.status === 201) acknowledged.push((JSON.parse(response.body) as { id: string }).id);
          else failed++;
        } catch {
          failed++; // the connection died with the process: not acknowledged
          return;
        }
        if (!killed && acknowledged.length >= killAfterAcknowledged) {
          killed = true;
          service.child.kill("SIGKILL");
        }
      }
    }
    await Promise.all(Array.from({ length: clients }, (_, index) => client(index)));
    await service.stop();
    expect(killed).toBe(true);

    // Restarting recovers the WAL; the restarted service must answer as before.
    const restarted = await startService(env);
    expect((await send(`${restarted.baseUrl}/api/health`)).status).toBe(200);
    await restarted.stop();

    const store = await Store.open({ dataDir });
    try {
      const missing: string[] = [];
      for (const id of acknowledged) if (!(await store.leads.get(id))) missing.push(id);
      const { total } = await store.leads.list({}, { limit: 1, offset: 0 });
      console.log(
        `crash test: ${sent} sent, ${acknowledged.length} acknowledged with 201, ${failed} cut off by kill -9; ` +
          `${total} stored after restart, ${acknowledged.length - missing.length} of the acknowledged among them ` +
          `(${total - (acknowledged.length - missing.length)} stored but never acknowledged)`,
      );
      expect(missing).toEqual([]);
      expect(total).toBeGreaterThanOrEqual(acknowledged.length);
    } finally {
      await store.close();
    }
  },
);
