// Allowed: a sealed room imports the platform and storage.
import { registered } from "../platform/registry.ts";
import { VisitRows } from "../storage/visit-rows.ts";
// Breaks the door: a sealed room imports another room past its door.
import { allDays } from "../report/weekly.ts";

export const pick = [registered, VisitRows, allDays];
