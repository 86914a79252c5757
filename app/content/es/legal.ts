/**
 * The notice Disposición DNPDP 10/2008 (art. 1) requires on websites. Its
 * second paragraph names today's control authority: since Decreto 746/2017 the
 * Agencia de Acceso a la Información Pública (AAIP) holds the powers of the
 * former Dirección Nacional de Protección de Datos Personales.
 */
export const authorityLegend = [
  "El titular de los datos personales tiene la facultad de ejercer el derecho de acceso a los mismos en forma gratuita a intervalos no inferiores a seis meses, salvo que se acredite un interés legítimo al efecto conforme lo establecido en el artículo 14, inciso 3 de la Ley Nº 25.326.",
  "La AGENCIA DE ACCESO A LA INFORMACIÓN PÚBLICA, en su carácter de Órgano de Control de la Ley Nº 25.326, tiene la atribución de atender las denuncias y reclamos que interpongan quienes resulten afectados en sus derechos por incumplimiento de las normas vigentes en materia de protección de datos personales.",
] as const;

export const authorityLink = {
  href: "https://www.argentina.gob.ar/aaip/datospersonales",
  label: "argentina.gob.ar/aaip/datospersonales",
} as const;
