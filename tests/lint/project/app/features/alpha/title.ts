// Allowed: a feature imports its own files and shared helpers.
import { shout } from "../../lib/shout.ts";
import { quote } from "./quote.ts";

export const title = shout(quote);
