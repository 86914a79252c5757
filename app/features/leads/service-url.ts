import type { PageSettings } from "../../lib/page-settings.ts";
import { serviceFormId, type FormId } from "./forms/catalogue.ts";

/**
 * Where a form posts (POST {service}/api/form/submit/{id}): the form's action
 * in the prerendered markup (from the site's configuration) and the island's
 * background post (from the settings the page carries, lib/page-settings.ts).
 * SITE_FORM_SERVICE_URL: "" is the site's own origin, "none" a static site
 * with no service (nothing is recorded; forms hand off to WhatsApp only):
 * then there is nowhere to post and this is null.
 */
export function submitUrl(
  form: FormId,
  settings: Pick<PageSettings, "formServiceUrl" | "offPlanFormId">,
): string | null {
  if (settings.formServiceUrl === "none") return null;
  return `${settings.formServiceUrl}/api/form/submit/${serviceFormId(form, settings)}`;
}
