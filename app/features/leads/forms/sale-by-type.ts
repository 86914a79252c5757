import { address, comments, contactName, email, phone, rented, select, surfaces } from "./fields.ts";
import { ages, conditions, garageTerms, rooms, towerOptions, views } from "./options.ts";
import type { FormDefinition } from "./types.ts";

/** Sale appraisal by property type (modal on /tasar-propiedades). */
export const saleByTypeForm: FormDefinition = {
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
        {
          ...select("edificio", "Edificio", towerOptions, "🏢", true),
          help: "Si no está en una de estas torres, elegí «Otro».",
        },
        address(false),
        { name: "piso", label: "Piso", type: "text", inputMode: "text", message: { emoji: "🔢" } },
        select("ambientes", "Ambientes", rooms, "🚪", true),
        select("vista", "Vista", views, "🌅", true),
      ],
    },
    {
      title: "Características",
      fields: [
        ...surfaces({ covered: "m2_cubiertos", uncovered: "m2_descubiertos", total: "m2_totales" }),
        select("cochera", "Cochera", garageTerms, "🚗"),
        select("antiguedad", "Antigüedad", ages, "📅"),
        select("estado", "Estado", conditions, "🛠️"),
        rented("con_renta"),
        comments(),
      ],
    },
    { title: "Contacto", fields: [contactName(), phone("telefono"), email()] },
  ],
};
