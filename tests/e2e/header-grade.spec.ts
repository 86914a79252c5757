/**
 * The header grade of the site as nginx serves it, scored with the MDN HTTP
 * Observatory's rules (tests/tools/header-grade.ts), for the test build (the
 * lead service on the site's own origin, the default).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { loadSiteConfig } from "../../app/config/site-config.ts";
import { gradeResponse } from "../tools/header-grade.ts";
import { buildDir, clientDirOf, notFoundFile, pageFile } from "../../server/build-layout.ts";
import { expect, test } from "./fixtures.ts";
import { rawRequest } from "./raw-http.ts";

test("nginx's headers grade A+ on the MDN HTTP Observatory's rules", async ({ nginx }) => {
  const { config } = loadSiteConfig(process.env);
  for (const path of ["/", "/comprar-en-pozo", "/no-existe"]) {
    const response = await rawRequest(`${nginx.baseUrl}${path}`);
    const result = gradeResponse({
      headers: Object.fromEntries(response.headers),
      html: readFileSync(
        join(clientDirOf(buildDir), path === "/no-existe" ? notFoundFile : pageFile(path)),
        "utf8",
      ),
      url: `${config.siteUrl}${path}`,
    });
    console.log(
      `Header grade for ${path}: ${result.grade} (${result.score})\n` +
        result.tests
          .map((test) => `  ${test.modifier >= 0 ? "+" : ""}${test.modifier}\t${test.result}`)
          .join("\n"),
    );
    expect(result.tests.filter((test) => !test.pass)).toEqual([]);
    expect(result.grade).toBe("A+");
  }
});
