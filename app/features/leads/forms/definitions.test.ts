import { describe, expect, test } from "vitest";

import { propertyTypes } from "../../../content/property-types.ts";
import { towers } from "../../../content/towers.ts";
import { apartmentForm } from "./apartment.ts";
import { expressForm, expressOnlineForm } from "../markup/site-forms.ts";
import { modalFormIds } from "./catalogue.ts";
import { offPlanForm } from "./off-plan.ts";
import { modalForms } from "../markup/form-registry.ts";
import { saleByTypeForm } from "./sale-by-type.ts";
import { saleForm } from "./sale.ts";
import { allForms } from "./all-forms.ts";
import { allFields, type FormDefinition } from "./types.ts";
import { valuationForm } from "./valuation.ts";

/** Spec section 3, field by field; minus the fields it says have no input (decision 3). */
const spec: { form: FormDefinition; fields: string[]; withoutInput?: string[]; required: string[] }[] = [
  {
    form: expressForm,
    fields: [
      "tipoPropiedad",
      "direccion",
      "superficie",
      "ambientes",
      "nombre",
      "telefono",
      "email",
      "urgencia",
      "edificio",
    ],
    withoutInput: ["urgencia"],
    required: ["tipoPropiedad", "direccion", "superficie", "ambientes", "nombre", "telefono", "email"],
  },
  {
    form: valuationForm,
    fields: [
      "torre",
      "ambientes",
      "vista",
      "cochera",
      "superficieCubierta",
      "superficieDescubierta",
      "superficieTotal",
      "antiguedad",
      "estado",
      "conRenta",
      "comentarios",
      "nombre",
      "whatsapp",
      "email",
    ],
    required: ["torre", "ambientes", "vista", "nombre", "whatsapp", "email"],
  },
  {
    form: saleForm,
    fields: [
      "tipoPropiedad",
      "direccion",
      "ambientes",
      "vista",
      "cochera",
      "superficieCubierta",
      "superficieDescubierta",
      "superficieTotal",
      "antiguedad",
      "estado",
      "conRenta",
      "urgencia",
      "precioEstimado",
      "comentarios",
      "nombre",
      "whatsapp",
      "email",
    ],
    required: ["tipoPropiedad", "direccion", "ambientes", "vista", "nombre", "whatsapp", "email"],
  },
  {
    form: apartmentForm,
    fields: [
      "edificio",
      "nombre",
      "telefono",
      "email",
      "ambientes",
      "vista",
      "m2_cubiertos",
      "m2_descubiertos",
      "m2_totales",
      "cochera",
      "antiguedad",
      "estado",
      "con_renta",
      "comentarios",
      "direccion",
      "piso",
      "dormitorios",
      "banos",
      "amenities",
      "luminosidad",
      "urgencia",
    ],
    withoutInput: ["direccion", "piso", "dormitorios", "banos", "amenities", "luminosidad", "urgencia"],
    required: ["edificio", "nombre", "telefono", "email", "ambientes", "vista"],
  },
  {
    form: saleByTypeForm,
    fields: [
      "tipoPropiedad",
      "edificio",
      "nombre",
      "telefono",
      "email",
      "ambientes",
      "vista",
      "m2_cubiertos",
      "m2_descubiertos",
      "m2_totales",
      "cochera",
      "antiguedad",
      "estado",
      "direccion",
      "piso",
      "con_renta",
      "comentarios",
    ],
    required: ["tipoPropiedad", "edificio", "nombre", "telefono", "email", "ambientes", "vista"],
  },
  {
    form: expressOnlineForm,
    fields: [
      "tipoPropiedad",
      "direccion",
      "superficie",
      "ambientes",
      "antiguedad",
      "estado",
      "amenities",
      "contacto",
      "telefono",
      "email",
      "urgencia",
    ],
    required: [
      "tipoPropiedad",
      "superficie",
      "ambientes",
      "antiguedad",
      "direccion",
      "estado",
      "contacto",
      "telefono",
      "email",
      "urgencia",
    ],
  },
  {
    form: offPlanForm(2026),
    fields: [
      "presupuesto",
      "tipologia",
      "preferencia_piso",
      "tipo_edificio",
      "composicion_familiar",
      "cuando_mudarse",
      "dispuesto_esperar",
      "nombre",
      "telefono",
      "email",
      "comentarios",
    ],
    required: [
      "presupuesto",
      "tipologia",
      "preferencia_piso",
      "tipo_edificio",
      "composicion_familiar",
      "cuando_mudarse",
      "dispuesto_esperar",
      "nombre",
      "telefono",
      "email",
    ],
  },
];

describe.each(spec)("$form.id form", ({ form, fields, withoutInput = [], required }) => {
  const defined = allFields(form);

  test("has exactly the spec's fields, each once", () => {
    const expected = fields.filter((name) => !withoutInput.includes(name));
    expect(defined.map((field) => field.name).sort()).toEqual([...expected].sort());
  });

  test("requires exactly the spec's required fields", () => {
    expect(
      defined
        .filter((field) => field.required)
        .map((field) => field.name)
        .sort(),
    ).toEqual([...required].sort());
  });

  test("uses native types: tel and email for contact, number with m² for surfaces", () => {
    for (const field of defined) {
      if (field.name === "email") expect(field.type).toBe("email");
      if (["telefono", "whatsapp"].includes(field.name)) expect(field.type).toBe("tel");
      if (/superficie|^m2_/.test(field.name)) expect([field.type, field.unit]).toEqual(["number", "m²"]);
      if (field.name === "comentarios") expect(field.maxLength).toBe(500);
      if (field.type === "select" || field.type === "checkboxes")
        expect(field.options?.length).toBeGreaterThan(1);
      expect(field.label.trim()).not.toBe("");
      expect(field.message.emoji.trim()).not.toBe("");
    }
  });

  test("its preset field exists", () => {
    if (form.presetField) expect(defined.map((field) => field.name)).toContain(form.presetField);
  });
});

describe("enumerations", () => {
  const options = (form: FormDefinition, name: string) =>
    allFields(form).find((field) => field.name === name)?.options;

  test("tower dropdowns list the 26 towers of the catalogue, then 'Otro'", () => {
    const expected = [...towers.map((tower) => tower.nombre), "Otro"];
    expect(expected).toHaveLength(27);
    expect(options(valuationForm, "torre")).toEqual(expected);
    expect(options(apartmentForm, "edificio")).toEqual(expected);
    expect(options(expressForm, "edificio")).toEqual(expected);
  });

  test("every tower dropdown lists the towers it is given: the published ones, in the service", () => {
    const published = [{ nombre: "Torre Nueva" }, { nombre: "Alvear Tower" }];
    const forms = allForms({ deliveryHours: "48" }, 2026, published);
    const towerFields = Object.values(forms).flatMap((form) =>
      allFields(form)
        .filter((field) => field.options?.includes("Otro") && field.options.includes("Torre Nueva"))
        .map((field) => `${form.id}.${field.name}`),
    );
    expect(towerFields.sort()).toEqual([
      "apartment.edificio",
      "express.edificio",
      "sale-by-type.edificio",
      "valuation.torre",
    ]);
    expect(options(forms.apartment, "edificio")).toEqual(["Torre Nueva", "Alvear Tower", "Otro"]);
  });

  test("lists follow the spec, in Spanish", () => {
    expect(options(expressForm, "tipoPropiedad")).toEqual([
      "Departamento",
      "Casa",
      "PH",
      "Oficina",
      "Local Comercial",
      "Cochera",
    ]);
    expect(options(expressOnlineForm, "tipoPropiedad")).toEqual(options(expressForm, "tipoPropiedad"));
    expect(options(saleForm, "tipoPropiedad")).toEqual(propertyTypes.map((type) => type.tipo));
    expect(options(saleForm, "tipoPropiedad")).toEqual([
      "Casa",
      "Loft",
      "Penthouse",
      "Oficina",
      "Local Comercial",
      "Estudio",
    ]);
    expect(options(expressForm, "ambientes")).toEqual([
      "1 ambiente",
      "2 ambientes",
      "3 ambientes",
      "4 ambientes",
      "5+ ambientes",
    ]);
    expect(options(valuationForm, "ambientes")).toEqual(["1", "2", "3", "4", "5+"]);
    expect(options(valuationForm, "vista")).toEqual(["Río", "Ciudad", "Puerto", "Reserva", "Interna"]);
    expect(options(valuationForm, "cochera")).toEqual(["Sí", "No"]);
    expect(options(apartmentForm, "cochera")).toHaveLength(3);
    expect(options(saleForm, "antiguedad")).toEqual([
      "A estrenar",
      "1-5 años",
      "6-10 años",
      "11-20 años",
      "20+ años",
    ]);
    expect(options(apartmentForm, "antiguedad")).toHaveLength(5);
    expect(options(valuationForm, "estado")).toEqual(["Excelente", "Muy bueno", "Bueno", "A refaccionar"]);
    expect(options(expressOnlineForm, "estado")).toEqual([
      "Excelente",
      "Muy bueno",
      "Bueno",
      "A refaccionar",
      "A reciclar",
    ]);
    expect(options(saleForm, "urgencia")).toEqual(["24 horas", "48 horas", "1 semana", "Sin urgencia"]);
    expect(options(expressOnlineForm, "urgencia")).toEqual(["24 horas", "48 horas", "1 semana"]);
    expect(options(expressOnlineForm, "amenities")).toHaveLength(15);
    const offPlan = offPlanForm(2026);
    expect(options(offPlan, "presupuesto")).toHaveLength(5);
    expect(options(offPlan, "tipologia")).toHaveLength(6);
    expect(options(offPlan, "preferencia_piso")).toHaveLength(4);
    expect(options(offPlan, "tipo_edificio")).toHaveLength(4);
    expect(options(offPlan, "composicion_familiar")).toHaveLength(5);
    expect(options(offPlan, "dispuesto_esperar")).toHaveLength(4);
  });

  test("move-in years start at the given year (decision 6)", () => {
    expect(options(offPlanForm(2026), "cuando_mudarse")).toEqual([
      "2026",
      "2027",
      "2028",
      "2029",
      "2030 o más tarde",
    ]);
    expect(options(offPlanForm(2031), "cuando_mudarse")).toEqual([
      "2031",
      "2032",
      "2033",
      "2034",
      "2035 o más tarde",
    ]);
  });
});

test("each modal form is registered under its own id", () => {
  expect(Object.keys(modalForms)).toEqual([...modalFormIds]);
  for (const id of modalFormIds) expect(modalForms[id].id).toBe(id);
});
