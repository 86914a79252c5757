import { statSync } from "node:fs";
import { join } from "node:path";

import { buildDir, clientDirOf } from "../../server/build-layout.ts";

/**
 * Byte budgets (gzip) per page, set from measured sizes with a small margin.
 * A failure names the page and the number; raise a budget only on purpose.
 * An English page has the budget of its Spanish twin: the same page, in
 * other words.
 */
export const budgets = {
  /**
   * HTML per page: the catalogue pages carry 26 towers; every tower page has
   * the same budget; each page with modal
   * forms also carries its own copy of its form for visitors without
   * JavaScript (about 2.5 KB), and every footer the data-protection notice
   * (about 0.6 KB): see docs/decisions/0010-forms-without-javascript.md.
   * Each page also names its twin in the other language (hreflang) and the
   * router's manifest lists the routes of both languages (about 100 B); the
   * budget covers the larger of the two twins (docs/decisions/0013-english-version.md).
   * Every page carries its favicon (0.2 KB), and a tower page its artwork (1.3 KB), so that no
   * request for them counts in the LCP (decision 0008).
   */
  html: {
    // Each page with modal forms carries their templates (the island clones them): 1-2 KB more
    // than when React drew them in the browser (decision 0015).
    // Every page's boot loader fills a native post with the tab's origin (decision 0016): 0.2 KB,
    // raised where the margin was smaller (/privacidad, /gracias, /tasador, 404).
    // Every page carries what its island acts on (WhatsApp number, the service's address and the
    // off-plan form's id, app/lib/page-settings.ts), so the island holds no content (decision 0030):
    // about 60 B, raised where the margin was smaller (/comprar-en-pozo, 404).
    // Every page's head holds the first paint until the header is parsed (decision 0028): about
    // 20 B, raised where the margin was smaller (/gracias, /tasador).
    "/": 16_300,
    "/valoracion-de-inmuebles": 15_000,
    "/tasaciones": 12_200,
    "/comprar-en-pozo": 10_000,
    "/tasar-departamentos": 15_500,
    // The English page's type field carries the English of the types its openers preset (0.1 KB).
    "/tasar-propiedades": 12_600,
    "/tasaciones-online": 9_600,
    // What is counted for a visit and kept as a lead's origin (decision 0016): 0.6 KB of policy.
    "/privacidad": 7_400,
    "/gracias": 5_600,
    "/tasador": 7_600,
    "/torres/*": 13_100,
    "404": 5_300,
  } as Record<string, number>,
  // The fallback fonts' faces per weight, named by full and PostScript names (decision 0037): 7,549 B.
  css: 7_600,
  /**
   * Everything a first visit downloads as JavaScript: the page's one island module (forms, modals,
   * menu, saved answers), started by a small inline loader in the HTML. At most 12 KB gzip in at
   * most 2 requests on every public page (decision 0015).
   */
  javascript: 12 * 1024,
  javascriptRequests: 2,
};

const clientDir = clientDirOf(buildDir);
/** The gzip size of a file of the build, by its URL path. */
export const gzipSize = (path: string) => statSync(join(clientDir, `${path}.gz`)).size;
