/**
 * CSV for spreadsheets (RFC 4180, comma-separated, CRLF line ends), UTF-8 with
 * a byte-order mark so Excel reads accents right, and safe against formula
 * injection: a cell a spreadsheet would evaluate (starting with = + - @, a
 * tab or a carriage return) gets a leading apostrophe, so it opens as text.
 */

const byteOrderMark = "\uFEFF";
const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: string): string {
  const text = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return byteOrderMark + lines.join("\r\n") + "\r\n";
}
