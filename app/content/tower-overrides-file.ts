import { readFileSync } from "node:fs";

import { parseTowerOverrides, towerOverrideProblems, type TowerOverrides } from "./tower-edits.ts";
import { catalogueTowers } from "./tower-catalogue.ts";

/**
 * The one channel from a publication to the build: the publisher writes the
 * owner's tower overrides as JSON and names the file in
 * SITE_TOWER_OVERRIDES_FILE. Read in plain Node only (the build script, the
 * Vite configuration, the servers); without the variable there are none and
 * the build is the catalogue's, byte for byte.
 */
export const towerOverridesVariable = "SITE_TOWER_OVERRIDES_FILE";

export class TowerOverridesError extends Error {
  override readonly name = "TowerOverridesError";
}

/** The file's overrides, checked with the catalogue's rules; null without the variable. */
export function towerOverridesFromEnvironment(
  env: Record<string, string | undefined>,
): TowerOverrides | null {
  const file = env[towerOverridesVariable];
  if (!file) return null;
  let overrides: TowerOverrides;
  try {
    overrides = parseTowerOverrides(readFileSync(file, "utf8"));
  } catch (error) {
    throw new TowerOverridesError(
      `${towerOverridesVariable}="${file}": ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const problems = towerOverrideProblems(catalogueTowers, overrides);
  if (problems.length > 0) throw new TowerOverridesError(`${towerOverridesVariable}: ${problems.join("; ")}`);
  return overrides;
}
