// Allowed: a door module, as #app/…
import { buildWhatsAppUrl } from "#app/lib/whatsapp.ts";
// Breaks the door: a module that reads the configuration when loaded.
import { site } from "#app/config/site.ts";
// Breaks the door: app code by a relative path, past the #app/… contract.
import { shout } from "../app/lib/shout.ts";

export const greeting = `${shout(site.businessName)} ${buildWhatsAppUrl("1", "hola")}`;
