import { createContext, useContext } from "react";

import type * as CatalogueText from "../content/es/catalogue-text.ts";
import type * as Common from "../content/es/common.ts";
import type * as LeadForms from "../content/es/lead-forms.ts";
import type * as Legal from "../content/es/legal.ts";
import type * as TowerPage from "../content/es/tower-page.ts";
import type { Copy } from "../content/types.ts";
import type { Lang } from "../site-map.ts";

/**
 * The copy every page of one language shares (header, footer, catalogues,
 * tower pages, forms). Each language's layout route imports its own modules
 * and provides them here, so a page's JavaScript carries its language only.
 */
export type SiteCopy = {
  lang: Lang;
  common: Copy<typeof Common>;
  legal: Copy<typeof Legal>;
  towerPage: Copy<typeof TowerPage>;
  catalogueText: Copy<typeof CatalogueText>;
  leadForms: Copy<typeof LeadForms>;
};

export const SiteCopyContext = createContext<SiteCopy | null>(null);

/**
 * The shared copy of a page's language for its head (a route's `meta`), from
 * the `handle` of the language's layout among the matched routes.
 */
export function siteCopyOf(matches: readonly ({ handle?: unknown } | undefined)[]): SiteCopy {
  for (const match of matches) {
    const handle = match?.handle as { siteCopy?: SiteCopy } | undefined;
    if (handle?.siteCopy) return handle.siteCopy;
  }
  throw new Error("siteCopyOf: no layout of the public site among the matches");
}

/** The shared copy of the page's language (inside a layout of the public site). */
export function useSiteCopy(): SiteCopy {
  const copy = useContext(SiteCopyContext);
  if (!copy) throw new Error("useSiteCopy: no SiteCopyContext (the site's layout provides it)");
  return copy;
}
