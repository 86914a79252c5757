import * as catalogueText from "../content/es/catalogue-text.ts";
import * as common from "../content/es/common.ts";
import * as leadForms from "../content/es/lead-forms.ts";
import * as legal from "../content/es/legal.ts";
import * as towerPage from "../content/es/tower-page.ts";
import type { SiteCopy } from "../lib/site-copy.tsx";
import { SiteFrame } from "./sections/site-frame.tsx";

const copy: SiteCopy = { lang: "es", common, legal, towerPage, catalogueText, leadForms };

/** Page heads read the shared copy from here (see siteCopyOf). */
export const handle = { siteCopy: copy };

/** The Spanish pages' frame: header, page, footer and the forms' modal, with this language's shared copy. */
export default function SiteLayout() {
  return <SiteFrame copy={copy} />;
}
