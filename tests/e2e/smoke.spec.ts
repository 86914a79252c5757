import { expect, hydrated, test } from "./fixtures.ts";

test("hydrates without errors", async ({ page, outsideRequests }) => {
  void outsideRequests;
  const errors: string[] = [];
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") errors.push(m.text()); });
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button").click();
  await expect(page.getByRole("button")).toHaveText("count 1");
  console.log(await page.content());
  expect(errors).toEqual([]);
});
