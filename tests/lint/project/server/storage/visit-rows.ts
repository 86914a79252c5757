// Allowed: storage is where SQL lives.
import { sql, type Kysely } from "kysely";

export class VisitRows {
  readonly db: Kysely<{ visits: { day: string } }>;

  constructor(db: Kysely<{ visits: { day: string } }>) {
    this.db = db;
  }

  days() {
    return sql<string>`select day from visits`.execute(this.db);
  }
}
