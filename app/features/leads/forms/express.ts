import type { SiteConfig } from "../../../config/site-config.ts";
import { address, contactName, email, phone, select, surface } from "./fields.ts";
import { homePropertyTypes, homeRooms, towerOptionsOf, type TowerList } from "./options.ts";
import type { FormDefinition } from "./types.ts";

/**
 * Home express request (modal on /). The spec's `urgencia` has no input on this
 * form, so it is not part of the definition and never reaches the message.
 * Its description names the delivery time and it lists the towers: a function
 * of the configuration and the towers (the app's copy, built with the site's,
 * is markup/site-forms.ts; the service's, with the published ones).
 */
export const expressFormFor = (
  site: Pick<SiteConfig, "deliveryHours">,
  listed: TowerList,
): FormDefinition => ({
  id: "express",
  title: "Solicitar tasación express",
  description: `Contanos lo básico de tu propiedad y recibí el informe en ${site.deliveryHours} horas.`,
  messageHeading: "solicitud de tasación express",
  presetField: "edificio",
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
        select({
          name: "edificio",
          label: "Edificio",
          options: towerOptionsOf(listed),
          emoji: "🏢",
          help: "Opcional: elegí la torre si la propiedad está en una.",
        }),
        address(true),
      ],
    },
    {
      title: "Características",
      fields: [
        surface("superficie", "Superficie", "Superficie total aproximada de la unidad.", true),
        select({ name: "ambientes", label: "Ambientes", options: homeRooms, emoji: "🚪", required: true }),
      ],
    },
    { title: "Contacto", fields: [contactName(), phone("telefono"), email()] },
  ],
});
