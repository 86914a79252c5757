/** The in-page express appraisal form of /tasaciones-online. (Placeholder until the lead forms land.) */
export function ExpressOnlineForm() {
  return null;
}
