import type { MetaDescriptor } from "react-router";

import { inboxTitle } from "../../content/es/inbox.ts";

/** Every inbox page: its own title, and never in a search engine (the server also sends X-Robots-Tag). */
export function inboxMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} · ${inboxTitle}` }, { name: "robots", content: "noindex, nofollow" }];
}
