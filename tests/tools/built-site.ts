/**
 * The build's pages served to one browser page straight from the build folder, without a server:
 * the font tools (fallback calibration, screenshots) only read pages and their files.
 */
import { readFileSync } from "node:fs";
import { extname, join } from "node:path";

import type { Page } from "playwright-core";

import { buildDir, clientDirOf } from "../../server/build-layout.ts";
import { allPages } from "../e2e/site-pages.ts";

export const builtSiteOrigin = "http://site.test";

const types: Record<string, string> = {
  ".html": "text/html",
  ".css": "text/css",
  ".js": "text/javascript",
  ".woff2": "font/woff2",
  ".svg": "image/svg+xml",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".png": "image/png",
  ".jpg": "image/jpeg",
};

export async function serveBuiltSite(page: Page): Promise<void> {
  const clientDir = clientDirOf(buildDir);
  await page.route(`${builtSiteOrigin}/**`, async (route) => {
    const path = new URL(route.request().url()).pathname;
    const sitePage = allPages.find((candidate) => candidate.path === path);
    const file = join(clientDir, sitePage ? sitePage.file : decodeURIComponent(path));
    try {
      await route.fulfill({
        body: readFileSync(file),
        contentType: types[extname(file)] ?? "application/octet-stream",
      });
    } catch {
      await route.fulfill({ status: 404, body: "" });
    }
  });
}
