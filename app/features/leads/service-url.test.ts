import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, test, vi } from "vitest";

import { loadSiteConfig } from "../../config/site-config.ts";
import { pageSettingsAttributes } from "../../lib/page-settings.ts";
import type { FormId } from "./forms/catalogue.ts";

/**
 * Where the forms post, for each value of SITE_FORM_SERVICE_URL. The site
 * configuration is a module constant, so each case loads the modules afresh.
 */
async function withService(formServiceUrl: string) {
  vi.resetModules();
  const site = { ...loadSiteConfig({}).config, formServiceUrl };
  vi.doMock("../../config/site.ts", () => ({ site }));
  // The island reads the settings from the page's frame, as rendered below.
  const frame = pageSettingsAttributes(site);
  vi.stubGlobal("document", {
    querySelector: () => ({ getAttribute: (name: string) => frame[name] ?? null }),
  });
  const { submitUrl } = await import("./service-url.ts");
  const service = {
    ...(await import("./browser/lead-service.ts")),
    submitUrl: (form: FormId) => submitUrl(form, site),
  };
  const { LeadForm } = await import("./markup/lead-form.tsx");
  const { valuationForm } = await import("./forms/valuation.ts");
  // The form takes its words from the layout of the page's language.
  const { SiteCopyContext } = await import("../../lib/site-copy.tsx");
  const copy = {
    lang: "es" as const,
    common: await import("../../content/es/common.ts"),
    legal: await import("../../content/es/legal.ts"),
    towerPage: await import("../../content/es/tower-page.ts"),
    catalogueText: await import("../../content/es/catalogue-text.ts"),
    leadForms: await import("../../content/es/lead-forms.ts"),
  };
  const html = renderToString(
    createElement(
      SiteCopyContext,
      { value: copy },
      createElement(LeadForm, {
        definition: valuationForm,
        page: "/valoracion-de-inmuebles",
      }),
    ),
  );
  return { ...service, html, valuationForm };
}

const formTag = (html: string) => html.match(/<form [^>]*>/)?.[0] ?? "";

afterEach(() => {
  vi.doUnmock("../../config/site.ts");
  vi.unstubAllGlobals();
});

describe("the lead service address", () => {
  test("same origin by default: relative paths; the off-plan form keeps the spec's id", async () => {
    const { submitUrl, html } = await withService("");
    expect(submitUrl("valuation")).toBe("/api/form/submit/valuation");
    expect(submitUrl("off-plan")).toBe("/api/form/submit/consulta-inversion-pozo");
    expect(formTag(html)).toContain('action="/api/form/submit/valuation"');
    expect(formTag(html)).toContain('method="post"');
  });

  test("a service elsewhere: its origin", async () => {
    const { submitUrl, html } = await withService("https://leads.example.com");
    expect(submitUrl("express")).toBe("https://leads.example.com/api/form/submit/express");
    expect(formTag(html)).toContain('action="https://leads.example.com/api/form/submit/valuation"');
  });

  test("every form carries its page and an empty honeypot, out of sight and out of the Tab order", async () => {
    const { html } = await withService("");
    expect(html).toContain('<input type="hidden" name="_page" value="/valoracion-de-inmuebles"/>');
    const honeypot = html.match(/<div aria-hidden="true" class="sr-only"><label>[^<]*(<input [^>]*>)/)?.[1];
    expect(honeypot).toContain('name="website"');
    expect(honeypot).toContain('tabindex="-1"');
    expect(honeypot?.toLowerCase()).toContain('autocomplete="off"');
    expect(html).toContain('href="/privacidad"');
  });

  test("no service (a static site): the form posts nowhere and says so; nothing is recorded", async () => {
    const { submitUrl, recordLead, html, valuationForm } = await withService("none");
    expect(submitUrl("valuation")).toBeNull();
    expect(formTag(html)).toContain('method="dialog"');
    expect(formTag(html)).not.toContain("action=");
    expect(html).toContain("<noscript>");
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    recordLead(valuationForm, {} as HTMLFormElement, "tab-opened");
    expect(fetch).not.toHaveBeenCalled();
  });
});
