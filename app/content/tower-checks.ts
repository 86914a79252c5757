import { docks, towerFacts, type Tower } from "./tower-catalogue.ts";

/** The longest text a fact may hold: an address, a list of amenities, a hotel's line. */
export const maxTowerTextLength = 300;
const earliestYear = 1990;
const latestYear = 2040;

/**
 * Why a tower cannot be on the site, in Spanish; empty when it can. The
 * catalogue's tests and every owner's edit (app/content/tower-edits.ts) use
 * these same rules. Text facts are plain words: markup, addresses of other
 * sites and line breaks are refused, so nothing typed can become a tag, a
 * link or a script on a page or in its structured data.
 */
export function towerProblems(tower: Tower): string[] {
  const problems: string[] = [];
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(tower.slug))
    problems.push("la dirección de la página (slug) lleva solo minúsculas, números y guiones");
  if (!tower.nombre?.trim()) problems.push("falta el nombre");
  if (!(docks as readonly number[]).includes(tower.dock)) problems.push("el dique es 1, 2, 3 o 4");
  if (tower.status !== "terminado" && tower.status !== "en construcción")
    problems.push("el estado es «terminado» o «en construcción»");
  for (const [key, value] of Object.entries(tower)) {
    if (typeof value !== "string") continue;
    if (value.length > maxTowerTextLength) problems.push(`${key}: hasta ${maxTowerTextLength} caracteres`);
    if (/[<>{}\\`]|\p{Cc}/u.test(value))
      problems.push(`${key}: solo texto, sin los signos < > { } \\ \` ni saltos de línea`);
    if (/[a-z][a-z0-9+.-]*:\/\/|\b(?:javascript|data|vbscript):|\bwww\./i.test(value))
      problems.push(`${key}: sin direcciones web`);
    if (/confirmar|sin verificar|\?/i.test(value))
      problems.push(`${key}: un dato pendiente no se escribe como valor; queda «a confirmar»`);
  }
  const volumes = tower.volumes ?? 1;
  if (!Number.isInteger(volumes) || volumes < 1 || volumes > 10) problems.push("las torres van de 1 a 10");
  if (tower.floors !== undefined) {
    if (![1, volumes].includes(tower.floors.length))
      problems.push(`los pisos son un número, o uno por torre (${volumes})`);
    if (!tower.floors.every((floors) => Number.isInteger(floors) && floors > 0 && floors <= 120))
      problems.push("los pisos van de 1 a 120");
  }
  if (tower.year !== undefined) {
    const years = typeof tower.year === "number" ? [tower.year] : [...tower.year];
    if (!years.every((year) => Number.isInteger(year) && year >= earliestYear && year <= latestYear))
      problems.push(`el año va de ${earliestYear} a ${latestYear}`);
    if (years.length === 2 && !(years[0]! < years[1]!))
      problems.push("el primer año va antes que el segundo");
  }
  if (tower.units !== undefined && !(Number.isInteger(tower.units) && tower.units > 0 && tower.units <= 5000))
    problems.push("las unidades van de 1 a 5000");
  if (tower.unitSizes !== undefined) {
    const [smallest, largest] = tower.unitSizes;
    if (!(smallest > 0 && smallest < largest && largest <= 10_000))
      problems.push("las superficies son la menor y la mayor, en m² (160-335)");
  }
  const facts = new Set<string>(towerFacts);
  if (!Array.isArray(tower.toConfirm) || !tower.toConfirm.every((fact) => facts.has(fact)))
    problems.push("la lista de datos a confirmar nombra datos que no existen");
  for (const fact of ["direccion", "amenities"] as const) {
    if (tower[fact] === undefined && !tower.toConfirm.includes(fact))
      problems.push(`${fact}: sin valor, queda «a confirmar»`);
  }
  return problems;
}
