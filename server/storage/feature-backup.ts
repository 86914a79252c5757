import type { BackedUpTable } from "./backed-up-tables.ts";
import type { FeatureTables } from "./migrations.ts";

/**
 * What a feature declares of its tables for the off-site copy (decisions 0038, 0042): the
 * migrations that create them and, parents before children, which of them a backup carries.
 */
export type FeatureBackup = { tables: FeatureTables; backedUp: readonly BackedUpTable[] };
