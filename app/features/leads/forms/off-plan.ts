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
          select({
            name: "presupuesto",
            label: "Presupuesto",
            options: budgets,
            emoji: "💵",
            required: true,
          }),
          select({ name: "tipologia", label: "Tipología", options: typologies, emoji: "🛏️", required: true }),
          select({
            name: "preferencia_piso",
            label: "Preferencia de piso",
            options: floorPreferences,
            emoji: "🔢",
            required: true,
          }),
          select({
            name: "tipo_edificio",
            label: "Tipo de edificio",
            options: buildingTypes,
            emoji: "🏙️",
            required: true,
          }),
        ],
      },
      {
        title: "Tus tiempos",
        fields: [
          select({
            name: "composicion_familiar",
            label: "Composición familiar",
            options: familyCompositions,
            emoji: "👨‍👩‍👧",
            required: true,
          }),
          select({
            name: "cuando_mudarse",
            label: "¿Cuándo te gustaría mudarte?",
            options: moveYearOptions(year),
            emoji: "📅",
            messageLabel: "Mudanza",
            required: true,
          }),
          select({
            name: "dispuesto_esperar",
            label: "¿Cuánto podés esperar la entrega?",
            options: waitingTimes,
            emoji: "⏳",
            messageLabel: "Espera posible",
            required: true,
          }),
        ],
      },
      { title: "Contacto", fields: [contactName(), phone("telefono"), email(), comments()] },
    ],
  };
}
