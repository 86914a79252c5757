import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { generateX25519Identity, identityToRecipient } from "age-encryption";

import { definitionOf, sampleValues } from "../inbox/sample-leads.ts";
import { expectNoAxeViolations } from "./axe.ts";
import { expect, logIn, test } from "./inbox-fixtures.ts";
import { startInboxServer } from "./inbox-server.ts";

/**
 * The off-site copy as the owner sees it (decision 0019): under the inbox's navigation, how long
 * ago everything was copied and the last restore the service verified, with its lead count; a
 * failed drill framed in red. Screenshots at 390 and 1280 px go to BACKUP_SHOTS when set.
 */
test.describe.configure({ timeout: 90_000 });

test("/bandeja shows the newest copy and the last verified restore, then a failed drill", async ({
  page,
  guard,
}) => {
  void guard;
  const target = mkdtempSync(join(tmpdir(), "inbox-backup-"));
  const recipient = await identityToRecipient(await generateX25519Identity());
  const server = await startInboxServer({
    env: { LEADS_BACKUP_URL: `file://${target}`, LEADS_BACKUP_RECIPIENT: recipient },
  });
  try {
    for (let n = 0; n < 3; n++) await server.submit("express", sampleValues(definitionOf("express"), n));
    await server.backup!.cycle();
    expect(await server.backup!.drill()).toMatchObject({ ok: true, leads: 3 });

    await logIn(page, server);
    const line = page.locator("[data-backup-state]");
    await expect(line).toHaveAttribute("data-backup-state", "ok");
    await expect(line).toHaveText(
      /^Copia fuera del servidor: hace \d+ (s|min) · Última restauración verificada: (lunes|martes|miércoles|jueves|viernes|sábado|domingo) \d\d:\d\d, 3 consultas · Instalación [0-9a-f]{8}$/,
    );
    // The installation a restore names when it finds another's copies beside hers.
    const installation = (await line.textContent())!.slice(-8);
    expect((await server.backup!.status()).installation).toBe(installation);
    await expectNoAxeViolations(page);
    await shoot(page, "inbox-backup");

    // The newest change set (after the snapshot the drill's key turn made) damaged in the target:
    // the next drill fails and says so, in red.
    await server.submit("express", sampleValues(definitionOf("express"), 3));
    await server.backup!.cycle();
    const changes = join(target, "changes");
    const damaged = join(changes, readdirSync(changes).sort().at(-1)!);
    const bytes = readFileSync(damaged);
    bytes[bytes.length - 3]! ^= 1;
    writeFileSync(damaged, bytes);
    expect((await server.backup!.drill()).ok).toBe(false);
    await page.reload();
    await expect(line).toHaveAttribute("data-backup-state", "drill-failed");
    await expect(line).toContainText(/La última restauración de prueba falló: .*changes\/\S+ está dañado/);
    await expect(line).toContainText("Última restauración verificada:");
    await expectNoAxeViolations(page);
    await shoot(page, "inbox-backup-drill-failed");
  } finally {
    await server.stop();
    rmSync(target, { recursive: true, force: true });
  }
});

async function shoot(page: import("@playwright/test").Page, name: string): Promise<void> {
  const folder = process.env.BACKUP_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: join(folder, `${name}-${width}.png`) });
  }
}
