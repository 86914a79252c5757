import { Jobs, type Stoppable } from "../jobs.ts";
import type { SiteVersionRows } from "../storage/site-version-rows.ts";
import type { SiteContentStore } from "./content-store.ts";
import type { OneAtATime } from "./refusals.ts";
import type { SiteBuilds } from "./site-builds.ts";

type FollowerOptions = {
  /** Which version is current, and the unfinished ones. */
  store: SiteVersionRows;
  content: SiteContentStore;
  /** Where a version is built and served. */
  builds: SiteBuilds;
  /** Shared with the publisher: a catch-up waits for no publication, it skips its turn. */
  lock: OneAtATime;
  now: () => Date;
  log: (line: string) => void;
  /** A version still `building` this long after it began is given up for failed. */
  unfinishedAfterMs: number;
  /** Where the poll runs (server/jobs.ts). */
  jobs?: Jobs;
};

/**
 * Every instance serves the version the database names (decision 0020): at
 * start, after cleaning what an interrupted publication left, and then by
 * polling, so that what any instance published is served by all of them.
 */
export class VersionFollower {
  private readonly options: FollowerOptions;
  private following: Stoppable | undefined;

  constructor(options: FollowerOptions) {
    this.options = options;
  }

  /**
   * Cleans what an interrupted publication left (its half-built folder, its
   * unfinished row) and serves the version the database names.
   */
  async start(): Promise<void> {
    const { store, builds, now, log, unfinishedAfterMs } = this.options;
    const removed = builds.removeInterrupted();
    if (removed.length > 0) log(`Publicación interrumpida: se descartó ${removed.join(", ")}.`);
    await store.failUnfinished(new Date(now().getTime() - unfinishedAfterMs));
    builds.serve(undefined);
    await this.follow();
  }

  /** Polls the database every `intervalMs`. */
  startFollowing(intervalMs: number): void {
    const jobs = this.options.jobs ?? new Jobs(this.options.log);
    this.following = jobs.every("Seguir la versión publicada", intervalMs, () =>
      this.follow().catch((error: unknown) =>
        this.options.log(
          `No se pudo seguir la versión publicada: ${error instanceof Error ? error.message : error}`,
        ),
      ),
    );
  }

  stop(): void {
    this.following?.stop();
  }

  /** Serves the database's current version, building it first if this instance lacks its pages. */
  async follow(): Promise<void> {
    const { store, content, builds, lock } = this.options;
    if (!lock.idle) return;
    const currentId = await store.currentId();
    if (currentId === builds.served().version?.id) return;
    await lock.run("seguir", async () => {
      const version = currentId === undefined ? undefined : await store.version(currentId);
      if (version) await builds.ensureBuilt(version.buildId, await content.of(version));
      builds.serve(version);
    });
  }
}
