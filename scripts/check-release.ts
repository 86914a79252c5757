/**
 * Refuses to call a build publishable while it would show fictional example
 * values or tower facts nobody has checked. Run with the production
 * environment variables set: `npm run check:release`.
 */
import { loadSiteConfig, SiteConfigError } from "#app/config/site-config.ts";
import { towerSources } from "#app/content/tower-sources.ts";
import { towerFacts, towers } from "#app/content/towers.ts";

const problems: string[] = [];

try {
  const { examplesInUse } = loadSiteConfig(process.env);
  for (const variable of examplesInUse) problems.push(`${variable} todavía tiene el valor de ejemplo.`);
} catch (error) {
  if (!(error instanceof SiteConfigError)) throw error;
  problems.push(...error.problems);
}

for (const tower of towers) {
  for (const fact of tower.toConfirm) {
    problems.push(
      `${tower.nombre}: "${fact}" sin confirmar (app/content/towers.ts): ${towerSources[tower.slug]?.[fact] ?? "sin nota"}`,
    );
  }
  for (const fact of towerFacts) {
    const confirmedFact = tower[fact] !== undefined && !tower.toConfirm.includes(fact);
    if (confirmedFact && !/https?:\/\//.test(towerSources[tower.slug]?.[fact] ?? "")) {
      problems.push(`${tower.nombre}: "${fact}" sin fuente en app/content/tower-sources.ts.`);
    }
  }
}

if (problems.length > 0) {
  console.error(
    `No está listo para publicar (${problems.length} pendientes):\n${problems.map((p) => `  - ${p}`).join("\n")}`,
  );
  process.exit(1);
}
console.log("Listo para publicar: configuración real y torres verificadas.");
