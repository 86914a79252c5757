// Allowed: another room imports the sealed room's door.
import { visitsOn } from "../visits/door.ts";
// Breaks the door: another room reaches past it.
import { pick } from "../visits/pick.ts";

export const seen = [visitsOn("lunes"), pick];
