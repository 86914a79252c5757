import { modalFormIds } from "../forms/catalogue.ts";
import { LeadModalTemplate } from "./lead-modal.tsx";

/**
 * Every modal form's template; the build keeps those the page's openers open
 * (scripts/build/islands.ts), and the island opens them (lead-island.ts).
 */
export function LeadModalHost() {
  return modalFormIds.map((form) => <LeadModalTemplate key={form} form={form} />);
}
