import { site } from "../../config/site.ts";
import { serviceFormId, type FormId } from "./forms/catalogue.ts";

/**
 * Where a form posts (POST {service}/api/form/submit/{id}): the form's action
 * in the prerendered markup and the island's background post.
 * SITE_FORM_SERVICE_URL: "" is the site's own origin, "none" a static site
 * with no service (nothing is recorded; forms hand off to WhatsApp only):
 * then there is nowhere to post and this is null.
 */
export function submitUrl(form: FormId): string | null {
  if (site.formServiceUrl === "none") return null;
  return `${site.formServiceUrl}/api/form/submit/${serviceFormId(form, site)}`;
}
