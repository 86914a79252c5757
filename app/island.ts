import { startMenu } from "./components/menu-island.ts";
import { pageAttributes } from "./lib/form-protocol.ts";
import { startVisitBeacon } from "./features/insight/visit-beacon.ts";
import { startLeadForms } from "./features/leads/browser/lead-island.ts";

/**
 * The public pages' only script (docs/decisions/0015-html-first-islands.md):
 * the prerendered HTML is the page, and this adds what HTML cannot do. The
 * build bundles it into one small module (scripts/build/islands.ts) that the
 * boot loader imports once the page has painted, or at once on a tap.
 *
 * Page-start work runs here, once per page, in this order; anything new that
 * every page does on start (a page-view beacon…) belongs in this function.
 */
function startPage(): void {
  startMenu();
  startLeadForms();
  // Counts the page once it is idle, and its forms opened and WhatsApp hand-offs (decision 0016).
  startVisitBeacon();
  // Tests and tools wait for this: the page's scripts are ready.
  document.documentElement.setAttribute(pageAttributes.hydrated, "");
}

startPage();
