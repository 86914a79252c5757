import { describe, expect, test } from "vitest";

import { translateFieldText } from "../../../content/en/lead-forms.ts";
import { towers } from "../../../content/towers.ts";
import { composeMessage } from "../compose-message.ts";
import { expressOnlineForm, formInLanguage } from "../markup/site-forms.ts";
import { offPlanForm } from "./off-plan.ts";
import { modalForms } from "../markup/form-registry.ts";
import { allFields, type FormDefinition } from "./types.ts";

const definitions: FormDefinition[] = [...Object.values(modalForms), expressOnlineForm, offPlanForm(2026)];
const towerNames = new Set(towers.map((tower) => tower.nombre));

/** Every text a visitor reads in a definition: titles, labels, help, options. */
function texts(definition: FormDefinition): string[] {
  return [
    definition.title,
    definition.description ?? "",
    definition.messageHeading,
    ...definition.sections.flatMap((section) => [
      section.title,
      ...section.fields.flatMap((field) => [
        field.label,
        field.help ?? "",
        field.placeholder ?? "",
        field.message.label ?? "",
        ...(field.options ?? []),
      ]),
    ]),
  ].filter(Boolean);
}

describe("the English forms", () => {
  test("every Spanish text of every form has its English (tower names and bare numbers stay)", () => {
    const missing = definitions
      .flatMap(texts)
      .filter(
        (text) => !towerNames.has(text) && !/^[\d+]+$/.test(text) && translateFieldText(text) === undefined,
      );
    expect([...new Set(missing)]).toEqual([]);
  });

  test("keep the field names, types, requirements, limits and stored values of the one definition", () => {
    for (const definition of definitions) {
      const english = formInLanguage(definition, "en");
      expect(english.id).toBe(definition.id);
      expect(english.presetField).toBe(definition.presetField);
      const shape = (form: FormDefinition) =>
        allFields(form).map(({ name, type, required, options, maxLength, unit }) => ({
          name,
          type,
          required,
          options,
          maxLength,
          unit,
        }));
      expect(shape(english), definition.id).toEqual(shape(definition));
    }
  });

  test("show English words for the stored Spanish values", () => {
    const english = formInLanguage(modalForms.valuation, "en");
    const view = allFields(english).find((field) => field.name === "vista")!;
    expect(view.label).toBe("View");
    expect(view.options).toContain("Río");
    expect(view.optionLabels?.["Río"]).toBe("River");
    const tower = allFields(english).find((field) => field.name === "torre")!;
    expect(tower.optionLabels?.["Alvear Tower"]).toBeUndefined();
    expect(tower.optionLabels?.["Otro"]).toBe("Other");
    expect(tower.optionLabels?.["Consulta general"]).toBe("General enquiry");
  });

  test("compose an English message that says the visitor prefers English", () => {
    const message = composeMessage(formInLanguage(modalForms.valuation, "en"), {
      torre: "Alvear Tower",
      ambientes: "3",
      vista: "Río",
      cochera: "Sí",
      superficieCubierta: "120",
      antiguedad: "A estrenar",
      conRenta: "No",
      nombre: "Jane Smith",
      whatsapp: "+44 20 7946 0000",
      email: "jane@example.com",
    });
    expect(message).toBe(
      [
        "Hello, I would like to request a property valuation. I prefer to continue in English.",
        "🏢 Tower: Alvear Tower\n🚪 Rooms: 3\n🌅 View: River\n🚗 Parking space: Yes",
        "📐 Covered area: 120 m²\n📅 Age of the building: Brand new\n💰 Let: No",
        "👤 Name: Jane Smith\n📱 WhatsApp: +44 20 7946 0000\n📧 Email: jane@example.com",
      ].join("\n\n"),
    );
  });

  test("the Spanish form is the definition itself", () => {
    for (const definition of definitions) expect(formInLanguage(definition, "es")).toBe(definition);
  });

  test("the move-in years read in English whatever the year", () => {
    const english = formInLanguage(offPlanForm(2031), "en");
    const move = allFields(english).find((field) => field.name === "cuando_mudarse")!;
    expect(move.optionLabels?.["2035 o más tarde"]).toBe("2035 or later");
  });
});
