import { comments, contactName, email, phone, rented, select, surfaces } from "./fields.ts";
import { conditions, pageAges, rooms, towerOptions, views, yesNo } from "./options.ts";
import type { FormDefinition } from "./types.ts";

/** Valuation request (modal on /valoracion-de-inmuebles). */
export const valuationForm: FormDefinition = {
  id: "valuation",
  title: "Solicitar valoración",
  description: "Con estos datos preparamos la valoración de tu departamento.",
  messageHeading: "solicitud de valoración inmobiliaria",
  presetField: "torre",
  sections: [
    {
      title: "Propiedad",
      fields: [
        select("torre", "Torre", towerOptions, "🏢", true),
        select("ambientes", "Ambientes", rooms, "🚪", true),
        select("vista", "Vista", views, "🌅", true),
        select("cochera", "Cochera", yesNo, "🚗"),
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
        select("antiguedad", "Antigüedad", pageAges, "📅"),
        select("estado", "Estado", conditions, "🛠️"),
        rented("conRenta"),
        comments(),
      ],
    },
    { title: "Contacto", fields: [contactName(), phone("whatsapp", "WhatsApp"), email()] },
  ],
};
