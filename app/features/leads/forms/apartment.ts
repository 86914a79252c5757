import { comments, contactName, email, phone, rented, select, surfaces } from "./fields.ts";
import { ages, conditions, garageTerms, rooms, views } from "./options.ts";
import { towers } from "../../../content/towers.ts";
import { towerOptionsOf, type TowerList } from "./options.ts";
import type { FormDefinition } from "./types.ts";

/**
 * Apartment appraisal by tower (modal on /tasar-departamentos). The spec's
 * message also read direccion, piso, dormitorios, banos, amenities,
 * luminosidad and urgencia, which have no input here: they are left out.
 */
export const apartmentFormFor = (listed: TowerList): FormDefinition => ({
  id: "apartment",
  title: "Tasar departamento",
  description: "Elegí la torre y contanos cómo es tu unidad.",
  messageHeading: "solicitud de tasación de departamento",
  presetField: "edificio",
  sections: [
    {
      title: "Propiedad",
      fields: [
        select({
          name: "edificio",
          label: "Edificio",
          options: towerOptionsOf(listed),
          emoji: "🏢",
          required: true,
        }),
        select({ name: "ambientes", label: "Ambientes", options: rooms, emoji: "🚪", required: true }),
        select({ name: "vista", label: "Vista", options: views, emoji: "🌅", required: true }),
        select({ name: "cochera", label: "Cochera", options: garageTerms, emoji: "🚗" }),
      ],
    },
    {
      title: "Características",
      fields: [
        ...surfaces({ covered: "m2_cubiertos", uncovered: "m2_descubiertos", total: "m2_totales" }),
        select({ name: "antiguedad", label: "Antigüedad", options: ages, emoji: "📅" }),
        select({ name: "estado", label: "Estado", options: conditions, emoji: "🛠️" }),
        rented("con_renta"),
        comments(3),
      ],
    },
    { title: "Contacto", fields: [contactName(), phone("telefono", "WhatsApp"), email()] },
  ],
});

/** As the pages show it: the towers of the build (the service builds its own from the published ones). */
export const apartmentForm = apartmentFormFor(towers);
