import { formEvents, inlineFormSelector } from "../../lib/form-protocol.ts";
import { readPageSettings } from "../../lib/page-settings.ts";
import { visitBeaconPath, visitFields, type VisitKind } from "../../lib/visit-beacon.ts";
import { tabOrigin } from "../../lib/visit-origin.ts";

/**
 * The page's visit counter (decision 0016): once the page is idle it counts a
 * view, then a count for each lead form opened and each hand-off to WhatsApp.
 * Each count is four fields (page, kind, the landing's referring host and
 * campaign): no cookie, no id, nothing stored in the browser but the tab's
 * origin (sessionStorage, app/lib/visit-origin.ts). A static deployment
 * (SITE_FORM_SERVICE_URL=none) sends nothing.
 *
 * `formEvents.opened` is the lead dialog's own event (it does not bubble, so it is
 * heard while it travels down, in the capture phase); a form in the page
 * counts as opened when the visitor first moves into it; `formEvents.whatsapp` is
 * sent by a form that opens WhatsApp; a tap on a wa.me link counts too.
 */
export function startVisitBeacon(): void {
  const { formServiceUrl } = readPageSettings();
  if (formServiceUrl === "none") return;
  const url = `${formServiceUrl}${visitBeaconPath}`;
  // Read now, at the page's start: the first page of the tab stores the landing.
  const origin = tabOrigin();
  const send = (kind: VisitKind) => {
    const body = new URLSearchParams({
      [visitFields.page]: location.pathname,
      [visitFields.kind]: kind,
      [visitFields.referrer]: origin?.referrer ?? "",
      [visitFields.campaign]: origin?.utmCampaign || origin?.utmSource || "",
    }).toString();
    // A string is sent as text/plain: a simple request, no preflight, and it outlives the page.
    if (!navigator.sendBeacon?.(url, body))
      void fetch(url, { method: "POST", body, keepalive: true, credentials: "omit" }).catch(() => {});
  };
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
  whenIdle(() => send("view"));
  document.addEventListener(formEvents.opened, () => send("form_open"), true);
  const started = new Set<Element>();
  document.addEventListener("focusin", (event) => {
    const form = (event.target as Element | null)?.closest?.(inlineFormSelector());
    if (form && !started.has(form)) {
      started.add(form);
      send("form_open");
    }
  });
  document.addEventListener(formEvents.whatsapp, () => send("whatsapp"), true);
  document.addEventListener(
    "click",
    (event) => {
      const link = (event.target as Element | null)?.closest?.("a[href^='https://wa.me/']");
      if (link) send("whatsapp");
    },
    true,
  );
}
