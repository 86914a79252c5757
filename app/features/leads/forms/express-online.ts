import type { SiteConfig } from "../../../config/site-config.ts";
import { address, contactName, email, phone, select, surface } from "./fields.ts";
import { ages, amenities, homePropertyTypes, onlineConditions, onlineUrgencies, rooms } from "./options.ts";
import type { FormDefinition } from "./types.ts";

/** Express online appraisal (in page on /tasaciones-online); its description names the delivery time. */
export const expressOnlineFormFor = (site: Pick<SiteConfig, "deliveryHours">): FormDefinition => ({
  id: "express-online",
  title: "Tasación express online",
  description: `Completá el formulario y recibí tu tasación en ${site.deliveryHours} horas.`,
  messageHeading: "solicitud de tasación express online",
  sections: [
    {
      title: "Propiedad",
      fields: [
        select({
          name: "tipoPropiedad",
          label: "Tipo de propiedad",
          options: homePropertyTypes,
          emoji: "🏠",
          required: true,
        }),
        address(true),
        surface("superficie", "Superficie", "Superficie total aproximada de la unidad.", true),
        select({ name: "ambientes", label: "Ambientes", options: rooms, emoji: "🚪", required: true }),
      ],
    },
    {
      title: "Características",
      fields: [
        select({ name: "antiguedad", label: "Antigüedad", options: ages, emoji: "📅", required: true }),
        select({ name: "estado", label: "Estado", options: onlineConditions, emoji: "🛠️", required: true }),
        {
          name: "amenities",
          label: "Amenities",
          type: "checkboxes",
          options: amenities,
          help: "Marcá todos los que tenga la propiedad o el edificio.",
          message: { emoji: "✨" },
        },
        select({
          name: "urgencia",
          label: "¿Para cuándo necesitás la tasación?",
          options: onlineUrgencies,
          emoji: "⏱️",
          messageLabel: "Urgencia",
          required: true,
        }),
      ],
    },
    { title: "Contacto", fields: [contactName("contacto"), phone("telefono"), email()] },
  ],
});
