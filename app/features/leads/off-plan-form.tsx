/** The in-page off-plan consultation form of /comprar-en-pozo. (Placeholder until the lead forms land.) */
export function OffPlanForm() {
  return null;
}
