/**
 * The one set of rules for every text the owner types into the site's editor
 * (business facts, tower facts, photo descriptions), checked the same way
 * where it is saved and again before it is built (issue 36's class: a rule
 * that held for tower names but not for business facts let a U+202E through).
 * Each answer is the reason in the owner's words, without the field's name:
 * the caller puts the label the page shows in front of it.
 */

/** Characters that flip the direction of the text around them (a name that reads backwards). */
const bidiControl = /[\u202A-\u202E\u2066-\u2069]/u;
/** Everything that ends a line: a text of one line must not hold one. */
const lineBreak = /[\n\r\u0085\u2028\u2029]/u;
/** NUL and the other control characters, which no page, e-mail or file should carry. */
const control = /[\p{Cc}]/u;

export type OwnerTextRules = {
  /** The most characters (as a reader counts them) the text may hold. */
  max: number;
  /** Line breaks allowed (a text area); every other rule still applies. */
  multiline?: boolean;
};

/** Why a text the owner typed cannot be saved, or undefined when it can. */
export function ownerTextProblem(value: string, rules: OwnerTextRules): string | undefined {
  if (!rules.multiline && lineBreak.test(value)) return "va en una sola línea, sin saltos de línea";
  const withoutBreaks = rules.multiline ? value.replace(/\r?\n/g, "") : value;
  if (bidiControl.test(value))
    return "tiene un carácter invisible que invierte el texto; borralo y escribilo de nuevo";
  if (control.test(withoutBreaks))
    return "tiene un carácter invisible que no se puede publicar; borralo y escribilo de nuevo";
  const length = [...value].length;
  if (length > rules.max) return `hasta ${rules.max} caracteres (tiene ${length})`;
  return undefined;
}

/** The longest business fact: a name, an address, a link to a registry. */
export const maxFactLength = 200;
