import { site } from "../../config/site.ts";
import {
  areTowers,
  confirmed,
  descriptionThatFits,
  factRowsOf,
  formatYear,
  titleThatFits,
  writeConsiderations,
  type Consideration,
  type ConsiderationWords,
  type FactRow,
} from "../tower-rules.ts";
import { floorsPerVolume, isConfirmed, towers, type Dock, type Tower, type TowerFact } from "../towers.ts";
import { claims } from "./claims.ts";

/**
 * The Spanish copy of the tower pages (/torres/{slug}), written from each
 * tower's facts by the rules of tower-rules.ts; this module holds the words.
 * Facts still to confirm are shown, marked "a confirmar", and nothing else is
 * written from them (the titles, the considerations and the structured data
 * use confirmed facts only).
 */

export type { Consideration, FactRow } from "../tower-rules.ts";
export { dockNeighbours, maxDescriptionLength, maxTitleLength } from "../tower-rules.ts";

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

const place = (dock: Dock) => `${dockName(dock)}, ${dockSettings[dock]}`;

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
  const kind = areTowers(floors) ? "torres" : "edificios";
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

/** The facts a tower page lists, in reading order; unknown facts are left out, pending ones marked. */
export function factRows(tower: Tower): FactRow[] {
  return factRowsOf(tower, {
    direccion: ["Dirección", tower.direccion],
    dock: ["Dique", dockName(tower.dock)],
    status: ["Estado", tower.status === "terminado" ? "Terminado" : "En construcción"],
    year: ["Año", tower.year === undefined ? undefined : formatYear(tower.year)],
    floors: ["Pisos", formatFloors(tower)],
    units: ["Unidades", tower.units === undefined ? undefined : formatUnits(tower.units)],
    unitSizes: ["Superficies", tower.unitSizes && formatSizes(tower.unitSizes)],
    architect: ["Arquitectura", tower.architect],
    developer: ["Desarrolladora", tower.developer],
    hotel: ["Hotel", tower.hotel],
  });
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

/** Where an amenities text splits into items: "pileta, spa y gimnasio" is three. */
const listSeparator = /,|;| y /;

const considerationWords: ConsiderationWords = {
  terraces: ({ tallest }) => ({
    title: "Terrazas y niveles",
    text: `Con ${tallest} niveles escalonados, la superficie descubierta pesa tanto como la cubierta: medimos la terraza, su uso y su orientación.`,
  }),
  floorAndView: ({ floors, tallest, differentHeights, dock }) => {
    const volumes = differentHeights
      ? `Sus ${floors.length} torres tienen ${listing(floors)} pisos: la torre y el piso cambian la vista.`
      : `Con ${tallest} pisos, el piso cambia el precio dentro del mismo edificio.`;
    return {
      title: "Piso y vista",
      text: `${volumes} Desde arriba la vista se abre al río y a la Reserva; abajo mira a la ciudad o al dique${dock ? ` (${place(dock)})` : ""}.`,
    };
  },
  frontage: ({ floors, tallest, dock }) => ({
    title: "Frente y orientación",
    text: `En ${floors.length > 1 ? `edificios de ${listing(floors)}` : `un edificio de ${tallest}`} pisos la altura pesa menos que el frente: no vale lo mismo una unidad sobre el agua que una interna${dock ? `. Está en el ${place(dock)}` : ""}.`,
  }),
  location: ({ dock }) => ({
    title: "Ubicación y vista",
    text: `Está en el ${place(dock)}. En la visita relevamos el piso, la orientación y qué se ve desde la unidad.`,
  }),
  offPlan: () => ({
    title: "Compra en pozo",
    text: "Está en construcción: tasamos la unidad sobre plano, con el avance de obra, la fecha de entrega, lo pagado según el boleto y lo que se pide hoy por unidades equivalentes.",
  }),
  age: ({ year, age, recent }) => {
    const built =
      typeof year === "number" ? `Terminado en ${year}` : `Construido entre ${year[0]} y ${year[1]}`;
    return {
      title: "Antigüedad y estado",
      text: recent
        ? `${built}: es un edificio reciente. Pesan las terminaciones originales y la reventa de unidades del mismo edificio.`
        : `${built}: con ${age} años, revisamos ascensores, fachada y áreas comunes, y si la unidad fue renovada.`,
    };
  },
  hotel: ({ hotel }) => ({
    title: "Servicios de hotel",
    text: `${hotel}. Suman valor y también expensas: la tasación considera las dos cosas.`,
  }),
  amenities: ({ amenities, many, highlights }) => ({
    title: "Amenities y expensas",
    text: many
      ? `Amenities como ${highlights.join(", ").toLowerCase()} elevan el valor, y también las expensas: comparamos las dos cosas con torres equivalentes.`
      : `${amenities}: valen lo que el comprador va a usar; los comparamos con lo que cuestan en expensas.`,
  }),
  sameComplex: ({ complex, names }) => ({
    title: "Comparables",
    text: `Las ventas en ${listing(names)}, del mismo complejo ${complex}, son los comparables más directos.`,
  }),
  units: ({ units, many }) => ({
    title: "Comparables",
    text: many
      ? `Con ${units} unidades hay ventas propias para comparar: buscamos unidades del mismo edificio con superficie y vista parecidas.`
      : `Con ${units} unidades, las ventas en el mismo edificio son pocas: sumamos las de edificios equivalentes del barrio.`,
  }),
  unitSizes: ({ sizes: [smallest, largest] }) => ({
    title: "Superficie",
    text: `Hay unidades de ${smallest} a ${largest} m²: comparamos con superficies parecidas, porque el valor por metro cambia con el tamaño.`,
  }),
  dockNeighbours: ({ names }) => ({
    title: "Comparables",
    text: `Sumamos las ventas recientes de ${listing(names)}, sobre el mismo dique.`,
  }),
  visit: ({ facts }) => ({
    title: "Lo que confirmamos en la visita",
    text: `No hay una fuente pública que confirme ${listing(facts.map((fact) => factNames[fact]))}: lo relevamos en la visita y con la administración del edificio.`,
  }),
};

/** What an appraisal in this building takes into account, written from the tower's confirmed facts. */
export function considerations(
  tower: Tower,
  catalogue: readonly Tower[] = towers,
  currentYear = new Date().getFullYear(),
): Consideration[] {
  return writeConsiderations(tower, considerationWords, { catalogue, currentYear, listSeparator });
}

export function towerTitle(tower: Tower, businessName = site.businessName): string {
  const candidates = [
    `Tasación de departamentos en ${tower.nombre}`,
    `Tasar departamento en ${tower.nombre}`,
    `Tasación en ${tower.nombre}`,
  ];
  return titleThatFits(tower, candidates, businessName);
}

export function towerDescription(tower: Tower): string {
  const floors = confirmed(tower, "floors") && formatFloors(tower);
  const where = tower.direccion && isConfirmed(tower, "direccion") ? `${tower.direccion}, ` : "";
  const dock = isConfirmed(tower, "dock") ? dockName(tower.dock) : "Puerto Madero";
  return descriptionThatFits([
    `Tasación de tu departamento en ${tower.nombre} (${where}${dock})${floors ? `: ${floors}` : ""}. Informe firmado en ${claims.delivery}.`,
    `Tasación de tu departamento en ${tower.nombre}, ${dock}. Informe firmado en ${claims.delivery}.`,
    `Tasación de tu departamento en ${tower.nombre}.`,
  ]);
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
