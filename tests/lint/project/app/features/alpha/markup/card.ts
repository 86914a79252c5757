// Breaks the rule: prerendered markup imports the island's browser code.
import { start } from "../browser/start.ts";

export const card = () => start();
