import { expectNoAxeViolations } from "./axe.ts";
import { expect, hydrated, test } from "./fixtures.ts";
import { allPages } from "./site-pages.ts";

export { expectNoAxeViolations };

for (const { name, path } of allPages) {
  for (const width of [390, 1280]) {
    test(`page ${name} at ${width} px has no axe violations`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await hydrated(page);
      await expectNoAxeViolations(page);
    });
  }
}

test("reduced motion turns off smooth scrolling and transitions", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  const motion = await page.evaluate(() => {
    const probe = document.querySelector("a, button") as HTMLElement;
    const style = getComputedStyle(probe);
    return {
      scrollBehavior: getComputedStyle(document.documentElement).scrollBehavior,
      transition: parseFloat(style.transitionDuration) || 0,
    };
  });
  expect(motion.scrollBehavior).not.toBe("smooth");
  expect(motion.transition).toBeLessThanOrEqual(0.01);
});

test("keyboard focus is visible on links and buttons", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  for (let step = 0; step < 6; step++) {
    await page.keyboard.press("Tab");
    const outline = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement;
      const style = getComputedStyle(element);
      return {
        tag: element.tagName,
        outline: style.outlineStyle,
        width: parseFloat(style.outlineWidth),
        shadow: style.boxShadow,
      };
    });
    const visible = (outline.outline !== "none" && outline.width > 0) || outline.shadow !== "none";
    expect(visible, `focused ${outline.tag} has no visible focus indicator`).toBe(true);
  }
});
