import { yesNo } from "./options.ts";
import type { FieldDefinition } from "./types.ts";

/** Fields that several forms share, written once. */

export const commentsMaxLength = 500;

export function comments(rows = 4): FieldDefinition {
  return {
    name: "comentarios",
    label: "Comentarios",
    type: "textarea",
    rows,
    maxLength: commentsMaxLength,
    help: "Opcional: lo que quieras contarnos de la propiedad o de tu consulta.",
    message: { emoji: "💬" },
  };
}

/** Surfaces: decimals allowed; a unit of under 1 m² or over 100,000 m² is a typing mistake. */
export function surface(
  name: string,
  label: string,
  help: string,
  required = false,
  min = 1,
): FieldDefinition {
  return {
    name,
    label: `${label} (m²)`,
    type: "number",
    required,
    min,
    max: 100_000,
    unit: "m²",
    inputMode: "decimal",
    help,
    message: { emoji: "📐", label },
  };
}

/** The three surfaces of the valuation and sale forms, under whichever names each form uses. */
export function surfaces(names: { covered: string; uncovered: string; total: string }): FieldDefinition[] {
  return [
    surface(names.covered, "Superficie cubierta", "Metros bajo techo, dentro de la unidad."),
    // A unit without a balcony or terrace has 0 m² uncovered.
    surface(
      names.uncovered,
      "Superficie descubierta",
      "Balcones, terrazas o patios propios sin techo.",
      false,
      0,
    ),
    surface(names.total, "Superficie total", "Cubierta más descubierta, como figura en la escritura."),
  ];
}

export function contactName(name = "nombre"): FieldDefinition {
  return {
    name,
    label: "Nombre y apellido",
    type: "text",
    required: true,
    autoComplete: "name",
    message: { emoji: "👤", label: "Nombre" },
  };
}

export function phone(name: string, label = "Teléfono"): FieldDefinition {
  return {
    name,
    label,
    type: "tel",
    required: true,
    autoComplete: "tel",
    inputMode: "tel",
    help: "Con código de área, por ejemplo 11 5555-5555.",
    message: { emoji: "📱", label },
  };
}

export function email(): FieldDefinition {
  return {
    name: "email",
    label: "Email",
    type: "email",
    required: true,
    autoComplete: "email",
    inputMode: "email",
    message: { emoji: "📧" },
  };
}

export function address(required: boolean): FieldDefinition {
  return {
    name: "direccion",
    label: "Dirección",
    type: "text",
    required,
    autoComplete: "address-line1",
    placeholder: "Calle y número",
    message: { emoji: "📍" },
  };
}

export type SelectField = {
  name: string;
  label: string;
  options: readonly string[];
  /** The emoji of the field's line in the message. */
  emoji: string;
  required?: boolean;
  help?: string;
  /** The field's name in the message, when it differs from the label. */
  messageLabel?: string;
};

export function select({
  name,
  label,
  options,
  emoji,
  required = false,
  help,
  messageLabel,
}: SelectField): FieldDefinition {
  return {
    name,
    label,
    type: "select",
    options,
    required,
    ...(help ? { help } : {}),
    message: messageLabel ? { emoji, label: messageLabel } : { emoji },
  };
}

/** Whether the property is let today (field names differ between forms: conRenta, con_renta). */
export function rented(name: string): FieldDefinition {
  return select({
    name,
    label: "¿Tiene renta?",
    options: yesNo,
    emoji: "💰",
    help: "Si hoy está alquilada.",
    messageLabel: "Con renta",
  });
}
