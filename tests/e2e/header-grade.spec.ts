/**
 * The header grade of the site as nginx serves it, scored with the MDN HTTP
 * Observatory's rules (server/header-grade.ts). The test build points the form
 * service at a plain-http loopback recorder, which an HTTPS scan would rightly
 * penalise; this scan serves the same build with the production form-service
 * origin (https), which is what visitors get.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { loadSiteConfig } from "../../app/config/site-config.ts";
import { gradeResponse } from "../../server/header-grade.ts";
import { readHeaderPolicy } from "../../server/headers.ts";
import { expect, test } from "./fixtures.ts";
import { rawRequest } from "./raw-http.ts";

const buildDir = process.env.BUILD_DIR ?? "build";
const built = readHeaderPolicy(buildDir).formServiceUrl;
test.use({
  nginxPolicy: {
    formServiceUrl: built.startsWith("https:") ? built : loadSiteConfig({}).config.formServiceUrl,
  },
});

test("nginx's headers grade A+ on the MDN HTTP Observatory's rules", async ({ nginx }) => {
  const { config } = loadSiteConfig(process.env);
  for (const path of ["/", "/comprar-en-pozo", "/no-existe"]) {
    const response = await rawRequest(`${nginx.baseUrl}${path}`);
    const result = gradeResponse({
      headers: Object.fromEntries(response.headers),
      html: readFileSync(
        join(
          buildDir,
          "client",
          path === "/no-existe" ? "404.html" : path === "/" ? "index.html" : `${path.slice(1)}/index.html`,
        ),
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
