import type { CDPSession, Page } from "@playwright/test";

/**
 * The first screen's text blocks and the fonts Chromium drew them with, read without any timing:
 * the page is measured once in its local fallbacks (web fonts held back) and once more after the
 * swap, and the two are compared block by block (decision 0037).
 *
 * A block is the nearest ancestor of a piece of text that is not laid out inline (a paragraph, a
 * heading, a list item, a link laid out as a box): where its text breaks into lines decides where
 * it and everything after it sits. It counts when any of it is on the first screen.
 */
export type Block = {
  /** What the block says (its first words), to name it in a report. */
  text: string;
  top: number;
  left: number;
  height: number;
};

/** The fonts DevTools says drew one element's own text, with their glyph counts. */
export type DrawnText = { text: string; display: boolean; fonts: { family: string; glyphs: number }[] };

declare global {
  interface Window {
    /** The first screen's blocks and the elements that own its text, by viewport width. */
    __firstScreen?: Record<number, { blocks: Element[]; owners: Element[] }>;
  }
}

/**
 * Finds the first screen's blocks at the page's current width (kept on the page for the second
 * measurement) and measures them.
 */
export async function firstScreenBlocks(page: Page): Promise<Block[]> {
  await page.evaluate(() => {
    const blocks = new Set<Element>();
    const owners = new Set<Element>();
    const inView = (element: Element) => {
      const rect = element.getBoundingClientRect();
      return rect.width > 0 && rect.height > 0 && rect.top < innerHeight && rect.bottom > 0;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.textContent?.trim() || !node.parentElement) continue;
      let block: Element | null = node.parentElement;
      while (
        block &&
        block !== document.body &&
        getComputedStyle(block).display.startsWith("inline") === true
      )
        block = block.parentElement;
      if (
        !block ||
        !inView(node.parentElement) ||
        getComputedStyle(node.parentElement).visibility !== "visible"
      )
        continue;
      // Inline-block and inline-flex boxes (a button, a link laid out as a box) are blocks too.
      const own = node.parentElement;
      const ownDisplay = getComputedStyle(own).display;
      blocks.add(ownDisplay === "inline" ? block : own);
      owners.add(own);
    }
    window.__firstScreen = {
      ...window.__firstScreen,
      [innerWidth]: { blocks: [...blocks], owners: [...owners] },
    };
  });
  return measureBlocks(page);
}

/** The blocks found at the page's current width, measured again (after the swap). */
export function measureBlocks(page: Page): Promise<Block[]> {
  return page.evaluate(() =>
    window.__firstScreen![innerWidth]!.blocks.map((element) => {
      const rect = element.getBoundingClientRect();
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 48);
      return { text, top: rect.top + scrollY, left: rect.left + scrollX, height: rect.height };
    }),
  );
}

/**
 * The blocks that moved up or down (or grew or shrank: a line more or less) by more than
 * `tolerance` px, described. Sideways nudges are left out: a box sized by its text (a header link,
 * a button) is a pixel or two wider or narrower in any other font, and those after it on its line
 * follow; they shift no line, and the layout-shift check below bounds them.
 */
export function movedBlocks(before: Block[], after: Block[], tolerance = 1): string[] {
  return before.flatMap((block, index) => {
    const then = after[index]!;
    const moves = (["top", "height"] as const)
      .map((side) => ({ side, by: then[side] - block[side] }))
      .filter((move) => Math.abs(move.by) > tolerance);
    return moves.length === 0
      ? []
      : [
          `«${block.text}»: ${moves.map((move) => `${move.side} ${move.by > 0 ? "+" : ""}${move.by.toFixed(1)} px`).join(", ")}`,
        ];
  });
}

/**
 * What Chromium drew the text of each first-screen element found at the page's current width
 * with (DevTools' `CSS.getPlatformFontsForNode`), and whether it is set in the display face.
 */
export async function drawnText(page: Page, session: CDPSession): Promise<DrawnText[]> {
  await session.send("DOM.enable");
  await session.send("CSS.enable");
  await session.send("DOM.getDocument", { depth: 0 });
  const owners = await page.evaluate(() =>
    window.__firstScreen![innerWidth]!.owners.map((owner) => ({
      text: [...owner.childNodes]
        .filter((child) => child.nodeType === Node.TEXT_NODE)
        .map((child) => child.textContent)
        .join("")
        .trim()
        .replace(/\s+/g, " ")
        .slice(0, 48),
      display: /fraunces/i.test(getComputedStyle(owner).fontFamily.split(",").slice(0, 2).join()),
    })),
  );
  const { result } = await session.send("Runtime.evaluate", {
    expression: "window.__firstScreen[innerWidth].owners",
  });
  const { result: elements } = await session.send("Runtime.getProperties", {
    objectId: result.objectId!,
    ownProperties: true,
  });
  return Promise.all(
    owners.map(async (owner, index) => {
      const element = elements.find((property) => property.name === String(index))!;
      const { nodeId } = await session.send("DOM.requestNode", { objectId: element.value!.objectId! });
      const { fonts } = await session.send("CSS.getPlatformFontsForNode", { nodeId });
      return { ...owner, fonts: fonts.map((font) => ({ family: font.familyName, glyphs: font.glyphCount })) };
    }),
  );
}
