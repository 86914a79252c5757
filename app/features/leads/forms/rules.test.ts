import { describe, expect, test } from "vitest";

import { messageValues } from "../compose-message.ts";
import { expressForm, expressOnlineForm, formInLanguage } from "../markup/site-forms.ts";
import { offPlanForm } from "./off-plan.ts";
import { reservedFields } from "./reserved-fields.ts";
import { checkAnswer, checkAnswers, fieldRules, phonePattern } from "./rules.ts";
import { saleByTypeForm } from "./sale-by-type.ts";
import { allFields, type FieldDefinition, type FormDefinition } from "./types.ts";
import { valuationForm } from "./valuation.ts";

const field = (definition: FormDefinition, name: string): FieldDefinition =>
  allFields(definition).find((candidate) => candidate.name === name)!;

const expressAnswers = {
  tipoPropiedad: "Departamento",
  edificio: "Otro",
  direccion: "Juana Manso 1000",
  superficie: "85.5",
  ambientes: "3 ambientes",
  nombre: "Ana",
  telefono: "+54 9 11 5555-0101",
  email: "ana@example.com",
};

describe("fieldRules: one definition of every limit", () => {
  test("each text-like field has a maxlength; numbers a range; phones the pattern", () => {
    expect(fieldRules(field(expressForm, "nombre"))).toEqual({ required: true, maxLength: 200 });
    expect(fieldRules(field(expressForm, "email")).maxLength).toBe(254);
    expect(fieldRules(field(expressForm, "telefono"))).toMatchObject({
      maxLength: 30,
      pattern: phonePattern,
    });
    expect(fieldRules(field(expressForm, "superficie"))).toMatchObject({ min: 1, max: 100_000 });
    expect(fieldRules(field(valuationForm, "superficieDescubierta"))).toMatchObject({ min: 0 });
    expect(fieldRules(field(valuationForm, "comentarios")).maxLength).toBe(500);
  });
});

describe("checkAnswer", () => {
  const phone = field(expressForm, "telefono");
  test("phones: 8 to 15 digits, with spaces, dashes, dots, parentheses and a leading +", () => {
    for (const ok of [
      "11 5555-5555",
      "+54 9 11 5555-0101",
      "(011) 4555.0000",
      "12345678",
      "+123456789012345",
    ])
      expect(checkAnswer(phone, ok), ok).toBeNull();
    for (const bad of [
      "abc",
      "1234567",
      "+1234567890123456",
      "11 5555 abcd",
      "++5411555555",
      "5555-5555 int. 2x",
    ])
      expect(checkAnswer(phone, bad), bad).toEqual({ kind: "phone" });
  });

  test("the phone pattern means the same under the browser's v flag and the u flag", () => {
    const v = new RegExp(`^(?:${phonePattern})$`, "v");
    const u = new RegExp(`^(?:${phonePattern})$`, "u");
    for (const sample of ["11 5555-5555", "abc", "(011) 4555.0000", "1234567"])
      expect(v.test(sample)).toBe(u.test(sample));
  });

  test("e-mail: the HTML standard's valid e-mail address", () => {
    const email = field(expressForm, "email");
    for (const ok of ["a@b", "zoe.o'brien+lead@mail.example.com.ar", "x@xn--and-6ma2c.com"])
      expect(checkAnswer(email, ok), ok).toBeNull();
    for (const bad of ["not-an-email", "a@", "@b", "a b@c.com", "ñ@example.com", "a@-b.com"])
      expect(checkAnswer(email, bad), bad).toEqual({ kind: "email" });
  });

  test("numbers: what input type=number submits, finite, within the field's range", () => {
    const surface = field(expressForm, "superficie");
    for (const ok of ["1", "85.5", "100000", ".5e1", "1e3"]) expect(checkAnswer(surface, ok), ok).toBeNull();
    for (const bad of ["85,5", "80 m2", "abc", "0x10", "Infinity", " "])
      expect(checkAnswer(surface, bad)?.kind, bad).toMatch(/notANumber|missing/);
    for (const bad of ["-1e309", "1e309", "0", "-1", "100000.01"])
      expect(checkAnswer(surface, bad), bad).toEqual({ kind: "outOfRange", min: 1, max: 100_000 });
  });

  test("selects and checkboxes: values from the list only, at most the list's length", () => {
    const type = field(expressForm, "tipoPropiedad");
    expect(checkAnswer(type, "Castillo medieval")).toEqual({ kind: "notAnOption" });
    expect(checkAnswer(field(expressForm, "ambientes"), "99 ambientes")).toEqual({ kind: "notAnOption" });
    const amenities = field(expressOnlineForm, "amenities");
    expect(checkAnswer(amenities, ["Pileta", "Gimnasio"])).toBeNull();
    expect(checkAnswer(amenities, ["Pileta", "Helipuerto"])).toEqual({ kind: "notAnOption" });
    expect(checkAnswer(amenities, Array(51).fill("Pileta"))).toEqual({ kind: "tooManyChoices", max: 15 });
  });

  test("texts: up to maxlength, required ones present", () => {
    const name = field(expressForm, "nombre");
    expect(checkAnswer(name, "a".repeat(200))).toBeNull();
    expect(checkAnswer(name, "a".repeat(201))).toEqual({ kind: "tooLong", max: 200 });
    expect(checkAnswer(name, "")).toEqual({ kind: "missing" });
    expect(checkAnswer(field(saleByTypeForm, "piso"), "")).toBeNull();
  });
});

describe("checkAnswers: a whole submission", () => {
  const names = (values: object) => [...Object.keys(values), ...reservedFields];

  test("a correct submission has no problems; unknown fields are refused, reserved ones are not", () => {
    expect(checkAnswers(expressForm, expressAnswers, names(expressAnswers), reservedFields)).toEqual({});
    expect(
      checkAnswers(
        expressForm,
        expressAnswers,
        [...names(expressAnswers), "campo_inventado"],
        reservedFields,
      ),
    ).toEqual({ campo_inventado: { kind: "unknownField" } });
  });

  test("the presets openers choose are accepted on the preset field only", () => {
    const preset = { ...expressAnswers, edificio: "Consulta general" };
    expect(checkAnswers(expressForm, preset, names(preset), reservedFields)).toEqual({});
    const elsewhere = { ...expressAnswers, tipoPropiedad: "Consulta general" };
    expect(checkAnswers(expressForm, elsewhere, names(elsewhere), reservedFields)).toEqual({
      tipoPropiedad: { kind: "notAnOption" },
    });
  });

  test("the English form stores the Spanish values, and accepts them", () => {
    const english = formInLanguage(expressForm, "en");
    expect(checkAnswers(english, expressAnswers, names(expressAnswers), reservedFields)).toEqual({});
  });

  test("off-plan move-in years: another year's list only where the service allows it", () => {
    const answers = {
      presupuesto: "USD 200.000 - 300.000",
      tipologia: "2 dormitorios",
      preferencia_piso: "Piso alto (26 o más)",
      tipo_edificio: "Frente al río",
      composicion_familiar: "Pareja sin hijos",
      cuando_mudarse: "2029 o más tarde",
      dispuesto_esperar: "Hasta 3 años",
      nombre: "Inversor",
      telefono: "11 3333 0000",
      email: "inversor@example.com",
    };
    const january = offPlanForm(2026);
    expect(checkAnswers(january, answers, names(answers), reservedFields)).toEqual({
      cuando_mudarse: { kind: "notAnOption" },
    });
    const lastYear = allFields(offPlanForm(2025)).find((candidate) => candidate.name === "cuando_mudarse")!;
    expect(
      checkAnswers(january, answers, names(answers), reservedFields, {
        alsoAccepted: { cuando_mudarse: lastYear.options! },
      }),
    ).toEqual({});
  });
});

describe("messageValues: control characters never reach the message or the database", () => {
  test("NUL and other C0 controls are removed; a text area keeps its tabs and line breaks", () => {
    const values = messageValues(valuationForm, {
      nombre: "Ana\u0000 María\u0007\u001b",
      direccion: "",
      comentarios: "uno\r\n\tdos\u0000\u000b tres\u007f",
    });
    expect(values.nombre).toBe("Ana María");
    expect(values.comentarios).toBe("uno\n\tdos tres");
  });

  test("a single-line answer turns tabs and line breaks into spaces", () => {
    expect(messageValues(expressForm, { nombre: "Ana\tMaría\r\nPérez" }).nombre).toBe("Ana María Pérez");
  });
});
