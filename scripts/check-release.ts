/**
 * Refuses to call a build publishable while it would show fictional example
 * values or tower facts nobody has checked. Run with the production
 * environment variables set: `npm run check:release`.
 */
import { loadSiteConfig, SiteConfigError } from "../app/config/site-config.ts";
import { towers } from "../app/content/towers.ts";

const problems: string[] = [];

try {
  const { examplesInUse } = loadSiteConfig(process.env);
  for (const variable of examplesInUse) problems.push(`${variable} todavía tiene el valor de ejemplo.`);
} catch (error) {
  if (!(error instanceof SiteConfigError)) throw error;
  problems.push(...error.problems);
}

for (const tower of towers.filter((tower) => !tower.verified)) {
  problems.push(`Torre sin verificar en app/content/towers.ts: ${tower.nombre} (${tower.direccion}).`);
}
for (const tower of towers.filter((tower) => /a confirmar/i.test(tower.amenities))) {
  problems.push(`Amenities a confirmar en app/content/towers.ts: ${tower.nombre}.`);
}

if (problems.length > 0) {
  console.error(
    `No está listo para publicar (${problems.length} pendientes):\n${problems.map((p) => `  - ${p}`).join("\n")}`,
  );
  process.exit(1);
}
console.log("Listo para publicar: configuración real y torres verificadas.");
