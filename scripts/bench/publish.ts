/**
 * The owner's publication, timed end to end (decision 0020): from «Publicar»
 * (the publisher called, as the route does once the second factor is
 * confirmed) to the new WhatsApp number in the home page the server sends; and
 * an undo, to the old number served. The project's real build each time, on
 * SQLite. `node scripts/bench/publish.ts` runs it alone; BENCH_PUBLISH_RUNS
 * (default 10) sets how many of each.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { buildDir as defaultBuildDir } from "../../server/build-layout.ts";
import { loadServiceConfig } from "../../server/leads/service-config.ts";
import { LeadStore } from "../../server/leads/storage/lead-store.ts";
import { createSiteServer } from "../../server/site-server.ts";
import { startSitePublishing } from "../../server/site/site-publishing.ts";

export type PublishFigures = {
  action: "publicar" | "deshacer";
  runs: number;
  p50Ms: number;
  worstMs: number;
};

export async function measurePublishing(buildDir = defaultBuildDir): Promise<PublishFigures[]> {
  const runs = Number(process.env.BENCH_PUBLISH_RUNS ?? 10);
  const dataDir = mkdtempSync(join(tmpdir(), "bench-publish-"));
  const config = loadServiceConfig({ LEADS_DATA_DIR: dataDir });
  const store = await LeadStore.open(config);
  const env = { ...process.env };
  delete env.BUILD_DIR;
  const publishing = await startSitePublishing({ store, config, env, installedBuildDir: buildDir });
  const server = createSiteServer({
    clientDir: "unused",
    policy: { formServiceUrl: "", scriptHashes: [] },
    served: publishing.served,
    leads: { handleApi: async () => {}, thankYouPage: async () => undefined } as never,
    log: () => {},
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const home = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const versions = store.siteVersions;

  /**
   * Milliseconds from the call until the home page the server sends holds `number`, asked for in a
   * loop from the moment of the call, as a visitor would (what follows the switch, such as removing
   * old builds, is not the visitor's wait).
   */
  async function timeUntilServed(action: () => Promise<unknown>, number: string): Promise<number> {
    const started = performance.now();
    const done = action();
    let failed: unknown;
    done.catch((error: unknown) => (failed = error));
    while (!(await (await fetch(home)).text()).includes(number)) {
      if (failed) throw failed;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const servedMs = performance.now() - started;
    await done;
    return servedMs;
  }

  try {
    const published: number[] = [];
    const undone: number[] = [];
    for (let run = 0; run < runs; run++) {
      const number = String(5491140000000 + run);
      await versions.saveDrafts(
        { SITE_WHATSAPP_NUMBER: number },
        await publishing.publisher.publishedFacts(),
        new Date(),
      );
      const ms = await timeUntilServed(() => publishing.publisher.publish("bench@ejemplo.com"), number);
      published.push(ms);
      console.log(`  publicación ${run + 1}: ${(ms / 1000).toFixed(1)} s`);
    }
    // Undo back and forth between the last two publications, as the owner's one click does.
    const history = await versions.history();
    const [latest, previous] = [history[0]!, history[1]!];
    for (let run = 0; run < runs; run++) {
      const target = run % 2 === 0 ? previous : latest;
      const ms = await timeUntilServed(
        () => publishing.publisher.undo(target.number, "bench@ejemplo.com"),
        target.facts.SITE_WHATSAPP_NUMBER!,
      );
      undone.push(ms);
    }
    return [summary("publicar", published), summary("deshacer", undone)];
  } finally {
    publishing.publisher.stop();
    server.close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function summary(action: PublishFigures["action"], samples: number[]): PublishFigures {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    action,
    runs: samples.length,
    p50Ms: Math.round(sorted[Math.floor((sorted.length - 1) / 2)]!),
    worstMs: Math.round(sorted.at(-1)!),
  };
}

export function printPublishTable(figures: PublishFigures[]): void {
  console.log("\nPublicar y deshacer, hasta la página nueva servida (el build real, SQLite):\n");
  console.log("| acción   | veces | p50      | peor     |");
  console.log("| -------- | ----- | -------- | -------- |");
  for (const row of figures) {
    const cell = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`).padEnd(8);
    console.log(
      `| ${row.action.padEnd(8)} | ${String(row.runs).padEnd(5)} | ${cell(row.p50Ms)} | ${cell(row.worstMs)} |`,
    );
  }
}

if (import.meta.main) printPublishTable(await measurePublishing());
