import type { ResultRow } from "./inbox-service.ts";
import { ScrollBox } from "./scroll-box.tsx";
import { results as copy } from "../../content/es/inbox.ts";
import { dayText } from "../../lib/buenos-aires-time.ts";

/** Counts the Argentine way: 5.000, 12,5 %. */
const number = new Intl.NumberFormat("es-AR");
const percent = new Intl.NumberFormat("es-AR", { style: "percent", maximumFractionDigits: 1 });

export const formatCount = (value: number) => number.format(value);
/** "2026-11-02" as 02/11/2026. */
export const formatDay = (day: string) => dayText(day);
export const formatConversion = (value: number | null) => (value === null ? "—" : percent.format(value));

type Column = Exclude<keyof ResultRow, "key" | "label">;
const allColumns: Column[] = [
  "visits",
  "formsOpened",
  "leads",
  "leadsToWhatsApp",
  "whatsappTaps",
  "conversion",
];

/**
 * One table of the results: a row per key (a week, a page, a source), the key in
 * the first cell as the row's header, then the counts and the conversion.
 * Wide tables scroll sideways in their own box, reachable by keyboard.
 */
export function ResultTable({
  id,
  caption,
  first,
  rows,
  showLabel,
  columns = allColumns,
  keyText,
}: {
  id: string;
  caption: string;
  /** The first column's heading. */
  first: string;
  rows: readonly ResultRow[];
  /** A second column with the row's label (a tower's name). */
  showLabel?: string;
  columns?: readonly Column[];
  /** How the key is written, when not as it is (a week's first day as 02/11/2026). */
  keyText?: (key: string) => string;
}) {
  if (rows.length === 0) return <p className="text-ink-muted">{copy.empty}</p>;
  return (
    <ScrollBox labelledBy={`${id}-caption`}>
      <table id={id} className="w-full border-collapse text-sm tabular-nums">
        <caption id={`${id}-caption`} className="sr-only">
          {caption}
        </caption>
        <thead>
          <tr className="border-b border-line text-left">
            <th scope="col" className="px-3 py-2 font-semibold">
              {first}
            </th>
            {showLabel ? (
              <th scope="col" className="px-3 py-2 font-semibold">
                {showLabel}
              </th>
            ) : null}
            {columns.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 text-right font-semibold">
                {copy.columns[column]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b border-line last:border-b-0">
              <th
                scope="row"
                // A path keeps a column of its own width: the table scrolls sideways rather than
                // break a path into a letter a line.
                className={`px-3 py-2 text-left font-normal ${keyText ? "whitespace-nowrap" : "min-w-44 break-all"}`}
              >
                {keyText ? keyText(row.key) : row.key}
              </th>
              {showLabel ? <td className="px-3 py-2">{row.label}</td> : null}
              {columns.map((column) => (
                <td key={column} className="px-3 py-2 text-right">
                  {column === "conversion" ? formatConversion(row.conversion) : formatCount(row[column])}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
