/** Opens the lead form modals for every LeadButton on the page. (Placeholder until the lead forms land.) */
export function LeadModalHost() {
  return null;
}
