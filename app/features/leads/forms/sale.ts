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
        select({
          name: "tipoPropiedad",
          label: "Tipo de propiedad",
          options: salePropertyTypes,
          emoji: "🏠",
          required: true,
        }),
        address(true),
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
        select({
          name: "urgencia",
          label: "¿Para cuándo necesitás la tasación?",
          options: saleUrgencies,
          emoji: "⏱️",
          messageLabel: "Urgencia",
        }),
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
