import { describe, expect, test } from "vitest";

import { buildWhatsAppUrl } from "../../lib/whatsapp.ts";
import { composeMessage, messageValues, readValues } from "./compose-message.ts";
import { apartmentForm } from "./forms/apartment.ts";
import { expressForm, expressOnlineForm } from "./markup/site-forms.ts";
import { offPlanForm } from "./forms/off-plan.ts";
import { saleByTypeForm } from "./forms/sale-by-type.ts";
import { saleForm } from "./forms/sale.ts";
import { valuationForm } from "./forms/valuation.ts";

const contact = { nombre: "María José Núñez", email: "maria.nunez@example.com" };
const tricky = `Piso 12 "A" & 'B' # 50% + 1? a=b / c — ñandú 🏠\n<script>alert(1)</script>\nשלום مرحبا`;

describe("composeMessage", () => {
  test("home express request: heading, emoji lines, m², contact; no urgencia line", () => {
    const message = composeMessage(expressForm, {
      tipoPropiedad: "Departamento",
      edificio: "Alvear Tower",
      direccion: "Azucena Villaflor 559",
      superficie: "85",
      ambientes: "3 ambientes",
      ...contact,
      telefono: "+54 9 11 5555-5555",
      urgencia: "24 horas",
    });
    expect(message).toBe(
      [
        "Hola, quiero hacer una solicitud de tasación express.",
        "",
        "🏠 Tipo de propiedad: Departamento",
        "🏢 Edificio: Alvear Tower",
        "📍 Dirección: Azucena Villaflor 559",
        "",
        "📐 Superficie: 85 m²",
        "🚪 Ambientes: 3 ambientes",
        "",
        "👤 Nombre: María José Núñez",
        "📱 Teléfono: +54 9 11 5555-5555",
        "📧 Email: maria.nunez@example.com",
      ].join("\n"),
    );
  });

  test("home express request without a building leaves the line out", () => {
    const message = composeMessage(expressForm, {
      tipoPropiedad: "PH",
      edificio: "",
      direccion: "Olga Cossettini 1500",
      superficie: "120.5",
      ambientes: "5+ ambientes",
      ...contact,
      telefono: "1155555555",
    });
    expect(message).not.toContain("Edificio");
    expect(message).toContain("📐 Superficie: 120.5 m²");
  });

  test("valuation request", () => {
    const message = composeMessage(valuationForm, {
      torre: "Mulieris",
      ambientes: "3",
      vista: "Río",
      cochera: "Sí",
      superficieCubierta: "110",
      superficieDescubierta: "15",
      superficieTotal: "125",
      antiguedad: "6-10 años",
      estado: "Muy bueno",
      conRenta: "No",
      comentarios: "Dos cocheras.\r\nBaulera en el subsuelo.",
      ...contact,
      whatsapp: "+54 9 11 4444-4444",
    });
    expect(message).toBe(
      [
        "Hola, quiero hacer una solicitud de valoración inmobiliaria.",
        "",
        "🏢 Torre: Mulieris",
        "🚪 Ambientes: 3",
        "🌅 Vista: Río",
        "🚗 Cochera: Sí",
        "",
        "📐 Superficie cubierta: 110 m²",
        "📐 Superficie descubierta: 15 m²",
        "📐 Superficie total: 125 m²",
        "📅 Antigüedad: 6-10 años",
        "🛠️ Estado: Muy bueno",
        "💰 Con renta: No",
        "💬 Comentarios: Dos cocheras.\nBaulera en el subsuelo.",
        "",
        "👤 Nombre: María José Núñez",
        "📱 WhatsApp: +54 9 11 4444-4444",
        "📧 Email: maria.nunez@example.com",
      ].join("\n"),
    );
  });

  test("valuation request with only the required fields omits every optional label", () => {
    const message = composeMessage(valuationForm, {
      torre: "Otro",
      ambientes: "1",
      vista: "Ciudad",
      cochera: "",
      superficieCubierta: "",
      superficieDescubierta: "",
      superficieTotal: "",
      antiguedad: "",
      estado: "",
      conRenta: "",
      comentarios: "   ",
      ...contact,
      whatsapp: "1155555555",
    });
    expect(message).toBe(
      [
        "Hola, quiero hacer una solicitud de valoración inmobiliaria.",
        "",
        "🏢 Torre: Otro",
        "🚪 Ambientes: 1",
        "🌅 Vista: Ciudad",
        "",
        "👤 Nombre: María José Núñez",
        "📱 WhatsApp: 1155555555",
        "📧 Email: maria.nunez@example.com",
      ].join("\n"),
    );
  });

  test("sale appraisal request (/tasaciones)", () => {
    const message = composeMessage(saleForm, {
      tipoPropiedad: "Penthouse",
      direccion: "Juana Manso 1100",
      ambientes: "5+",
      vista: "Reserva",
      cochera: "Sí",
      superficieCubierta: "300",
      superficieDescubierta: "80",
      superficieTotal: "380",
      antiguedad: "A estrenar",
      estado: "Excelente",
      conRenta: "No",
      urgencia: "1 semana",
      precioEstimado: "USD 1.200.000",
      comentarios: "",
      ...contact,
      whatsapp: "1155555555",
    });
    expect(message).toBe(
      [
        "Hola, quiero hacer una solicitud de tasación para venta.",
        "",
        "🏠 Tipo de propiedad: Penthouse",
        "📍 Dirección: Juana Manso 1100",
        "🚪 Ambientes: 5+",
        "🌅 Vista: Reserva",
        "🚗 Cochera: Sí",
        "",
        "📐 Superficie cubierta: 300 m²",
        "📐 Superficie descubierta: 80 m²",
        "📐 Superficie total: 380 m²",
        "📅 Antigüedad: A estrenar",
        "🛠️ Estado: Excelente",
        "💰 Con renta: No",
        "⏱️ Urgencia: 1 semana",
        "💵 Precio estimado (USD): USD 1.200.000",
        "",
        "👤 Nombre: María José Núñez",
        "📱 WhatsApp: 1155555555",
        "📧 Email: maria.nunez@example.com",
      ].join("\n"),
    );
  });

  test("apartment appraisal: fields without an input never appear", () => {
    const message = composeMessage(apartmentForm, {
      edificio: "Consulta general",
      ambientes: "2",
      vista: "Puerto",
      cochera: "Opcional",
      m2_cubiertos: "60",
      m2_descubiertos: "",
      m2_totales: "60",
      antiguedad: "Menos de 5 años",
      estado: "Bueno",
      con_renta: "Sí",
      comentarios: tricky,
      ...contact,
      telefono: "1155555555",
      // Read by the original message although the form has no such inputs.
      direccion: "x",
      piso: "x",
      dormitorios: "x",
      banos: "x",
      amenities: ["x"],
      luminosidad: "x",
      urgencia: "x",
    });
    expect(message).toBe(
      [
        "Hola, quiero hacer una solicitud de tasación de departamento.",
        "",
        "🏢 Edificio: Consulta general",
        "🚪 Ambientes: 2",
        "🌅 Vista: Puerto",
        "🚗 Cochera: Opcional",
        "",
        "📐 Superficie cubierta: 60 m²",
        "📐 Superficie total: 60 m²",
        "📅 Antigüedad: Menos de 5 años",
        "🛠️ Estado: Bueno",
        "💰 Con renta: Sí",
        `💬 Comentarios: ${tricky}`,
        "",
        "👤 Nombre: María José Núñez",
        "📱 WhatsApp: 1155555555",
        "📧 Email: maria.nunez@example.com",
      ].join("\n"),
    );
  });

  test("sale appraisal by type (/tasar-propiedades)", () => {
    const message = composeMessage(saleByTypeForm, {
      tipoPropiedad: "Consulta Venta",
      edificio: "Zencity",
      direccion: "Juana Manso 1661",
      piso: "23",
      ambientes: "4",
      vista: "Río",
      m2_cubiertos: "150",
      m2_descubiertos: "20",
      m2_totales: "170",
      cochera: "Incluida",
      antiguedad: "5 a 10 años",
      estado: "A refaccionar",
      con_renta: "No",
      comentarios: "Quiero vender este año.",
      ...contact,
      telefono: "1155555555",
    });
    expect(message).toBe(
      [
        "Hola, quiero hacer una solicitud de tasación de propiedad para venta.",
        "",
        "🏠 Tipo de propiedad: Consulta Venta",
        "🏢 Edificio: Zencity",
        "📍 Dirección: Juana Manso 1661",
        "🔢 Piso: 23",
        "🚪 Ambientes: 4",
        "🌅 Vista: Río",
        "",
        "📐 Superficie cubierta: 150 m²",
        "📐 Superficie descubierta: 20 m²",
        "📐 Superficie total: 170 m²",
        "🚗 Cochera: Incluida",
        "📅 Antigüedad: 5 a 10 años",
        "🛠️ Estado: A refaccionar",
        "💰 Con renta: No",
        "💬 Comentarios: Quiero vender este año.",
        "",
        "👤 Nombre: María José Núñez",
        "📱 Teléfono: 1155555555",
        "📧 Email: maria.nunez@example.com",
      ].join("\n"),
    );
  });

  test("express online form lists the checked amenities on one line", () => {
    const base = {
      tipoPropiedad: "Oficina",
      direccion: "Av. Alicia Moreau de Justo 1050",
      superficie: "200",
      ambientes: "5+",
      antiguedad: "Más de 20 años",
      estado: "A reciclar",
      urgencia: "48 horas",
      contacto: "Estudio Pérez & Asoc.",
      telefono: "1155555555",
      email: "estudio@example.com",
    };
    expect(
      composeMessage(expressOnlineForm, { ...base, amenities: ["Cochera", "Seguridad 24 h", "SUM"] }),
    ).toBe(
      [
        "Hola, quiero hacer una solicitud de tasación express online.",
        "",
        "🏠 Tipo de propiedad: Oficina",
        "📍 Dirección: Av. Alicia Moreau de Justo 1050",
        "📐 Superficie: 200 m²",
        "🚪 Ambientes: 5+",
        "",
        "📅 Antigüedad: Más de 20 años",
        "🛠️ Estado: A reciclar",
        "✨ Amenities: Cochera, Seguridad 24 h, SUM",
        "⏱️ Urgencia: 48 horas",
        "",
        "👤 Nombre: Estudio Pérez & Asoc.",
        "📱 Teléfono: 1155555555",
        "📧 Email: estudio@example.com",
      ].join("\n"),
    );
    expect(composeMessage(expressOnlineForm, { ...base, amenities: [] })).not.toContain("Amenities");
  });

  test("off-plan consultation (the WhatsApp fallback of the hosted form)", () => {
    const message = composeMessage(offPlanForm(2026), {
      presupuesto: "USD 200.000 - 300.000",
      tipologia: "2 dormitorios",
      preferencia_piso: "Piso alto (26 o más)",
      tipo_edificio: "Frente al río",
      composicion_familiar: "Pareja con 1 hijo",
      cuando_mudarse: "2030 o más tarde",
      dispuesto_esperar: "Hasta 3 años",
      nombre: "Juan Pérez",
      telefono: "1155555555",
      email: "juan@example.com",
      comentarios: "",
    });
    expect(message).toBe(
      [
        "Hola, quiero hacer una consulta de inversión en pozo.",
        "",
        "💵 Presupuesto: USD 200.000 - 300.000",
        "🛏️ Tipología: 2 dormitorios",
        "🔢 Preferencia de piso: Piso alto (26 o más)",
        "🏙️ Tipo de edificio: Frente al río",
        "",
        "👨‍👩‍👧 Composición familiar: Pareja con 1 hijo",
        "📅 Mudanza: 2030 o más tarde",
        "⏳ Espera posible: Hasta 3 años",
        "",
        "👤 Nombre: Juan Pérez",
        "📱 Teléfono: 1155555555",
        "📧 Email: juan@example.com",
      ].join("\n"),
    );
  });

  test("a 500-character comment arrives whole", () => {
    const long = "ñ".repeat(250) + "😀".repeat(125);
    expect(long).toHaveLength(500);
    expect(composeMessage(apartmentForm, { comentarios: long })).toContain(`💬 Comentarios: ${long}`);
  });
});

describe("messageValues", () => {
  test("every field of the form, as the message carries it: trimmed, one line where the field has one, lists without blanks", () => {
    const values = messageValues(expressOnlineForm, {
      tipoPropiedad: "  Casa ",
      direccion: "Juana Manso 1000\r\nPiso 3",
      amenities: ["SUM", " ", "Pileta"],
      intruso: "x",
    });
    expect(values).toEqual({
      tipoPropiedad: "Casa",
      // A text input has one line (browsers drop line breaks from it); a script's are spaces.
      direccion: "Juana Manso 1000 Piso 3",
      superficie: "",
      ambientes: "",
      antiguedad: "",
      estado: "",
      amenities: ["SUM", "Pileta"],
      urgencia: "",
      contacto: "",
      telefono: "",
      email: "",
    });
    expect(composeMessage(expressOnlineForm, values)).toBe(
      composeMessage(expressOnlineForm, {
        tipoPropiedad: "Casa",
        direccion: "Juana Manso 1000 Piso 3",
        amenities: ["SUM", "Pileta"],
      }),
    );
  });
});

describe("readValues", () => {
  test("reads text by field name and checkbox groups as lists, ignoring unknown keys", () => {
    const data = new FormData();
    data.append("tipoPropiedad", "Casa");
    data.append("amenities", "Pileta");
    data.append("amenities", "SUM");
    data.append("intruso", "x");
    const values = readValues(expressOnlineForm, data);
    expect(values.tipoPropiedad).toBe("Casa");
    expect(values.amenities).toEqual(["Pileta", "SUM"]);
    expect(values.direccion).toBe("");
    expect(values).not.toHaveProperty("intruso");
  });
});

describe("buildWhatsAppUrl", () => {
  test("keeps only the digits of the number and round-trips every character of the text", () => {
    const text = composeMessage(apartmentForm, {
      comentarios: tricky,
      nombre: "Zoë 🙂",
      telefono: "+54 (11) 5555",
    });
    const url = buildWhatsAppUrl("+54 9 11 0000-0000", text);
    expect(url.startsWith("https://wa.me/5491100000000?text=")).toBe(true);
    const parsed = new URL(url);
    expect(parsed.hostname).toBe("wa.me");
    expect([...parsed.searchParams.keys()]).toEqual(["text"]);
    expect(parsed.searchParams.get("text")).toBe(text);
    expect(decodeURIComponent(url.split("?text=")[1]!)).toBe(text);
    // Nothing that would end or split the parameter survives unencoded.
    expect(url.split("?text=")[1]).not.toMatch(/[&#?=+ \n<>"]/);
  });
});
