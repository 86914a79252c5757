import { site } from "../../../config/site.ts";
import { address, contactName, email, phone, select, surface } from "./fields.ts";
import { ages, amenities, homePropertyTypes, onlineConditions, onlineUrgencies, rooms } from "./options.ts";
import type { FormDefinition } from "./types.ts";

/** Express online appraisal (in page on /tasaciones-online). */
export const expressOnlineForm: FormDefinition = {
  id: "express-online",
  title: "Tasación express online",
  description: `Completá el formulario y recibí tu tasación en ${site.deliveryHours} horas.`,
  messageHeading: "solicitud de tasación express online",
  sections: [
    {
      title: "Propiedad",
      fields: [
        select("tipoPropiedad", "Tipo de propiedad", homePropertyTypes, "🏠", true),
        address(true),
        surface("superficie", "Superficie", "Superficie total aproximada de la unidad.", true),
        select("ambientes", "Ambientes", rooms, "🚪", true),
      ],
    },
    {
      title: "Características",
      fields: [
        select("antiguedad", "Antigüedad", ages, "📅", true),
        select("estado", "Estado", onlineConditions, "🛠️", true),
        {
          name: "amenities",
          label: "Amenities",
          type: "checkboxes",
          options: amenities,
          help: "Marcá todos los que tenga la propiedad o el edificio.",
          message: { emoji: "✨" },
        },
        {
          ...select("urgencia", "¿Para cuándo necesitás la tasación?", onlineUrgencies, "⏱️", true),
          message: { emoji: "⏱️", label: "Urgencia" },
        },
      ],
    },
    { title: "Contacto", fields: [contactName("contacto"), phone("telefono"), email()] },
  ],
};
