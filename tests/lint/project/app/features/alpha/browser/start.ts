// Allowed: the island's code imports what it shares with the markup, beside both.
import { title } from "../title.ts";

export const start = () => title;
