import type { MetaDescriptor } from "react-router";

import { inboxTitle } from "../../content/es/inbox.ts";

/** What a route's meta function gets of the matched routes: their loaders' data. */
type Matches = readonly ({ loaderData?: unknown } | undefined)[];

/**
 * Every inbox page: its own title, then whose inbox it is by the name published now (the
 * server's, from the layout's or the sign-in pages' loader, never the build's), and never in a
 * search engine (the server also sends X-Robots-Tag).
 */
export function inboxMeta(title: string, matches: Matches = []): MetaDescriptor[] {
  return [
    { title: `${title} · ${inboxTitle(businessNameOf(matches))}` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

function businessNameOf(matches: Matches): string {
  for (const match of matches) {
    const data = match?.loaderData;
    if (data && typeof data === "object" && "businessName" in data && typeof data.businessName === "string")
      return data.businessName;
  }
  return "";
}
