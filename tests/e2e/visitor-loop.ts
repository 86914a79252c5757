import { expect } from "@playwright/test";

/**
 * A visitor asking for pages in a loop while the site is switched (decision
 * 0020): every answer has its status and is a whole page (ending in
 * `</html>`) of one version, holding `before` or `after` and never both.
 * `finish()`, called once the switch returned, asks for 20 pages more, each of
 * which must already be the new version; it resolves to how many of each the
 * visitor saw, and rejects with the first wrong answer. A switch that failed
 * calls it too: the loop then ends at the first page of the old version.
 */
export function visitInALoop(
  origin: string,
  pages: readonly { path: string; status: number }[],
  before: string,
  after: string,
): { finish: () => Promise<{ before: number; after: number }> } {
  const seen = { before: 0, after: 0 };
  let afterFinish: number | undefined;
  const loop = (async () => {
    for (let index = 0; afterFinish === undefined || afterFinish < 20; index++) {
      const { path, status } = pages[index % pages.length]!;
      // Only a request made after the switch returned must be the new version (one in flight may be the old).
      const askedAfterFinish = afterFinish !== undefined;
      const response = await fetch(origin + path);
      const html = await response.text();
      expect(response.status, path).toBe(status);
      expect(html.trimEnd().endsWith("</html>"), `${path}: a whole page`).toBe(true);
      const hasBefore = html.includes(before);
      const hasAfter = html.includes(after);
      expect(hasBefore !== hasAfter, `${path}: one version, whole`).toBe(true);
      if (askedAfterFinish) {
        expect(hasAfter, `${path}: the new version once the switch returned`).toBe(true);
        afterFinish! += 1;
      }
      if (hasAfter) seen.after += 1;
      else seen.before += 1;
    }
    return seen;
  })();
  // A failure is reported by finish(); until then it must not end the process as unhandled.
  loop.catch(() => {});
  return {
    finish: () => {
      afterFinish ??= 0;
      return loop;
    },
  };
}
