import { readFileSync } from "node:fs";
import { join } from "node:path";

import { pages } from "../../app/site-map.ts";
import { buildDir, clientDirOf, notFoundFile, pageFile } from "../../server/build-layout.ts";

/**
 * Every page a visitor can land on (the site map's pages and the 404 page),
 * with what its prerendered HTML holds: the lead form openers and the in-page
 * forms. The generic browser tests loop over these, so a new page, opener or
 * form is tested without a new test.
 */

const clientDir = clientDirOf(buildDir);

/** A button that opens a lead form in a modal, as the build rendered it. */
export type Opener = { form: string; preset: string | null };

/** A form rendered inside its page; `action` is set when it posts to the hosted form service. */
export type InlineForm = { id: string; action: string | null };

export type SitePage = {
  name: string;
  path: string;
  status: number;
  /** The prerendered HTML file, relative to the build's client folder. */
  file: string;
  html: string;
  openers: Opener[];
  inlineForms: InlineForm[];
};

function sitePage(name: string, path: string, status: number, file: string): SitePage {
  const html = readFileSync(join(clientDir, file), "utf8");
  const tags = (tag: string, marker: string) =>
    [...html.matchAll(new RegExp(`<${tag}\\b[^>]*\\b${marker}="[^>]*>`, "g"))].map((match) => match[0]);
  return {
    name,
    path,
    status,
    file,
    html,
    openers: tags("button", "data-lead-form").map((tag) => ({
      form: attribute(tag, "data-lead-form")!,
      preset: attribute(tag, "data-lead-preset"),
    })),
    inlineForms: tags("form", "data-lead-inline").map((tag) => ({
      id: attribute(tag, "data-lead-inline")!,
      action: attribute(tag, "action"),
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

export const notFoundPage = sitePage("404", "/pagina-que-no-existe", 404, notFoundFile);

/** The site map's pages, then the 404 page (any unknown path). */
export const allPages: SitePage[] = [...sitePages, notFoundPage];

/** Each page that holds an opener for the form, with its openers for that form. */
export function openersOf(form: string): { page: SitePage; openers: Opener[] }[] {
  return allPages
    .map((page) => ({ page, openers: page.openers.filter((opener) => opener.form === form) }))
    .filter(({ openers }) => openers.length > 0);
}

/** Every in-page form with the page it is on. */
export const inlineForms = allPages.flatMap((page) => page.inlineForms.map((form) => ({ page, form })));
