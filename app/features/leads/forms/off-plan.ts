import { comments, contactName, email, phone, select } from "./fields.ts";
import {
  budgets,
  buildingTypes,
  familyCompositions,
  floorPreferences,
  moveYearOptions,
  typologies,
  waitingTimes,
} from "./options.ts";
import type { FormDefinition } from "./types.ts";

/**
 * Off-plan investment consultation (in page on /comprar-en-pozo). Posted to the
 * hosted form service; the message heading is used by the WhatsApp fallback.
 * The move-year options depend on the year, hence a function.
 */
export function offPlanForm(year: number): FormDefinition {
  return {
    id: "off-plan",
    title: "Consultá por una inversión en pozo",
    description: "Contanos qué buscás y te acercamos los proyectos que encajan con tu plan.",
    messageHeading: "consulta de inversión en pozo",
    sections: [
      {
        title: "Tu inversión",
        fields: [
          { ...select("presupuesto", "Presupuesto", budgets, "💵", true), message: { emoji: "💵" } },
          select("tipologia", "Tipología", typologies, "🛏️", true),
          select("preferencia_piso", "Preferencia de piso", floorPreferences, "🔢", true),
          select("tipo_edificio", "Tipo de edificio", buildingTypes, "🏙️", true),
        ],
      },
      {
        title: "Tus tiempos",
        fields: [
          select("composicion_familiar", "Composición familiar", familyCompositions, "👨‍👩‍👧", true),
          {
            ...select("cuando_mudarse", "¿Cuándo te gustaría mudarte?", moveYearOptions(year), "📅", true),
            message: { emoji: "📅", label: "Mudanza" },
          },
          {
            ...select("dispuesto_esperar", "¿Cuánto podés esperar la entrega?", waitingTimes, "⏳", true),
            message: { emoji: "⏳", label: "Espera posible" },
          },
        ],
      },
      { title: "Contacto", fields: [contactName(), phone("telefono"), email(), comments()] },
    ],
  };
}
