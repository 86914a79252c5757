// Breaks the storage rule: a feature imports the query builder…
import { sql } from "kysely";
import { VisitRows } from "../storage/visit-rows.ts";

export function lastDays(rows: VisitRows) {
  // …and reaches around the store through its database handle.
  return sql<string>`select day from visits order by day desc`.execute(rows.db);
}

// Allowed: a feature calls storage's own functions.
export const allDays = (rows: VisitRows) => rows.days();
