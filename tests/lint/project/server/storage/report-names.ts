// Breaks the storage rule: storage reaches into a feature.
import { allDays } from "../report/weekly.ts";

export const days = allDays;
