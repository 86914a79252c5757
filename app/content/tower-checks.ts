import { ownerTextProblem } from "../lib/owner-text.ts";
import { towerAccessLabels, towerAccessProblems, type TowerAccessField } from "./tower-access.ts";
import { docks, towerFacts, type Tower, type TowerFact } from "./tower-catalogue.ts";

/** The longest text a fact may hold: an address, a list of amenities, a hotel's line. */
export const maxTowerTextLength = 300;
/** The longest web address (slug) of a tower's page: short enough for every file and link made of it. */
export const maxTowerSlugLength = 60;
const earliestYear = 1990;
const latestYear = 2040;

/** Each fact as the owner reads it, with the way to write it. */
export const towerFactLabels: Record<TowerFact, { label: string; hint?: string }> = {
  direccion: { label: "Dirección", hint: "Calle y número, sin el dique" },
  dock: { label: "Dique", hint: "1, 2, 3 o 4" },
  status: { label: "Estado" },
  amenities: { label: "Amenities", hint: "Separados por comas" },
  year: { label: "Año de terminación", hint: "2019, o 2008-2011 si se terminó en etapas" },
  floors: { label: "Pisos", hint: "Un número, o uno por torre separados por comas (41, 50)" },
  architect: { label: "Arquitectos" },
  developer: { label: "Desarrolladora" },
  units: { label: "Unidades" },
  unitSizes: { label: "Superficies (m²)", hint: "La menor y la mayor: 160-335" },
  hotel: { label: "Hotel" },
  geo: { label: "Coordenadas" },
};

/** Every other field of a tower, as the editor's pages label it. */
const otherLabels: Record<string, string> = {
  slug: "Dirección web de la página",
  nombre: "Nombre de la torre",
  complex: "Conjunto",
  volumes: "Torres del edificio",
  heightMetres: "Altura",
};

/** A field's name as the owner reads it on the editor's pages. */
export function towerFieldLabel(field: string): string {
  return (
    towerFactLabels[field as TowerFact]?.label ??
    towerAccessLabels[field as TowerAccessField]?.label ??
    otherLabels[field] ??
    field
  );
}

/** One reason a tower cannot be on the site: the field it is about (or the whole tower), in the owner's words. */
export type TowerProblem = { field: string; message: string };

/**
 * Why a tower cannot be on the site, in Spanish; empty when it can. The
 * catalogue's tests and every owner's edit (app/content/tower-edits.ts) use
 * these same rules. Text facts follow the shared rules for the owner's texts
 * (app/lib/owner-text.ts) and are plain words besides: markup and addresses
 * of other sites are refused, so nothing typed can become a tag, a link or a
 * script on a page or in its structured data.
 */
export function towerFieldProblems(tower: Tower): TowerProblem[] {
  const problems: TowerProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(tower.slug))
    add("slug", "lleva solo minúsculas sin acentos, números y guiones (torre-nueva)");
  else if (tower.slug.length > maxTowerSlugLength)
    add("slug", `hasta ${maxTowerSlugLength} caracteres (tiene ${tower.slug.length})`);
  if (!tower.nombre?.trim()) add("nombre", "falta el nombre");
  if (!(docks as readonly number[]).includes(tower.dock)) add("dock", "el dique es 1, 2, 3 o 4");
  if (tower.status !== "terminado" && tower.status !== "en construcción")
    add("status", "la torre está terminada o en construcción");
  for (const [key, value] of Object.entries(tower)) {
    if (typeof value !== "string" || key === "slug") continue;
    const shared = ownerTextProblem(value, { max: maxTowerTextLength });
    if (shared) add(key, shared);
    else if (/[<>{}\\`]/u.test(value)) add(key, "solo texto, sin los signos < > { } \\ `");
    if (/[a-z][a-z0-9+.-]*:\/\/|\b(?:javascript|data|vbscript):|\bwww\./i.test(value))
      add(key, "sin direcciones web");
    if (/confirmar|sin verificar|\?/i.test(value))
      add(key, "un dato pendiente no se escribe como valor; queda «a confirmar»");
  }
  const volumes = tower.volumes ?? 1;
  if (!Number.isInteger(volumes) || volumes < 1 || volumes > 10) add("volumes", "las torres van de 1 a 10");
  if (tower.floors !== undefined) {
    if (![1, volumes].includes(tower.floors.length)) add("floors", `un número, o uno por torre (${volumes})`);
    if (!tower.floors.every((floors) => Number.isInteger(floors) && floors > 0 && floors <= 120))
      add("floors", "van de 1 a 120");
  }
  if (tower.year !== undefined) {
    const years = typeof tower.year === "number" ? [tower.year] : [...tower.year];
    if (!years.every((year) => Number.isInteger(year) && year >= earliestYear && year <= latestYear))
      add("year", `va de ${earliestYear} a ${latestYear}`);
    if (years.length === 2 && !(years[0]! < years[1]!)) add("year", "el primer año va antes que el segundo");
  }
  if (tower.units !== undefined && !(Number.isInteger(tower.units) && tower.units > 0 && tower.units <= 5000))
    add("units", "van de 1 a 5000");
  if (tower.unitSizes !== undefined) {
    const [smallest, largest] = tower.unitSizes;
    if (!(smallest > 0 && smallest < largest && largest <= 10_000))
      add("unitSizes", "la menor y la mayor, en m² (160-335)");
  }
  for (const [field, message] of Object.entries(towerAccessProblems(tower.access))) add(field, message);
  const facts = new Set<string>(towerFacts);
  if (!Array.isArray(tower.toConfirm) || !tower.toConfirm.every((fact) => facts.has(fact)))
    add("torre", "la lista de datos a confirmar nombra datos que no existen");
  for (const fact of ["direccion", "amenities"] as const) {
    if (tower[fact] === undefined && !tower.toConfirm.includes(fact))
      add(fact, "falta; si todavía no lo sabés, dejalo vacío y queda «a confirmar»");
  }
  return problems;
}

/** The same reasons as one line each, the field named as the page labels it: «Pisos»: van de 1 a 120. */
export function towerProblems(tower: Tower): string[] {
  return towerFieldProblems(tower).map(({ field, message }) =>
    field === "torre" ? message : `«${towerFieldLabel(field)}»: ${message}`,
  );
}
