/**
 * The six property types offered for a sale appraisal (/tasaciones and
 * /tasar-propiedades). `slug` names the image; `tipo` is the value the forms
 * preselect and the text of the "Tasar {tipo}" buttons.
 */
export type PropertyType = {
  slug: string;
  tipo: string;
  zona: string;
  descripcion: string;
};

export const propertyTypes: readonly PropertyType[] = [
  {
    slug: "casa",
    tipo: "Casa",
    zona: "Puerto Madero y alrededores",
    descripcion:
      "Casas y dúplex con jardín o terraza propia: valuamos el terreno, la construcción y lo que la hace única.",
  },
  {
    slug: "loft",
    tipo: "Loft",
    zona: "Docks reciclados de Puerto Madero Oeste",
    descripcion:
      "Lofts en los antiguos depósitos de ladrillo: dobles alturas, vigas a la vista y vista a los diques.",
  },
  {
    slug: "penthouse",
    tipo: "Penthouse",
    zona: "Torres de Puerto Madero Este",
    descripcion:
      "Últimos pisos con terraza y vista abierta al río: comparables escasos que exigen un análisis fino.",
  },
  {
    slug: "oficina",
    tipo: "Oficina",
    zona: "Corredor corporativo de los diques",
    descripcion: "Oficinas y plantas corporativas: valor por m², renta de mercado y calidad del edificio.",
  },
  {
    slug: "local-comercial",
    tipo: "Local Comercial",
    zona: "Paseos y boulevards de Puerto Madero",
    descripcion:
      "Locales a la calle y en paseos gastronómicos: ubicación, frente, flujo peatonal y contrato vigente.",
  },
  {
    slug: "estudio",
    tipo: "Estudio",
    zona: "Puerto Madero Este y Oeste",
    descripcion:
      "Monoambientes y estudios pensados para renta: rentabilidad, amenities y demanda temporaria.",
  },
];
