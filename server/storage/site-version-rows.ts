import type { Kysely, Selectable } from "kysely";

import type { FactValues } from "#app/config/site-facts.ts";
import type { SiteVariable } from "#app/config/site-config.ts";
import type { TowerChange, TowerOverride, TowerOverrides } from "#app/content/tower-edits.ts";
import type { LeadDatabase, SiteVersionKind, SiteVersionsTable, SiteVersionState } from "./schema.ts";

/**
 * The published site in the lead database (decision 0020): the owner's drafts,
 * every version, and which one is served. Every instance on one PostgreSQL reads
 * the same rows, and a table backup holds all of it. server/site/ decides;
 * every statement is here (decision 0021).
 */

export type FactChange = { variable: SiteVariable; before: string; after: string };

export type SiteVersion = {
  id: string;
  number: number;
  createdAt: Date;
  publishedBy: string;
  kind: SiteVersionKind;
  restoredNumber: number | null;
  facts: FactValues;
  changes: FactChange[];
  /** The owner's tower overrides it was built from (migration 0011). */
  towers: TowerOverrides;
  towerChanges: TowerChange[];
  /** The build whose pages it serves: its own id, or the restored version's build. */
  buildId: string;
  state: SiteVersionState;
};

const currentKey = "site_current_version";

export class SiteVersionRows {
  private readonly db: Kysely<LeadDatabase>;

  constructor(db: Kysely<LeadDatabase>) {
    this.db = db;
  }

  async drafts(): Promise<FactValues> {
    const rows = await this.db.selectFrom("site_fact_drafts").select(["variable", "value"]).execute();
    return Object.fromEntries(rows.map((row) => [row.variable, row.value])) as FactValues;
  }

  /** Stores the owner's edits; a value equal to the published one is no longer a draft. */
  async saveDrafts(edits: FactValues, published: FactValues, now: Date): Promise<void> {
    await this.db.transaction().execute(async (transaction) => {
      for (const [variable, raw] of Object.entries(edits)) {
        const value = (raw ?? "").trim();
        await transaction.deleteFrom("site_fact_drafts").where("variable", "=", variable).execute();
        if (value === (published[variable as SiteVariable] ?? "")) continue;
        await transaction
          .insertInto("site_fact_drafts")
          .values({ variable, value, updated_at: now.toISOString() })
          .execute();
      }
    });
  }

  async discardDrafts(): Promise<void> {
    await this.db.deleteFrom("site_fact_drafts").execute();
    await this.db.deleteFrom("site_tower_drafts").execute();
  }

  /** The owner's unpublished tower edits: each tower's whole override as it would be published. */
  async towerDrafts(): Promise<Record<string, TowerOverride | null>> {
    const rows = await this.db.selectFrom("site_tower_drafts").select(["slug", "value"]).execute();
    return Object.fromEntries(rows.map((row) => [row.slug, JSON.parse(row.value) as TowerOverride | null]));
  }

  /**
   * Stores a tower's intended override (null: back to the catalogue); one equal
   * to the published one is no draft.
   */
  async saveTowerDraft(
    slug: string,
    override: TowerOverride | null,
    published: TowerOverride | undefined,
    now: Date,
  ): Promise<void> {
    await this.db.transaction().execute(async (transaction) => {
      await transaction.deleteFrom("site_tower_drafts").where("slug", "=", slug).execute();
      if (JSON.stringify(override) === JSON.stringify(published ?? null)) return;
      await transaction
        .insertInto("site_tower_drafts")
        .values({ slug, value: JSON.stringify(override), updated_at: now.toISOString() })
        .execute();
    });
  }

  /** The id of the version served, or undefined while the deployed build is (nothing published yet). */
  async currentId(): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("settings")
      .select("value")
      .where("key", "=", currentKey)
      .executeTakeFirst();
    return row?.value || undefined;
  }

  async current(): Promise<SiteVersion | undefined> {
    const id = await this.currentId();
    return id === undefined ? undefined : this.version(id);
  }

  async version(id: string): Promise<SiteVersion | undefined> {
    const row = await this.db.selectFrom("site_versions").selectAll().where("id", "=", id).executeTakeFirst();
    return row && toVersion(row);
  }

  async versionByNumber(number: number): Promise<SiteVersion | undefined> {
    const row = await this.db
      .selectFrom("site_versions")
      .selectAll()
      .where("number", "=", number)
      .executeTakeFirst();
    return row && toVersion(row);
  }

  /** Versions that were served, newest first. */
  async history(limit = 50): Promise<SiteVersion[]> {
    const rows = await this.db
      .selectFrom("site_versions")
      .selectAll()
      .where("state", "=", "ready")
      .orderBy("number", "desc")
      .limit(limit)
      .execute();
    return rows.map(toVersion);
  }

  /** Records a version before its pages exist; its number is the next after every served one. */
  async begin(version: Omit<SiteVersion, "number" | "state">, state: SiteVersionState): Promise<SiteVersion> {
    for (let attempt = 0; ; attempt++) {
      // Failed attempts hold negative numbers (markFailed): the next is after the served ones.
      const last = await this.db
        .selectFrom("site_versions")
        .select((eb) => eb.fn.max("number").as("number"))
        .where("number", ">", 0)
        .executeTakeFirst();
      const number = Number(last?.number ?? 0) + 1;
      try {
        await this.db
          .insertInto("site_versions")
          .values({
            id: version.id,
            number,
            created_at: version.createdAt.toISOString(),
            published_by: version.publishedBy,
            kind: version.kind,
            restored_number: version.restoredNumber,
            facts: JSON.stringify(version.facts),
            changes: JSON.stringify(version.changes),
            towers: JSON.stringify(version.towers),
            tower_changes: JSON.stringify(version.towerChanges),
            build_id: version.buildId,
            state,
          })
          .execute();
        return { ...version, number, state };
      } catch (error) {
        // Another instance took the same number at the same moment: take the next one.
        if (attempt >= 5) throw error;
      }
    }
  }

  /**
   * A version that was never served gives its number back (decision 0035): the history numbers
   * only published versions, with no gap where an attempt failed. It keeps a negative number of
   * its own (the column is unique), below every other failed one.
   */
  async markFailed(id: string): Promise<void> {
    await this.db.transaction().execute(async (transaction) => {
      const lowest = await transaction
        .selectFrom("site_versions")
        .select((eb) => eb.fn.min("number").as("number"))
        .executeTakeFirst();
      const number = Math.min(Number(lowest?.number ?? 0), 0) - 1;
      await transaction
        .updateTable("site_versions")
        .set({ state: "failed", number })
        .where("id", "=", id)
        .where("state", "!=", "ready")
        .execute();
    });
  }

  /**
   * Makes a built version the one served, only if the served one is still
   * `expected` (compare-and-set): a publication that raced another one loses,
   * never overwrites it. Drafts it published are cleared in the same transaction.
   */
  async switchTo(
    id: string,
    expected: string | undefined,
    published: FactValues | undefined,
    publishedTowers?: Record<string, TowerOverride | null>,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (transaction) => {
      const switched = await transaction
        .updateTable("settings")
        .set({ value: id })
        .where("key", "=", currentKey)
        .where("value", "=", expected ?? "")
        .executeTakeFirst();
      if (Number(switched.numUpdatedRows) !== 1) return false;
      await transaction.updateTable("site_versions").set({ state: "ready" }).where("id", "=", id).execute();
      for (const [variable, value] of Object.entries(published ?? {})) {
        await transaction
          .deleteFrom("site_fact_drafts")
          .where("variable", "=", variable)
          .where("value", "=", value ?? "")
          .execute();
      }
      for (const [slug, value] of Object.entries(publishedTowers ?? {})) {
        await transaction
          .deleteFrom("site_tower_drafts")
          .where("slug", "=", slug)
          .where("value", "=", JSON.stringify(value))
          .execute();
      }
      return true;
    });
  }

  /** Versions left `building` by a publication that never finished (a crash, kill -9), older than `before`. */
  async failUnfinished(before: Date): Promise<number> {
    const unfinished = await this.db
      .selectFrom("site_versions")
      .select("id")
      .where("state", "=", "building")
      .where("created_at", "<", before.toISOString())
      .execute();
    for (const { id } of unfinished) await this.markFailed(id);
    return unfinished.length;
  }
}

function toVersion(row: Selectable<SiteVersionsTable>): SiteVersion {
  return {
    id: row.id,
    number: Number(row.number),
    createdAt: new Date(row.created_at),
    publishedBy: row.published_by,
    kind: row.kind,
    restoredNumber: row.restored_number === null ? null : Number(row.restored_number),
    facts: JSON.parse(row.facts) as FactValues,
    changes: JSON.parse(row.changes) as FactChange[],
    towers: JSON.parse(row.towers) as TowerOverrides,
    towerChanges: JSON.parse(row.tower_changes) as TowerChange[],
    buildId: row.build_id,
    state: row.state,
  };
}
