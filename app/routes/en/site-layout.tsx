import * as catalogueText from "../../content/en/catalogue-text.ts";
import * as common from "../../content/en/common.ts";
import * as leadForms from "../../content/en/lead-forms.ts";
import * as legal from "../../content/en/legal.ts";
import * as towerPage from "../../content/en/tower-page.ts";
import type { SiteCopy } from "../../lib/site-copy.tsx";
import { SiteFrame } from "../sections/site-frame.tsx";

const copy: SiteCopy = { lang: "en", common, legal, towerPage, catalogueText, leadForms };

/** Page heads read the shared copy from here (see siteCopyOf). */
export const handle = { siteCopy: copy };

/** The English pages' frame (under /en): header, page, footer and the forms' modal, with this language's shared copy. */
export default function SiteLayout() {
  return <SiteFrame copy={copy} />;
}
