import { comments, contactName, email, phone, rented, select, surfaces } from "./fields.ts";
import { ages, conditions, garageTerms, rooms, towerOptions, views } from "./options.ts";
import type { FormDefinition } from "./types.ts";

/**
 * Apartment appraisal by tower (modal on /tasar-departamentos). The spec's
 * message also read direccion, piso, dormitorios, banos, amenities,
 * luminosidad and urgencia, which have no input here: they are left out.
 */
export const apartmentForm: FormDefinition = {
  id: "apartment",
  title: "Tasar departamento",
  description: "Elegí la torre y contanos cómo es tu unidad.",
  messageHeading: "solicitud de tasación de departamento",
  presetField: "edificio",
  sections: [
    {
      title: "Propiedad",
      fields: [
        select("edificio", "Edificio", towerOptions, "🏢", true),
        select("ambientes", "Ambientes", rooms, "🚪", true),
        select("vista", "Vista", views, "🌅", true),
        select("cochera", "Cochera", garageTerms, "🚗"),
      ],
    },
    {
      title: "Características",
      fields: [
        ...surfaces({ covered: "m2_cubiertos", uncovered: "m2_descubiertos", total: "m2_totales" }),
        select("antiguedad", "Antigüedad", ages, "📅"),
        select("estado", "Estado", conditions, "🛠️"),
        rented("con_renta"),
        comments(3),
      ],
    },
    { title: "Contacto", fields: [contactName(), phone("telefono", "WhatsApp"), email()] },
  ],
};
