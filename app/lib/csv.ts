import { stringify } from "csv-stringify/sync";

/**
 * CSV for spreadsheets set to Argentine Spanish: `;` between cells (the list
 * separator there, so the file opens straight into columns; a comma would
 * clash with the decimal comma), every cell quoted, CRLF line ends, UTF-8 with
 * a byte-order mark so accents read right. Quoting is left to csv-stringify.
 *
 * Safe against formula injection whichever separator a program splits on: a
 * cell is read as a formula when it begins with = + - @, a tab or a carriage
 * return (spaces before them do not help), and a reader splitting on `,` or
 * `;`, or on lines (ignoring the quotes), can begin a cell after any of them
 * and after every line break. So an apostrophe goes before such a character
 * at the start of the text AND after every `,`, `;`, `\n` and `\r`, and the
 * spreadsheet opens each piece as text.
 */

export const csvSeparator = ";";
const byteOrderMark = "\uFEFF";
const formulaAfterBoundary = /(^|[,;\n\r])(?= *[=+\-@\t\r])/g;

export function neutralizeFormulas(value: string): string {
  return value.replace(formulaAfterBoundary, "$1'");
}

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  return byteOrderMark + records([header, ...rows]);
}

/**
 * A second table for the end of a CSV (a person's visits after their leads): an empty line, its
 * title alone on a line, its header and rows, with the same quoting and the same neutralisation.
 */
export function csvSection(
  title: string,
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  return "\r\n" + records([[title], header, ...rows]);
}

function records(rows: readonly (readonly string[])[]): string {
  return stringify(
    rows.map((row) => row.map(neutralizeFormulas)),
    { delimiter: csvSeparator, quoted: true, quoted_empty: true, record_delimiter: "\r\n" },
  );
}
