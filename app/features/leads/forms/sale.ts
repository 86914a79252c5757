import { address, comments, contactName, email, phone, rented, select, surfaces } from "./fields.ts";
import { conditions, pageAges, rooms, salePropertyTypes, saleUrgencies, views, yesNo } from "./options.ts";
import type { FormDefinition } from "./types.ts";

/** Sale appraisal request (modal on /tasaciones). */
export const saleForm: FormDefinition = {
  id: "sale",
  title: "Solicitar tasación para venta",
  description: "Tasamos tu propiedad con una estrategia comercial para venderla en el mejor tiempo.",
  messageHeading: "solicitud de tasación para venta",
  presetField: "tipoPropiedad",
  sections: [
    {
      title: "Propiedad",
      fields: [
        select("tipoPropiedad", "Tipo de propiedad", salePropertyTypes, "🏠", true),
        address(true),
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
        {
          ...select("urgencia", "¿Para cuándo necesitás la tasación?", saleUrgencies, "⏱️"),
          message: { emoji: "⏱️", label: "Urgencia" },
        },
        {
          name: "precioEstimado",
          label: "Precio estimado (USD)",
          type: "text",
          inputMode: "text",
          help: "Opcional: el valor que tenés en mente, en dólares.",
          message: { emoji: "💵", label: "Precio estimado (USD)" },
        },
        comments(),
      ],
    },
    { title: "Contacto", fields: [contactName(), phone("whatsapp", "WhatsApp"), email()] },
  ],
};
