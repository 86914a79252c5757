/**
 * The notice Disposición DNPDP 10/2008 (art. 1) requires on websites, in
 * English. The authority is named as Argentine law names it: the Agencia de
 * Acceso a la Información Pública (AAIP), Argentina's data-protection
 * authority since Decreto 746/2017.
 */
export const authorityLegend = [
  "The owner of personal data has the right to access it free of charge at intervals of no less than six months, unless a legitimate interest is shown, as provided in article 14, paragraph 3 of Argentine Law No. 25,326.",
  "The AGENCIA DE ACCESO A LA INFORMACIÓN PÚBLICA (Argentina's Agency for Access to Public Information), as the supervisory authority of Law No. 25,326, is empowered to handle the complaints and claims of anyone whose rights are affected by a breach of the rules on personal data protection.",
] as const;

export const authorityLink = {
  href: "https://www.argentina.gob.ar/aaip/datospersonales",
  label: "argentina.gob.ar/aaip/datospersonales",
} as const;
