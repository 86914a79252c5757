// Breaks the platform rule: the platform reaches into a feature.
import { allDays } from "../report/weekly.ts";

export const registered = [allDays];
