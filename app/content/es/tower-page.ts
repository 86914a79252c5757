import { site } from "../../config/site.ts";
import {
  floorsPerVolume,
  isConfirmed,
  towers,
  type Dock,
  type Tower,
  type TowerFact,
  type YearSpan,
} from "../towers.ts";
import { claims } from "./claims.ts";

/**
 * The Spanish copy of the tower pages (/torres/{slug}), written from each
 * tower's facts. One rule for facts still to confirm, on every page: they are
 * shown, marked "a confirmar", and nothing else is written from them (the
 * titles, the considerations and the structured data use confirmed facts only).
 */

export const pendingLabel = "a confirmar";

/** The tower with its texts in this language: the catalogue is written in Spanish. */
export const localTower = (tower: Tower): Tower => tower;

export const dockName = (dock: Dock) => `Dique ${dock}`;

/** Where each dock sits in the neighbourhood: what a visitor recognises. */
const dockSettings: Record<Dock, string> = {
  1: "en el sur del barrio, el más cercano a la Reserva Ecológica y a la Costanera Sur",
  2: "en el centro del barrio, entre el Faena District y el grupo de torres de Azucena Villaflor",
  3: "en el centro norte del barrio, el del Puente de la Mujer",
  4: "en el norte del barrio, frente a Catalinas y junto a la Torre YPF",
};

/** A fact's value only when it is confirmed: copy is never written from a pending fact. */
function confirmed<Fact extends TowerFact>(tower: Tower, fact: Fact): Tower[Fact] | undefined {
  return isConfirmed(tower, fact) ? tower[fact] : undefined;
}

export function formatYear(year: YearSpan): string {
  return typeof year === "number" ? `${year}` : `${year[0]}–${year[1]}`;
}

function lastYear(year: YearSpan): number {
  return typeof year === "number" ? year : year[1];
}

/** "Y" between the last two items: "a, b y c". */
export function listing(items: readonly (string | number)[]): string {
  const words = items.map(String);
  return words.length <= 1 ? (words[0] ?? "") : `${words.slice(0, -1).join(", ")} y ${words.at(-1)}`;
}

export function formatFloors(tower: Pick<Tower, "volumes" | "floors" | "terraced">): string | undefined {
  const floors = floorsPerVolume(tower);
  if (!floors) return undefined;
  if (tower.terraced) return `${floors[0]} niveles escalonados`;
  if (floors.length === 1) return `${floors[0]} pisos`;
  const kind = Math.max(...floors) <= 14 ? "edificios" : "torres";
  const distinct = [...new Set(floors)];
  return distinct.length === 1
    ? `${floors.length} ${kind} de ${floors[0]} pisos`
    : `${floors.length} ${kind}, de ${listing(floors)} pisos`;
}

export const formatUnits = (units: number) => `${units} unidades`;
export const formatSizes = ([smallest, largest]: readonly [number, number]) =>
  `De ${smallest} a ${largest} m²`;

/** "Azucena Villaflor 559, Dique 2": what a card and a page show as the address. */
export function addressLine(tower: Tower): string {
  return tower.direccion ? `${tower.direccion}, ${dockName(tower.dock)}` : dockName(tower.dock);
}

export type FactRow = { fact: TowerFact; label: string; value: string; confirmed: boolean };

/** The facts a tower page lists, in reading order; unknown facts are left out, pending ones marked. */
export function factRows(tower: Tower): FactRow[] {
  const rows: [TowerFact, string, string | undefined][] = [
    ["direccion", "Dirección", tower.direccion],
    ["dock", "Dique", dockName(tower.dock)],
    ["status", "Estado", tower.status === "terminado" ? "Terminado" : "En construcción"],
    ["year", "Año", tower.year === undefined ? undefined : formatYear(tower.year)],
    ["floors", "Pisos", formatFloors(tower)],
    ["units", "Unidades", tower.units === undefined ? undefined : formatUnits(tower.units)],
    ["unitSizes", "Superficies", tower.unitSizes && formatSizes(tower.unitSizes)],
    ["architect", "Arquitectura", tower.architect],
    ["developer", "Desarrolladora", tower.developer],
    ["hotel", "Hotel", tower.hotel],
  ];
  return rows.flatMap(([fact, label, value]) => {
    const pending = !isConfirmed(tower, fact);
    // The address is always listed: a pending one without any value still says "a confirmar".
    if (value === undefined && !(pending && fact === "direccion")) return [];
    return [{ fact, label, value: value ?? "", confirmed: !pending }];
  });
}

/** The other buildings on the same dock, in catalogue order. */
export function dockNeighbours(tower: Tower, catalogue: readonly Tower[] = towers): Tower[] {
  return catalogue.filter((other) => other.dock === tower.dock && other.slug !== tower.slug);
}

export type Consideration = { title: string; text: string };

/**
 * What an appraisal in this building takes into account: view and floor,
 * age and state, amenities and their cost, comparables. Each item is written
 * from the tower's confirmed facts, so two towers read differently.
 */
export function considerations(
  tower: Tower,
  catalogue: readonly Tower[] = towers,
  currentYear = new Date().getFullYear(),
): Consideration[] {
  const items: Consideration[] = [];
  const floors = isConfirmed(tower, "floors") ? floorsPerVolume(tower) : undefined;
  const dock = confirmed(tower, "dock");
  const year = confirmed(tower, "year");
  const status = confirmed(tower, "status");
  const amenities = confirmed(tower, "amenities");
  const hotel = confirmed(tower, "hotel");
  const units = confirmed(tower, "units");
  const sizes = confirmed(tower, "unitSizes");
  const place = dock ? `${dockName(dock)}, ${dockSettings[dock]}` : undefined;

  const tallest = floors ? Math.max(...floors) : undefined;
  if (tallest !== undefined && tower.terraced) {
    items.push({
      title: "Terrazas y niveles",
      text: `Con ${tallest} niveles escalonados, la superficie descubierta pesa tanto como la cubierta: medimos la terraza, su uso y su orientación.`,
    });
  } else if (tallest !== undefined && tallest >= 20) {
    const volumes =
      floors!.length > 1 && new Set(floors).size > 1
        ? `Sus ${floors!.length} torres tienen ${listing(floors!)} pisos: la torre y el piso cambian la vista.`
        : `Con ${tallest} pisos, el piso cambia el precio dentro del mismo edificio.`;
    items.push({
      title: "Piso y vista",
      text: `${volumes} Desde arriba la vista se abre al río y a la Reserva; abajo mira a la ciudad o al dique${place ? ` (${place})` : ""}.`,
    });
  } else if (tallest !== undefined) {
    items.push({
      title: "Frente y orientación",
      text: `En ${floors!.length > 1 ? `edificios de ${listing(floors!)}` : `un edificio de ${tallest}`} pisos la altura pesa menos que el frente: no vale lo mismo una unidad sobre el agua que una interna${place ? `. Está en el ${place}` : ""}.`,
    });
  } else if (place) {
    items.push({
      title: "Ubicación y vista",
      text: `Está en el ${place}. En la visita relevamos el piso, la orientación y qué se ve desde la unidad.`,
    });
  }

  if (status === "en construcción") {
    items.push({
      title: "Compra en pozo",
      text: "Está en construcción: tasamos la unidad sobre plano, con el avance de obra, la fecha de entrega, lo pagado según el boleto y lo que se pide hoy por unidades equivalentes.",
    });
  } else if (year !== undefined) {
    const age = currentYear - lastYear(year);
    const built =
      typeof year === "number" ? `Terminado en ${year}` : `Construido entre ${year[0]} y ${year[1]}`;
    items.push({
      title: "Antigüedad y estado",
      text:
        age <= 8
          ? `${built}: es un edificio reciente. Pesan las terminaciones originales y la reventa de unidades del mismo edificio.`
          : `${built}: con ${age} años, revisamos ascensores, fachada y áreas comunes, y si la unidad fue renovada.`,
    });
  }

  if (hotel) {
    items.push({
      title: "Servicios de hotel",
      text: `${hotel}. Suman valor y también expensas: la tasación considera las dos cosas.`,
    });
  } else if (amenities) {
    const list = amenities
      .split(/,|;| y /)
      .map((item) => item.trim())
      .filter(Boolean);
    items.push({
      title: "Amenities y expensas",
      text:
        list.length >= 5
          ? `Amenities como ${list.slice(0, 3).join(", ").toLowerCase()} elevan el valor, y también las expensas: comparamos las dos cosas con torres equivalentes.`
          : `${amenities}: valen lo que el comprador va a usar; los comparamos con lo que cuestan en expensas.`,
    });
  }

  const sameComplex = tower.complex
    ? catalogue.filter((other) => other.complex === tower.complex && other.slug !== tower.slug)
    : [];
  if (sameComplex.length > 0) {
    items.push({
      title: "Comparables",
      text: `Las ventas en ${listing(sameComplex.map((other) => other.nombre))}, del mismo complejo ${tower.complex}, son los comparables más directos.`,
    });
  } else if (units !== undefined) {
    items.push({
      title: "Comparables",
      text:
        units >= 120
          ? `Con ${units} unidades hay ventas propias para comparar: buscamos unidades del mismo edificio con superficie y vista parecidas.`
          : `Con ${units} unidades, las ventas en el mismo edificio son pocas: sumamos las de edificios equivalentes del barrio.`,
    });
  } else if (sizes) {
    items.push({
      title: "Superficie",
      text: `Hay unidades de ${sizes[0]} a ${sizes[1]} m²: comparamos con superficies parecidas, porque el valor por metro cambia con el tamaño.`,
    });
  } else if (dock) {
    const neighbours = dockNeighbours(tower, catalogue).slice(0, 3);
    if (neighbours.length > 0) {
      items.push({
        title: "Comparables",
        text: `Sumamos las ventas recientes de ${listing(neighbours.map((other) => other.nombre))}, sobre el mismo dique.`,
      });
    }
  }

  if (tower.toConfirm.length > 0) {
    items.push({
      title: "Lo que confirmamos en la visita",
      text: `No hay una fuente pública que confirme ${listing(tower.toConfirm.map((fact) => factNames[fact]))}: lo relevamos en la visita y con la administración del edificio.`,
    });
  }
  return items;
}

/** How the copy names each fact ("la dirección, el dique y los amenities"). */
const factNames: Record<TowerFact, string> = {
  direccion: "la dirección",
  dock: "el dique",
  status: "el estado de la obra",
  amenities: "los amenities",
  year: "el año de terminación",
  floors: "la cantidad de pisos",
  architect: "el estudio de arquitectura",
  developer: "la desarrolladora",
  units: "la cantidad de unidades",
  unitSizes: "las superficies",
  hotel: "el hotel",
  geo: "la ubicación exacta",
};

/** Page titles fit in about 60 characters with the brand: the longest that fits wins. */
export const maxTitleLength = 60;
/** Descriptions fit in about 155 characters, so results do not cut them. */
export const maxDescriptionLength = 155;

export function towerTitle(tower: Tower, businessName = site.businessName): string {
  const suffix = ` | ${businessName}`;
  const candidates = [
    `Tasación de departamentos en ${tower.nombre}`,
    `Tasar departamento en ${tower.nombre}`,
    `Tasación en ${tower.nombre}`,
  ];
  const fits = candidates.find((title) => (title + suffix).length <= maxTitleLength);
  return `${fits ?? tower.nombre}${suffix}`;
}

export function towerDescription(tower: Tower): string {
  const floors = confirmed(tower, "floors") && formatFloors(tower);
  const where = tower.direccion && isConfirmed(tower, "direccion") ? `${tower.direccion}, ` : "";
  const dock = isConfirmed(tower, "dock") ? dockName(tower.dock) : "Puerto Madero";
  const parts = [
    `Tasación de tu departamento en ${tower.nombre} (${where}${dock})`,
    floors ? `: ${floors}` : "",
    `. Informe firmado en ${claims.delivery}.`,
  ];
  const full = parts.join("");
  if (full.length <= maxDescriptionLength) return full;
  const short = `Tasación de tu departamento en ${tower.nombre}, ${dock}. Informe firmado en ${claims.delivery}.`;
  return short.length <= maxDescriptionLength ? short : `Tasación de tu departamento en ${tower.nombre}.`;
}

export const towerPage = {
  breadcrumbLabel: "Ruta de navegación",
  home: "Inicio",
  towers: "Torres",
  towersPath: "/tasar-departamentos",
  eyebrow: (tower: Tower) =>
    isConfirmed(tower, "dock") ? `${dockName(tower.dock)} · Puerto Madero` : "Puerto Madero",
  lead: (tower: Tower) =>
    `Tasamos departamentos en ${tower.nombre} con informe firmado en ${claims.delivery}: comparables del mismo edificio, visita y un valor fundamentado.`,
  cta: "Pedir la tasación",
  underConstruction: "En construcción",
  factsTitle: "Datos del edificio",
  pendingNote:
    "Los datos marcados «a confirmar» no pudimos verificarlos en una fuente pública: los confirmamos en la visita.",
  amenitiesTitle: "Amenities",
  mapTitle: "Dónde está",
  mapImageTitle: (tower: Tower) =>
    `Plano de los cuatro diques de Puerto Madero, con el ${dockName(tower.dock)} resaltado`,
  mapCaption: (tower: Tower) =>
    `${dockName(tower.dock)} resaltado${isConfirmed(tower, "dock") ? "" : ` (${pendingLabel})`}. Plano esquemático de los cuatro diques: marca el dique, no la ubicación exacta del edificio.`,
  considerationsTitle: (tower: Tower) => `Qué mira una tasación en ${tower.nombre}`,
  formTitle: (tower: Tower) => `Tasá tu departamento en ${tower.nombre}`,
  formIntro: "El edificio ya está elegido: contanos cómo es tu unidad y seguimos por WhatsApp.",
  neighboursTitle: (tower: Tower) =>
    `Otras torres del ${dockName(tower.dock)}${isConfirmed(tower, "dock") ? "" : ` (${pendingLabel})`}`,
  allTowers: `Ver las ${claims.towers} torres`,
  imageAlt: (tower: Tower) => `Ilustración de ${tower.nombre} sobre el agua de los diques`,
  keywords: (tower: Tower) => [
    `tasación ${tower.nombre}`,
    `tasar departamento ${tower.nombre}`,
    `cuánto vale un departamento en ${tower.nombre}`,
    "tasación Puerto Madero",
  ],
} as const;
