import type { SiteConfig } from "../../config/site-config.ts";

/**
 * The WhatsApp message's first line: it names the request and tells the
 * appraiser to answer in English (product decision 18).
 */
const messageOpening = (heading: string) =>
  `Hello, I would like to request ${heading}. I prefer to continue in English.`;

/**
 * The English of every text the form definitions are written with (labels,
 * help, options, titles), keyed by the Spanish text. The values stored and
 * sent to the service stay the Spanish ones; the visitor reads these, and so
 * does the appraiser in the WhatsApp message. Tower names and bare numbers
 * are not translated; forms/localize.test.ts fails on any other missing text.
 */
const fieldText = (site: Pick<SiteConfig, "deliveryHours">): Readonly<Record<string, string>> => ({
  // Titles, descriptions and what each message asks for.
  "Solicitar tasación express": "Request an express appraisal",
  [`Contanos lo básico de tu propiedad y recibí el informe en ${site.deliveryHours} horas.`]: `Tell us the basics of your property and receive the report within ${site.deliveryHours.replace("-", "–")} hours.`,
  "solicitud de tasación express": "an express appraisal",
  "Solicitar valoración": "Request a valuation",
  "Con estos datos preparamos la valoración de tu departamento.":
    "With these details we prepare the valuation of your apartment.",
  "solicitud de valoración inmobiliaria": "a property valuation",
  "Solicitar tasación para venta": "Request an appraisal for sale",
  "Tasamos tu propiedad con una estrategia comercial para venderla en el mejor tiempo.":
    "We appraise your property with a sales strategy, so it sells in the best time.",
  "solicitud de tasación para venta": "an appraisal for sale",
  "Tasar departamento": "Appraise an apartment",
  "Elegí la torre y contanos cómo es tu unidad.": "Choose the tower and tell us about your unit.",
  "solicitud de tasación de departamento": "an apartment appraisal",
  "Tasación para venta": "Appraisal for sale",
  "Contanos qué querés vender y te proponemos precio y estrategia.":
    "Tell us what you want to sell and we will propose a price and a strategy.",
  "solicitud de tasación de propiedad para venta": "an appraisal of a property for sale",
  "Tasación express online": "Express online appraisal",
  [`Completá el formulario y recibí tu tasación en ${site.deliveryHours} horas.`]: `Fill in the form and receive your appraisal within ${site.deliveryHours.replace("-", "–")} hours.`,
  "solicitud de tasación express online": "an express online appraisal",
  "Consultá por una inversión en pozo": "Ask about an off-plan investment",
  "Contanos qué buscás y te acercamos los proyectos que encajan con tu plan.":
    "Tell us what you are looking for and we will bring you the projects that fit your plan.",
  "consulta de inversión en pozo": "advice on an off-plan investment",

  // Sections.
  Propiedad: "Property",
  Características: "Features",
  Contacto: "Contact",
  "Tu inversión": "Your investment",
  "Tus tiempos": "Your timing",

  // Fields, their help and the labels of the message.
  "Tipo de propiedad": "Property type",
  Edificio: "Building",
  "Opcional: elegí la torre si la propiedad está en una.":
    "Optional: choose the tower if the property is in one.",
  "Si no está en una de estas torres, elegí «Otro».": "If it is not in one of these towers, choose “Other”.",
  Torre: "Tower",
  Dirección: "Address",
  "Calle y número": "Street and number",
  Piso: "Floor",
  "Superficie (m²)": "Area (m², square metres)",
  Superficie: "Area",
  "Superficie total aproximada de la unidad.": "The unit's approximate total area, in square metres (m²).",
  "Superficie cubierta (m²)": "Covered area (m²)",
  "Superficie cubierta": "Covered area",
  "Metros bajo techo, dentro de la unidad.": "Square metres (m²) under a roof, inside the unit.",
  "Superficie descubierta (m²)": "Uncovered area (m²)",
  "Superficie descubierta": "Uncovered area",
  "Balcones, terrazas o patios propios sin techo.": "Private balconies, terraces or patios without a roof.",
  "Superficie total (m²)": "Total area (m²)",
  "Superficie total": "Total area",
  "Cubierta más descubierta, como figura en la escritura.":
    "Covered plus uncovered, as stated in the title deed.",
  Ambientes: "Rooms",
  Vista: "View",
  Cochera: "Parking space",
  Antigüedad: "Age of the building",
  Estado: "Condition",
  "¿Tiene renta?": "Is it let?",
  "Si hoy está alquilada.": "Whether it is rented out today.",
  "Con renta": "Let",
  "¿Para cuándo necesitás la tasación?": "When do you need the appraisal?",
  Urgencia: "Urgency",
  "Precio estimado (USD)": "Estimated price (USD, US dollars)",
  "Opcional: el valor que tenés en mente, en dólares.":
    "Optional: the value you have in mind, in US dollars.",
  Comentarios: "Comments",
  "Opcional: lo que quieras contarnos de la propiedad o de tu consulta.":
    "Optional: anything you would like to tell us about the property or your request.",
  "Nombre y apellido": "Full name",
  Nombre: "Name",
  Teléfono: "Phone",
  WhatsApp: "WhatsApp",
  "Con código de área, por ejemplo 11 5555-5555.":
    "With the country and area code, for example +44 20 7946 0000 or +54 11 5555-5555.",
  Email: "Email",
  "Casa, loft, penthouse…": "House, loft, penthouse…",
  Amenities: "Amenities",
  "Marcá todos los que tenga la propiedad o el edificio.": "Tick every one the property or the building has.",
  Presupuesto: "Budget",
  Tipología: "Layout",
  "Preferencia de piso": "Preferred floor",
  "Tipo de edificio": "Type of building",
  "Composición familiar": "Household",
  "¿Cuándo te gustaría mudarte?": "When would you like to move in?",
  Mudanza: "Move-in",
  "¿Cuánto podés esperar la entrega?": "How long can you wait for handover?",
  "Espera posible": "Possible wait",

  // Options.
  Departamento: "Apartment",
  Casa: "House",
  PH: "PH (a house-like unit sharing a lot)",
  Oficina: "Office",
  "Local Comercial": "Shop",
  Loft: "Loft",
  Penthouse: "Penthouse",
  Estudio: "Studio",
  Otro: "Other",
  "1 ambiente": "1 room (studio)",
  "2 ambientes": "2 rooms",
  "3 ambientes": "3 rooms",
  "4 ambientes": "4 rooms",
  "5+ ambientes": "5+ rooms",
  Río: "River",
  Ciudad: "City",
  Puerto: "Docks",
  Reserva: "Nature reserve",
  Interna: "Interior",
  Sí: "Yes",
  No: "No",
  Incluida: "Included",
  Opcional: "Optional",
  "Sin cochera": "No parking",
  "A estrenar": "Brand new",
  "1-5 años": "1–5 years",
  "6-10 años": "6–10 years",
  "11-20 años": "11–20 years",
  "20+ años": "Over 20 years",
  "Menos de 5 años": "Under 5 years",
  "5 a 10 años": "5 to 10 years",
  "10 a 20 años": "10 to 20 years",
  "Más de 20 años": "Over 20 years",
  Excelente: "Excellent",
  "Muy bueno": "Very good",
  Bueno: "Good",
  "A refaccionar": "Needs renovation",
  "A reciclar": "Needs full refurbishment",
  "24 horas": "24 hours",
  "48 horas": "48 hours",
  "1 semana": "1 week",
  "Sin urgencia": "No rush",
  Balcón: "Balcony",
  Terraza: "Terrace",
  Parrilla: "Barbecue grill",
  Baulera: "Storage unit",
  Pileta: "Swimming pool",
  Gimnasio: "Gym",
  SUM: "Multi-purpose room",
  "Seguridad 24 h": "24-hour security",
  Portería: "Doorman",
  Ascensor: "Lift",
  Lavadero: "Laundry",
  "Spa / sauna": "Spa / sauna",
  "Business center": "Business centre",
  Microcine: "Private cinema",
  "USD 100.000 - 150.000": "USD 100,000–150,000",
  "USD 150.000 - 200.000": "USD 150,000–200,000",
  "USD 200.000 - 300.000": "USD 200,000–300,000",
  "USD 300.000 - 500.000": "USD 300,000–500,000",
  "Más de USD 500.000": "Over USD 500,000",
  Monoambiente: "Studio",
  "1 dormitorio": "1 bedroom",
  "2 dormitorios": "2 bedrooms",
  "3 dormitorios": "3 bedrooms",
  "4 o más dormitorios": "4 or more bedrooms",
  "Piso bajo (1 a 10)": "Low floor (1 to 10)",
  "Piso medio (11 a 25)": "Middle floor (11 to 25)",
  "Piso alto (26 o más)": "High floor (26 or above)",
  "Sin preferencia": "No preference",
  "Torre de gran altura": "High-rise tower",
  "Frente a los diques": "Facing the docks",
  "Frente al río": "Facing the river",
  "Persona sola": "Single person",
  "Pareja sin hijos": "Couple without children",
  "Pareja con 1 hijo": "Couple with 1 child",
  "Pareja con 2 o más hijos": "Couple with 2 or more children",
  "Familia numerosa": "Large family",
  "Hasta 2 años": "Up to 2 years",
  "Hasta 3 años": "Up to 3 years",
  "Hasta 5 años": "Up to 5 years",
  "Más de 5 años": "More than 5 years",

  // The presets some openers bring (content/es/common.ts).
  "Consulta general": "General enquiry",
  "Consulta Venta": "Sale enquiry",
});

/**
 * The English of a definition's text: from the table, or made from a number
 * ("2031 o más tarde"); undefined when there is none (tower names, numbers).
 */
function translator(table: Readonly<Record<string, string>>) {
  return (text: string): string | undefined => {
    const later = /^(\d{4}) o más tarde$/.exec(text);
    if (later) return `${later[1]} or later`;
    return table[text];
  };
}

/**
 * The English forms' words for a configuration (two descriptions name the
 * delivery time): what forms/localize.ts needs, usable by the service too.
 */
export function formWords(site: Pick<SiteConfig, "deliveryHours">) {
  return { translateFieldText: translator(fieldText(site)), messageOpening };
}
