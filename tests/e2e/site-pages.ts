import { readFileSync } from "node:fs";
import { join } from "node:path";

import { towers } from "../../app/content/towers.ts";
import { langOf, pages, towerPath } from "../../app/site-map.ts";
import {
  buildDir,
  clientDirOf,
  englishNotFoundFile,
  notFoundFile,
  pageFile,
} from "../../server/build-layout.ts";

/**
 * Every page a visitor can land on (the site map's pages in both languages and
 * the 404 page of each),
 * with the lead form openers its prerendered HTML holds. The generic browser
 * tests loop over these, so a new page or opener is tested without a new test.
 */

const clientDir = clientDirOf(buildDir);

/** A link that opens a lead form in a modal (with JavaScript), as the build rendered it. */
export type Opener = { form: string; preset: string | null };

export type SitePage = {
  name: string;
  path: string;
  status: number;
  /** The prerendered HTML file, relative to the build's client folder. */
  file: string;
  html: string;
  openers: Opener[];
};

function sitePage(name: string, path: string, status: number, file: string): SitePage {
  const html = readFileSync(join(clientDir, file), "utf8");
  const openerTags = [...html.matchAll(/<a\b[^>]*\bdata-lead-form="[^>]*>/g)].map((match) => match[0]);
  return {
    name,
    path,
    status,
    file,
    html,
    openers: openerTags.map((tag) => ({
      form: attribute(tag, "data-lead-form")!,
      preset: attribute(tag, "data-lead-preset"),
    })),
  };
}

function attribute(tag: string, name: string): string | null {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? null : decodeEntities(value);
}

function decodeEntities(text: string): string {
  const named: Record<string, string> = { amp: "&", quot: '"', lt: "<", gt: ">", apos: "'" };
  return text.replace(/&(#x[\da-f]+|#\d+|\w+);/gi, (entity, code: string) => {
    if (code.startsWith("#x")) return String.fromCodePoint(parseInt(code.slice(2), 16));
    if (code.startsWith("#")) return String.fromCodePoint(parseInt(code.slice(1), 10));
    return named[code] ?? entity;
  });
}

export const sitePages: SitePage[] = pages.map((page) =>
  sitePage(page.path, page.path, 200, pageFile(page.path)),
);

const moduleOf = (path: string) => pages.find((page) => page.path === path)?.file;
const underConstruction = towers.find((tower) => tower.status === "en construcción");
const towersUnderConstruction: string[] = underConstruction
  ? [towerPath(underConstruction.slug, "es"), towerPath(underConstruction.slug, "en")]
  : [];

export const notFoundPage = sitePage("404", "/pagina-que-no-existe", 404, notFoundFile);
/** Any unknown path under /en gets the English 404 page. */
export const englishNotFoundPage = sitePage(
  "/en/404",
  "/en/page-that-does-not-exist",
  404,
  englishNotFoundFile,
);

/** The site map's pages, then the 404 pages (any unknown path). */
export const allPages: SitePage[] = [...sitePages, notFoundPage, englishNotFoundPage];

/** Each page that holds an opener for the form, with its openers for that form. */
export function openersOf(form: string): { page: SitePage; openers: Opener[] }[] {
  return allPages
    .map((page) => ({ page, openers: page.openers.filter((opener) => opener.form === form) }))
    .filter(({ openers }) => openers.length > 0);
}

/**
 * The pages the browser loops visit (axe, focus, layout shift, fonts, bytes):
 * one page per route module and language, the 404 pages, and a tower under
 * construction in each language (its page shows the building's state instead
 * of some facts). The tower pages share one module and differ only in data,
 * which towers.spec.ts checks on every one of them from the HTML the server sends.
 */
const loopKey = (sitePage: SitePage) => `${langOf(sitePage.path)} ${moduleOf(sitePage.path)}`;
export const browserPages: SitePage[] = allPages.filter((sitePage, index) => {
  if (sitePage.status === 404) return true;
  if (towersUnderConstruction.includes(sitePage.path)) return true;
  return allPages.findIndex((other) => loopKey(other) === loopKey(sitePage)) === index;
});
