/**
 * The owner's publication, timed end to end (decision 0020): from «Publicar»
 * (the publisher called, as the route does once the second factor is
 * confirmed) to the new WhatsApp number in the home page the server sends; and
 * an undo, to the old number served. The project's real build each time, on
 * SQLite. `node scripts/bench/publish.ts` runs it alone; BENCH_PUBLISH_RUNS
 * (default 10) sets how many of each; they run as the machine is, then beside two busy loops.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os, { tmpdir } from "node:os";
import { join } from "node:path";

import { buildEnvironment } from "#app/config/site-facts.ts";
import { buildDir as defaultBuildDir } from "../../server/build-layout.ts";
import { loadServiceConfig } from "../../server/leads/service-config.ts";
import { Store } from "../../server/storage/store.ts";
import { buildWithProjectScript } from "../../server/site/site-builder.ts";
import { buildDifferences } from "../build/same-build.ts";
import { deploymentEnvironment, startPublishingServer } from "../publishing-server.ts";

export type PublishFigures = {
  action: "publicar" | "deshacer";
  /** The machine as measured: as it was, or beside busy loops taking the cores. */
  condition: string;
  runs: number;
  p50Ms: number;
  worstMs: number;
  /** The machine's 1-minute load average at the start and the end of the runs (it is shared). */
  load: [number, number];
};

/** The issue's limit, from «Publicar» to the new pages served, on a 2-core machine. */
export const publishLimitMs = 30_000;

const recordedBefore = "antes, en calma (cifra registrada en la decisión 0020, no medida ahora)";

/**
 * Before this round (decision 0020, "Publish and undo"): the whole build at each publication, on
 * the calm machine. Printed beside the new figures.
 */
export const publishBefore: PublishFigures[] = [
  {
    action: "publicar",
    condition: recordedBefore,
    runs: 10,
    p50Ms: 10_400,
    worstMs: 10_900,
    load: [1.9, 2.6],
  },
  {
    action: "deshacer",
    condition: recordedBefore,
    runs: 10,
    p50Ms: 130,
    worstMs: 199,
    load: [2.6, 2.5],
  },
];

/**
 * Publications timed as the machine is, then beside `busyLoops` shell loops that each keep a core
 * busy (`sh -c 'while :; do :; done'`), as another program on the server would.
 */
export async function measurePublishingCalmAndBusy(
  buildDir = defaultBuildDir,
  busyLoops = 2,
): Promise<PublishFigures[]> {
  const calm = await measurePublishing(buildDir, "como está la máquina");
  const loops = Array.from({ length: busyLoops }, () =>
    spawn("sh", ["-c", "while :; do :; done"], { stdio: "ignore" }),
  );
  try {
    return [...calm, ...(await measurePublishing(buildDir, `con ${busyLoops} bucles ocupados`))];
  } finally {
    for (const loop of loops) loop.kill("SIGKILL");
  }
}

export async function measurePublishing(
  buildDir = defaultBuildDir,
  condition = "como está la máquina",
): Promise<PublishFigures[]> {
  const runs = Number(process.env.BENCH_PUBLISH_RUNS ?? 10);
  const dataDir = mkdtempSync(join(tmpdir(), "bench-publish-"));
  const config = loadServiceConfig({ LEADS_DATA_DIR: dataDir });
  const store = await Store.open(config);
  const { publishing, versions, baseUrl, close } = await startPublishingServer({
    store,
    config,
    installedBuildDir: buildDir,
  });
  const home = `${baseUrl}/`;

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
    const publishLoad = loadAverage();
    for (let run = 0; run < runs; run++) {
      const number = String(5491140000000 + run);
      await versions.saveDrafts(
        { SITE_WHATSAPP_NUMBER: number },
        (await publishing.publisher.content.published()).facts,
        new Date(),
      );
      const ms = await timeUntilServed(() => publishing.publisher.publish("bench@ejemplo.com"), number);
      published.push(ms);
      console.log(`  publicación ${run + 1}: ${(ms / 1000).toFixed(1)} s`);
    }
    const publishLoadEnd = loadAverage();
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
    return [
      summary("publicar", condition, published, [publishLoad, publishLoadEnd]),
      summary("deshacer", condition, undone, [publishLoadEnd, loadAverage()]),
    ];
  } finally {
    await close();
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const loadAverage = () => Number(os.loadavg()[0]!.toFixed(1));

function summary(
  action: PublishFigures["action"],
  condition: string,
  samples: number[],
  load: [number, number],
): PublishFigures {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    action,
    condition,
    load,
    runs: samples.length,
    p50Ms: Math.round(sorted[Math.floor((sorted.length - 1) / 2)]!),
    worstMs: Math.round(sorted.at(-1)!),
  };
}

export function printPublishTable(figures: PublishFigures[]): void {
  console.log("\nPublicar y deshacer, hasta la página nueva servida (el build real, SQLite):\n");
  console.log(
    "| acción   | máquina                   | veces | p50      | peor     | límite | carga (1 min) |",
  );
  console.log(
    "| -------- | ------------------------- | ----- | -------- | -------- | ------ | ------------- |",
  );
  const cell = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${ms} ms`).padEnd(8);
  for (const row of [...publishBefore, ...figures]) {
    const verdict = row.worstMs <= publishLimitMs ? "✓" : "✗";
    console.log(
      `| ${row.action.padEnd(8)} | ${row.condition.padEnd(25)} | ${String(row.runs).padEnd(5)} | ${cell(row.p50Ms)} | ` +
        `${cell(row.worstMs)} | ${`${publishLimitMs / 1000} s ${verdict}`.padEnd(6)} | ${`${row.load[0]} → ${row.load[1]}`.padEnd(13)} |`,
    );
  }
}

/**
 * A publication's build (reusing the served build's work, as the publisher runs it) against a
 * clean build with the same environment: every file must be the same bytes
 * (scripts/build/same-build.ts names the one exception, the build's own folder). Two real builds.
 */
export async function checkPublicationIsCleanBuild(servedBuildDir = defaultBuildDir): Promise<string[]> {
  const workDir = mkdtempSync(join(tmpdir(), "bench-same-build-"));
  const env = buildEnvironment(deploymentEnvironment(), { SITE_WHATSAPP_NUMBER: "5491145670000" });
  try {
    const publication = join(workDir, "publicacion");
    const clean = join(workDir, "limpio");
    await buildWithProjectScript(env, publication, servedBuildDir);
    await buildWithProjectScript(env, clean);
    return buildDifferences(publication, clean);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

export function printSameBuild(differences: string[]): void {
  console.log(
    differences.length === 0
      ? "\nPublicación y build limpio con el mismo entorno: idénticos, byte por byte."
      : `\nPublicación y build limpio DIFIEREN en ${differences.length} archivos:\n  ${differences.join("\n  ")}`,
  );
}

if (import.meta.main) {
  printSameBuild(await checkPublicationIsCleanBuild());
  printPublishTable(await measurePublishingCalmAndBusy());
}
