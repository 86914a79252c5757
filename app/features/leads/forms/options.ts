import { propertyTypes } from "../../../content/property-types.ts";
import type { Tower } from "../../../content/tower-catalogue.ts";

/**
 * The enumerations of the lead forms, each written once. The spec words some of
 * them in English (garage, age, floor, building, family, wait); visitors see
 * them in Spanish, and the Spanish text is also the value sent.
 */

export const other = "Otro";

/** The towers a form lists: the pages' (content/towers.ts) or the published ones (the lead service). */
export type TowerList = readonly Pick<Tower, "nombre">[];

/** A tower dropdown: each tower by its name, then 'Otro'. */
export function towerOptionsOf(towers: TowerList): readonly string[] {
  return [...towers.map((tower) => tower.nombre), other];
}

export const homePropertyTypes = [
  "Departamento",
  "Casa",
  "PH",
  "Oficina",
  "Local Comercial",
  "Cochera",
] as const;

export const salePropertyTypes: readonly string[] = propertyTypes.map((type) => type.tipo);

export const homeRooms = ["1 ambiente", "2 ambientes", "3 ambientes", "4 ambientes", "5+ ambientes"] as const;

export const rooms = ["1", "2", "3", "4", "5+"] as const;

export const views = ["Río", "Ciudad", "Puerto", "Reserva", "Interna"] as const;

export const yesNo = ["Sí", "No"] as const;

/** Garage on the apartment and sale-by-type modals (spec: included, optional, none). */
export const garageTerms = ["Incluida", "Opcional", "Sin cochera"] as const;

/** Age on /valoracion-de-inmuebles and /tasaciones. */
export const pageAges = ["A estrenar", "1-5 años", "6-10 años", "11-20 años", "20+ años"] as const;

/** Age on the other forms (spec: new, under 5, 5-10, 10-20, over 20 years). */
export const ages = [
  "A estrenar",
  "Menos de 5 años",
  "5 a 10 años",
  "10 a 20 años",
  "Más de 20 años",
] as const;

export const conditions = ["Excelente", "Muy bueno", "Bueno", "A refaccionar"] as const;

export const onlineConditions = [...conditions, "A reciclar"] as const;

export const saleUrgencies = ["24 horas", "48 horas", "1 semana", "Sin urgencia"] as const;

export const onlineUrgencies = ["24 horas", "48 horas", "1 semana"] as const;

/** The 15 amenities of the express online form. */
export const amenities = [
  "Balcón",
  "Terraza",
  "Parrilla",
  "Cochera",
  "Baulera",
  "Pileta",
  "Gimnasio",
  "SUM",
  "Seguridad 24 h",
  "Portería",
  "Ascensor",
  "Lavadero",
  "Spa / sauna",
  "Business center",
  "Microcine",
] as const;

export const budgets = [
  "USD 100.000 - 150.000",
  "USD 150.000 - 200.000",
  "USD 200.000 - 300.000",
  "USD 300.000 - 500.000",
  "Más de USD 500.000",
] as const;

export const typologies = [
  "Monoambiente",
  "1 dormitorio",
  "2 dormitorios",
  "3 dormitorios",
  "4 o más dormitorios",
  "Penthouse",
] as const;

export const floorPreferences = [
  "Piso bajo (1 a 10)",
  "Piso medio (11 a 25)",
  "Piso alto (26 o más)",
  "Sin preferencia",
] as const;

export const buildingTypes = [
  "Torre de gran altura",
  "Frente a los diques",
  "Frente al río",
  "Sin preferencia",
] as const;

export const familyCompositions = [
  "Persona sola",
  "Pareja sin hijos",
  "Pareja con 1 hijo",
  "Pareja con 2 o más hijos",
  "Familia numerosa",
] as const;

export const waitingTimes = ["Hasta 2 años", "Hasta 3 años", "Hasta 5 años", "Más de 5 años"] as const;

/**
 * Move-in years (decision 6): this year and the next three, then
 * "{year + 4} o más tarde", so the list never offers a year already past.
 */
export function moveYearOptions(year: number): string[] {
  return [year, year + 1, year + 2, year + 3].map(String).concat(`${year + 4} o más tarde`);
}
