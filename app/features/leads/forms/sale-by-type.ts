import { address, comments, contactName, email, phone, rented, select, surfaces } from "./fields.ts";
import { ages, conditions, garageTerms, rooms, views } from "./options.ts";
import { towers } from "../../../content/towers.ts";
import { towerOptionsOf, type TowerList } from "./options.ts";
import type { FormDefinition } from "./types.ts";

/** Sale appraisal by property type (modal on /tasar-propiedades). */
export const saleByTypeFormFor = (listed: TowerList): FormDefinition => ({
  id: "sale-by-type",
  title: "Tasación para venta",
  description: "Contanos qué querés vender y te proponemos precio y estrategia.",
  messageHeading: "solicitud de tasación de propiedad para venta",
  presetField: "tipoPropiedad",
  sections: [
    {
      title: "Propiedad",
      fields: [
        {
          name: "tipoPropiedad",
          label: "Tipo de propiedad",
          type: "text",
          required: true,
          placeholder: "Casa, loft, penthouse…",
          message: { emoji: "🏠" },
        },
        select({
          name: "edificio",
          label: "Edificio",
          options: towerOptionsOf(listed),
          emoji: "🏢",
          required: true,
          help: "Si no está en una de estas torres, elegí «Otro».",
        }),
        address(false),
        { name: "piso", label: "Piso", type: "text", inputMode: "text", message: { emoji: "🔢" } },
        select({ name: "ambientes", label: "Ambientes", options: rooms, emoji: "🚪", required: true }),
        select({ name: "vista", label: "Vista", options: views, emoji: "🌅", required: true }),
      ],
    },
    {
      title: "Características",
      fields: [
        ...surfaces({ covered: "m2_cubiertos", uncovered: "m2_descubiertos", total: "m2_totales" }),
        select({ name: "cochera", label: "Cochera", options: garageTerms, emoji: "🚗" }),
        select({ name: "antiguedad", label: "Antigüedad", options: ages, emoji: "📅" }),
        select({ name: "estado", label: "Estado", options: conditions, emoji: "🛠️" }),
        rented("con_renta"),
        comments(),
      ],
    },
    { title: "Contacto", fields: [contactName(), phone("telefono"), email()] },
  ],
});

/** As the pages show it: the towers of the build (the service builds its own from the published ones). */
export const saleByTypeForm = saleByTypeFormFor(towers);
