import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { expectNoAxeViolations } from "./axe.ts";
import { expect, logIn, test } from "./inbox-fixtures.ts";
import { startInboxServer } from "./inbox-server.ts";
import { doctorFindingsFile } from "../../server/inbox/server-findings.ts";

/**
 * The server's last check in the inbox (decisions 0027 and 0035): the parts deploy/doctor.sh found
 * wrong, one line each under the navigation in the owner's words (no administrator command), with
 * when it was seen and who fixes it; a stopped service seen before this one started is gone;
 * nothing once all is well.
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
  const findings = (problems: { part: string; message: string }[], checkedAt = new Date()) =>
    writeFileSync(
      join(server.dataDir, doctorFindingsFile),
      JSON.stringify({ checkedAt: checkedAt.toISOString().replace(/\.\d+Z$/, "Z"), problems }),
    );
  try {
    findings([
      { part: "servicio", message: stopped },
      { part: "copias", message: noCopies },
    ]);
    await logIn(page, server);
    const box = page.locator("[data-server-findings]");
    await expect(box.getByText("El servidor necesita atención")).toBeVisible();
    await expect(box.getByRole("listitem")).toHaveText([
      /^El servicio que recibe las consultas no funciona bien: pueden perderse consultas\. Visto el \d\d\/\d\d\/\d{4},? \d\d:\d\d\.$/,
      /^Las copias de las consultas fuera del servidor no están al día, o no están configuradas\. Visto el /,
    ]);
    await expect(box).toContainText("Lo arregla quien instaló el servidor");
    await expect(box).not.toContainText(/sudo|journalctl|--backup-url|systemctl/);
    await expectNoAxeViolations(page);
    await shoot(page, "inbox-server-findings");

    // Seen before this service started: the stopped service no longer holds; the copies still do.
    findings(
      [
        { part: "servicio", message: stopped },
        { part: "copias", message: noCopies },
      ],
      new Date("2026-11-28T18:00:00Z"),
    );
    await page.reload();
    await expect(box.getByRole("listitem")).toHaveText([/^Las copias de las consultas/]);

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
