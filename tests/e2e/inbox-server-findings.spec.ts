import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { expectNoAxeViolations } from "./axe.ts";
import { expect, logIn, test } from "./inbox-fixtures.ts";
import { startInboxServer } from "./inbox-server.ts";
import { doctorFindingsFile } from "../../server/inbox/server-findings.ts";
import { buenosAiresTime } from "../../app/lib/buenos-aires-time.ts";

/**
 * The server's last check in the inbox (decision 0027): the problems deploy/doctor.sh wrote to the
 * data folder, one line each under the navigation, framed in red; nothing once all is well.
 * Screenshots at 390 and 1280 px go to FINDINGS_SHOTS when set.
 */
test.describe.configure({ timeout: 90_000 });

test("/bandeja shows what the server's check found wrong, and nothing when all is well", async ({
  page,
  guard,
}) => {
  void guard;
  const server = await startInboxServer();
  const stopped =
    "El servicio tasaciones.service está detenido: ejecutá sudo systemctl start tasaciones.service y, si no arranca, mirá journalctl -u tasaciones.service.";
  const noCopies =
    "Ninguna copia sale de este servidor todavía: ejecutá de nuevo deploy/install.sh con --backup-url y --backup-recipient (docs/deploy.md, «Off-site backups»).";
  // Seen after the server started: a stopped service seen before it started no longer shows.
  const checkedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
  const seen = ` (visto el ${buenosAiresTime(checkedAt)})`;
  const findings = (problems: { part: string; message: string }[]) =>
    writeFileSync(
      join(server.dataDir, doctorFindingsFile),
      JSON.stringify({ checkedAt: checkedAt.toISOString(), problems }),
    );
  try {
    findings([
      { part: "servicio", message: stopped },
      { part: "copias", message: noCopies },
    ]);
    await logIn(page, server);
    const box = page.locator("[data-server-findings]");
    await expect(box.getByText("El servidor necesita atención")).toBeVisible();
    await expect(box.getByRole("listitem")).toHaveText([stopped + seen, noCopies + seen]);
    await expectNoAxeViolations(page);
    await shoot(page, "inbox-server-findings");

    findings([]);
    await page.reload();
    await expect(page.getByRole("navigation")).toBeVisible();
    await expect(box).toHaveCount(0);
  } finally {
    await server.stop();
  }
});

async function shoot(page: import("@playwright/test").Page, name: string): Promise<void> {
  const folder = process.env.FINDINGS_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: join(folder, `${name}-${width}.png`) });
  }
}
