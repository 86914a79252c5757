/**
 * The residential buildings of the catalogue (product decision 16): each
 * fact as a typed field, as the research in the project's towers data found
 * it. Where every fact came from is in tower-sources.ts, which only the
 * release check and the tests read, so the sources never reach the browser.
 *
 * A fact listed in `toConfirm` was not confirmed by a public source (or the
 * sources disagree): pages show it marked "a confirmar", structured data
 * leaves it out, and `npm run check:release` refuses to publish until the
 * owner has confirmed it. A fact that is simply unknown is left out.
 * The site shows it with the owner's published edits on top (towers.ts).
 */
import type { TowerAccess } from "./tower-access.ts";

export const docks = [1, 2, 3, 4] as const;
/** Puerto Madero's four docks, numbered from south (1) to north (4). */
export type Dock = (typeof docks)[number];

export type TowerStatus = "terminado" | "en construcción";

/** A year, or the first and last year of a building that went up in stages. */
export type YearSpan = number | readonly [number, number];

export type Tower = {
  slug: string;
  nombre: string;
  /** Street and number, or the location the sources give, without the dock (a field of its own). */
  direccion?: string;
  /** The development the building belongs to, when it is one of several buildings of it. */
  complex?: string;
  dock: Dock;
  status: TowerStatus;
  amenities?: string;
  year?: YearSpan;
  /** Separate towers in the building (a pair of twin towers is 2); 1 when absent. */
  volumes?: number;
  /**
   * Storeys as the sources give them: one number for every volume, or one per
   * volume, front-most last ([41, 50] for Renoir I & II).
   */
  floors?: readonly number[];
  /** Height in metres, when a source gives it but not the storeys. */
  heightMetres?: number;
  /** Storeys step back as they rise ("escalonados"). */
  terraced?: boolean;
  architect?: string;
  developer?: string;
  /** Homes in the building (apartments or private residences). */
  units?: number;
  /** Smallest and largest home, in m². */
  unitSizes?: readonly [number, number];
  /** The hotel that shares the building or the complex, and what it means for residents. */
  hotel?: string;
  /** Only a sourced coordinate; the estimated ones stay in the research file. */
  geo?: { lat: number; lng: number };
  /** How a visitor gets in (tower-access.ts): the owner's, for the inspection visit, never on the page. */
  access?: TowerAccess;
  toConfirm: readonly TowerFact[];
};

/** The facts a tower page shows, each with a source in tower-sources.ts. */
export const towerFacts = [
  "direccion",
  "dock",
  "status",
  "amenities",
  "year",
  "floors",
  "architect",
  "developer",
  "units",
  "unitSizes",
  "hotel",
  "geo",
] as const;
export type TowerFact = (typeof towerFacts)[number];

/** The facts a tower page lists, in reading order (the amenities have a list of their own). */
export const listedFacts = [
  "direccion",
  "dock",
  "status",
  "year",
  "floors",
  "units",
  "unitSizes",
  "architect",
  "developer",
  "hotel",
] as const satisfies readonly TowerFact[];

/** The catalogue as researched; the owner's published edits go on top (`towers`, below). */
export const catalogueTowers: readonly Tower[] = [
  {
    slug: "alvear-tower",
    nombre: "Alvear Tower",
    direccion: "Azucena Villaflor 559",
    dock: 2,
    status: "terminado",
    amenities:
      "Pileta semiolímpica, spa y gimnasio, cancha de tenis, microcine, simuladores de golf, salones de usos múltiples, restaurante y cava de vinos",
    year: 2019,
    floors: [54],
    architect: "Pfeifer-Zurdo (PFZ Arquitectos)",
    developer: "Grupo Alvear",
    units: 186,
    geo: { lat: -34.6122, lng: -58.3603 },
    toConfirm: ["units"],
  },
  {
    slug: "renoir-i-ii",
    nombre: "Renoir I & II",
    direccion: "Aimé Painé, junto al Alvear Icon",
    dock: 2,
    status: "terminado",
    amenities:
      "Pileta cubierta, gimnasio, spa con sauna seco y húmedo, sala de masajes, microcine, lavadero de mascotas y acceso por huella dactilar",
    year: [2008, 2011],
    volumes: 2,
    floors: [41, 50],
    architect: "Robirosa, Beccar Varela y Pasinato",
    developer: "DYPSA",
    unitSizes: [160, 335],
    geo: { lat: -34.6103, lng: -58.3611 },
    toConfirm: ["direccion", "floors"],
  },
  {
    slug: "mulieris",
    nombre: "Mulieris",
    direccion: "Azucena Villaflor 489, entre Aimé Painé y Martha Salotti",
    dock: 2,
    status: "terminado",
    amenities:
      "Pileta, solárium, gimnasio, jardín sobre el basamento, locales comerciales y preparación para domótica",
    year: [2006, 2009],
    volumes: 2,
    floors: [43],
    architect: "M/SG/S/S/S (Justo Solsona)",
    toConfirm: ["floors"],
  },
  {
    slug: "torres-el-faro",
    nombre: "Torres El Faro",
    direccion: "Azucena Villaflor 669, esquina Costanera",
    dock: 2,
    status: "terminado",
    amenities:
      "Pileta descubierta, spa, sauna, gimnasio, mirador vidriado en el último nivel y jardín de 6.000 m² en planta baja",
    year: [2003, 2005],
    volumes: 2,
    floors: [46],
    architect: "Dujovne-Hirsch y Asociados",
    units: 160,
    toConfirm: ["floors"],
  },
  {
    slug: "chateau-puerto-madero",
    nombre: "Château Puerto Madero",
    direccion: "Bvd. Azucena Villaflor, lindera con Alvear Tower",
    dock: 2,
    status: "terminado",
    amenities:
      "Pileta, gimnasio, spa, bar, microcine, salón de fiestas, canchas de tenis, juegos infantiles y peluquería",
    year: 2009,
    floors: [50],
    developer: "Grupo Château",
    units: 203,
    unitSizes: [80, 400],
    toConfirm: ["direccion", "floors"],
  },
  {
    slug: "le-parc-puerto-madero",
    nombre: "Le Parc Puerto Madero",
    dock: 2,
    status: "terminado",
    amenities:
      "Tres piletas, cocheras y espacios comunes; conjunto de tres torres con cuatro departamentos por piso",
    year: 2007,
    volumes: 3,
    floors: [43],
    developer: "Raghsa",
    toConfirm: ["direccion", "year", "floors"],
  },
  {
    slug: "torres-del-yacht",
    nombre: "Torres del Yacht",
    direccion: "Remate del Bvd. Macacha Güemes, frente al Hilton y a la Torre YPF",
    dock: 4,
    status: "terminado",
    amenities: "Pileta, solárium y gimnasio en un volumen bajo dedicado a amenities",
    year: 2009,
    volumes: 2,
    floors: [44],
    architect: "Fernández Prieto y Asociados con M/SG/S/S/S",
    toConfirm: ["direccion"],
  },
  {
    slug: "madero-center",
    nombre: "Madero Center",
    direccion: "Malecón Pierina Dealessi, entre Macacha Güemes y Trinidad Guevara",
    dock: 4,
    status: "terminado",
    amenities:
      "Cuatro piletas (dos cubiertas), spa con sauna, gimnasio, dos SUM, bar, business center y conserjería",
    year: [2008, 2009],
    floors: [9],
    units: 208,
    unitSizes: [100, 450],
    toConfirm: [],
  },
  {
    slug: "torres-river-view",
    nombre: "Torres River View",
    direccion: "Remate del Bvd. Macacha Güemes, en el terreno vecino a la Torre YPF",
    dock: 4,
    status: "terminado",
    amenities:
      "Pileta, solárium y juegos infantiles en planta baja; gimnasio, spa y vestuarios en el subsuelo",
    year: [2000, 2003],
    volumes: 2,
    floors: [30],
    architect: "Camps, Tiscornia y Mazzinghi",
    toConfirm: ["direccion"],
  },
  {
    slug: "zencity-torre-ambar",
    nombre: "Zencity – Torre Ámbar",
    direccion: "Rosario Vera Peñaloza 415",
    complex: "Zencity",
    dock: 1,
    status: "terminado",
    amenities: "Jardín central de 8.500 m² con piletas y cascadas, compartido por el complejo",
    year: [2008, 2013],
    floors: [25],
    architect: "A. y R. Fernández Prieto, y Bodas Miani Anger",
    toConfirm: [],
  },
  {
    slug: "zencity-torre-rubi",
    nombre: "Zencity – Torre Rubí",
    direccion: "Rosario Vera Peñaloza 415",
    complex: "Zencity",
    dock: 1,
    status: "terminado",
    amenities: "Acceso al jardín central del complejo, de 8.500 m², con piletas y cascadas",
    year: [2008, 2013],
    floors: [25],
    architect: "A. y R. Fernández Prieto, y Bodas Miani Anger",
    toConfirm: [],
  },
  {
    slug: "harbour-tower",
    nombre: "Harbour Tower",
    direccion: "Julieta Lanteri 1775, esquina Lola Mora",
    complex: "Madero Harbour",
    dock: 1,
    status: "en construcción",
    amenities:
      "SUM, parrillas, sauna, gimnasio, piletas cubierta y descubierta, áreas verdes, laundry y valet parking",
    floors: [53],
    architect: "Carlos Ott",
    developer: "GNV Group",
    units: 217,
    toConfirm: ["floors", "units"],
  },
  {
    slug: "faena-aleph-residences",
    nombre: "Faena Aleph Residences",
    direccion: "Av. Juana Manso",
    complex: "Faena District",
    dock: 2,
    status: "terminado",
    amenities: "Pileta infinita en la azotea, jardín parquizado y locales gastronómicos en planta baja",
    year: 2013,
    floors: [9],
    architect: "Foster + Partners",
    developer: "Faena Group",
    units: 50,
    toConfirm: ["dock"],
  },
  {
    slug: "sls-puerto-madero",
    nombre: "SLS Puerto Madero",
    direccion: "Pierina Dealessi al 1700",
    dock: 1,
    status: "terminado",
    amenities:
      "Balcones terraza con cocina-parrilla, plaza interna, pileta descubierta en el basamento, gimnasio y salones",
    year: 2020,
    volumes: 2,
    floors: [30],
    architect: "BMA (Bodas Miani Anger), interiores de Piero Lissoni",
    developer: "Related Group",
    hotel:
      "Hotel boutique SLS en el mismo complejo: 60 designer suites de 30 a 50 m² con servicios de hotelería",
    toConfirm: ["floors"],
  },
  {
    slug: "oceana-puerto-madero",
    nombre: "Oceana Puerto Madero",
    direccion: "Sobre el Dique 2, frente al Faena Hotel",
    dock: 2,
    status: "en construcción",
    amenities:
      "Plaza de 7.200 m² con obras de arte que une los dos edificios; arte también en los espacios comunes",
    volumes: 2,
    floors: [8],
    developer: "Consultatio (Eduardo Costantini)",
    unitSizes: [82, 650],
    toConfirm: ["direccion", "status"],
  },
  {
    slug: "madero-harbour-harbour-residences",
    nombre: "Madero Harbour – Harbour Residences",
    complex: "Madero Harbour",
    dock: 1,
    status: "terminado",
    developer: "GNV Group",
    toConfirm: ["direccion", "amenities"],
  },
  {
    slug: "madero-harbour-harbour-house",
    nombre: "Madero Harbour – Harbour House",
    direccion: "Av. Juana Manso 1700",
    complex: "Madero Harbour",
    dock: 1,
    status: "terminado",
    year: 2016,
    developer: "GNV Group",
    toConfirm: ["amenities", "year"],
  },
  {
    slug: "faena-el-porteno-building",
    nombre: "Faena – El Porteño Building",
    direccion: "Martha Salotti 445",
    complex: "Faena District",
    dock: 2,
    status: "terminado",
    amenities:
      "Pileta exterior con solárium, spa con hammam y gimnasio, restaurantes, bar, cabaret y biblioteca, compartidos con los huéspedes del hotel",
    year: 2004,
    architect: "Philippe Starck (diseño) y Horacio Caride (dirección de arquitectura)",
    developer: "Faena Group",
    units: 85,
    hotel: "Comparte el edificio con el Faena Hotel: las residencias usan sus servicios y espacios",
    toConfirm: [],
  },
  {
    slug: "faena-los-molinos-building",
    nombre: "Faena – Los Molinos Building",
    direccion: "Av. Juana Manso 1150",
    complex: "Faena District",
    dock: 3,
    status: "terminado",
    amenities:
      "Spa con piscina climatizada, gimnasio, lavadero y 120 cocheras en subsuelo; locales comerciales en planta baja",
    year: 2009,
    volumes: 2,
    floors: [5, 7],
    architect: "Mc Cormack & Asociados",
    developer: "Faena Properties",
    units: 92,
    unitSizes: [86, 270],
    toConfirm: [],
  },
  {
    slug: "bayres-dock",
    nombre: "Bayres Dock",
    direccion: "Olga Cossettini y Bvd. Azucena Villaflor, sobre el paseo Pierina Dealessi",
    dock: 2,
    status: "terminado",
    amenities: "SUM, gimnasio y pileta cubierta climatizada; locales comerciales sobre el paseo del dique",
    year: [2011, 2013],
    floors: [6],
    architect: "Ganzábal y Landman",
    unitSizes: [142, 166],
    toConfirm: ["floors"],
  },
  {
    slug: "zencity-edificio-zafiro",
    nombre: "Zencity – Edificio Zafiro",
    direccion: "Rosario Vera Peñaloza 415",
    complex: "Zencity",
    dock: 1,
    status: "terminado",
    amenities:
      "Doce unidades con terraza y pileta propias; acceso al jardín central con piletas del complejo",
    year: [2008, 2013],
    floors: [9],
    terraced: true,
    architect: "A. y R. Fernández Prieto, y Bodas Miani Anger",
    toConfirm: [],
  },
  {
    slug: "zencity-edificio-onix",
    nombre: "Zencity – Edificio Ónix",
    direccion: "Rosario Vera Peñaloza 415, frente sobre Julieta Lanteri",
    complex: "Zencity",
    dock: 1,
    status: "terminado",
    amenities: "Acceso al jardín central de 8.500 m² con piletas y cascadas del complejo",
    year: [2008, 2013],
    architect: "A. y R. Fernández Prieto, y Bodas Miani Anger",
    toConfirm: [],
  },
  {
    slug: "osten-madero-harbour",
    nombre: "Osten (Madero Harbour)",
    complex: "Madero Harbour",
    dock: 1,
    status: "en construcción",
    toConfirm: ["direccion", "amenities"],
  },
  {
    slug: "alvear-icon-hotel-residences",
    nombre: "Alvear Icon Hotel & Residences",
    direccion: "Aimé Painé, junto a las Torres Renoir",
    dock: 3,
    status: "terminado",
    year: 2017,
    floors: [34],
    developer: "Grupo Alvear",
    units: 50,
    hotel: "Residencias con los servicios del hotel Alvear Icon, de 159 habitaciones, en el mismo edificio",
    toConfirm: ["direccion", "amenities", "floors"],
  },
  {
    slug: "forum-puerto-madero",
    nombre: "Forum Puerto Madero",
    dock: 1,
    status: "terminado",
    developer: "TGLT",
    toConfirm: ["direccion", "dock", "status", "amenities"],
  },
  {
    slug: "la-portena-faena-district",
    nombre: "La Porteña (Faena District)",
    complex: "Faena District",
    dock: 2,
    status: "terminado",
    developer: "Faena Group",
    toConfirm: ["direccion", "dock", "amenities"],
  },
];

/** The storeys of each volume, front-most last: [43] with two volumes is [43, 43]. */
export function floorsPerVolume(tower: Pick<Tower, "volumes" | "floors">): number[] | undefined {
  const floors = tower.floors;
  if (!floors || floors.length === 0) return undefined;
  return Array.from(
    { length: tower.volumes ?? 1 },
    (_, index) => floors[Math.min(index, floors.length - 1)]!,
  );
}

export function isConfirmed(tower: Tower, fact: TowerFact): boolean {
  return !tower.toConfirm.includes(fact);
}
