import { comments, contactName, email, phone, rented, select, surfaces } from "./fields.ts";
import { conditions, pageAges, rooms, views, yesNo } from "./options.ts";
import { towers } from "../../../content/towers.ts";
import { towerOptionsOf, type TowerList } from "./options.ts";
import type { FormDefinition } from "./types.ts";

/** Valuation request (modal on /valoracion-de-inmuebles). */
export const valuationFormFor = (listed: TowerList): FormDefinition => ({
  id: "valuation",
  title: "Solicitar valoración",
  description: "Con estos datos preparamos la valoración de tu departamento.",
  messageHeading: "solicitud de valoración inmobiliaria",
  presetField: "torre",
  sections: [
    {
      title: "Propiedad",
      fields: [
        select({
          name: "torre",
          label: "Torre",
          options: towerOptionsOf(listed),
          emoji: "🏢",
          required: true,
        }),
        select({ name: "ambientes", label: "Ambientes", options: rooms, emoji: "🚪", required: true }),
        select({ name: "vista", label: "Vista", options: views, emoji: "🌅", required: true }),
        select({ name: "cochera", label: "Cochera", options: yesNo, emoji: "🚗" }),
      ],
    },
    {
      title: "Características",
      fields: [
        ...surfaces({
          covered: "superficieCubierta",
          uncovered: "superficieDescubierta",
          total: "superficieTotal",
        }),
        select({ name: "antiguedad", label: "Antigüedad", options: pageAges, emoji: "📅" }),
        select({ name: "estado", label: "Estado", options: conditions, emoji: "🛠️" }),
        rented("conRenta"),
        comments(),
      ],
    },
    { title: "Contacto", fields: [contactName(), phone("whatsapp", "WhatsApp"), email()] },
  ],
});

/** As the pages show it: the towers of the build (the service builds its own from the published ones). */
export const valuationForm = valuationFormFor(towers);
