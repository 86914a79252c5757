import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, expect, test } from "vitest";

import { Store, sqliteFileName } from "../../server/storage/store.ts";
import { storedPasskey } from "../inbox/enrolled-owner.ts";
import { runOwnerPassword } from "./owner-password-command.ts";
import { startSmtpCatcher } from "./smtp-catcher.ts";
import { clockEnvironment } from "../../scripts/service-process.ts";

/**
 * `npm run owner:password` as the owner runs it: a password the login form
 * could never send is refused before anything changes, and a database that
 * cannot be opened is reported with its cause.
 */
const dataDir = mkdtempSync(join(tmpdir(), "owner-password-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const script = join(import.meta.dirname, "..", "..", "server", "owner-password.ts");
function ownerPassword(input: Buffer | string, directory = dataDir) {
  return spawnSync(
    process.execPath,
    ["--disable-warning=ExperimentalWarning", script, "titular@example.com"],
    {
      env: { PATH: process.env.PATH, ...clockEnvironment(), LEADS_DATA_DIR: directory },
      input,
      encoding: "utf8",
      timeout: 30_000,
    },
  );
}

test.each([
  ["a line break inside", "doce letras!\nmás letras"],
  ["a carriage return", "doce letras!\rmás letras"],
  ["a tab", "doce\tletras y más"],
  ["a NUL", "doce letras\u0000 y más"],
])("%s: refused, nothing changed", (_, password) => {
  const result = ownerPassword(password);
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(
    /caracteres de control: el formulario de ingreso no podría enviarla\. No se cambió nada\./,
  );
});

test("bytes that are not UTF-8: refused, nothing changed", () => {
  const result = ownerPassword(
    Buffer.concat([Buffer.from("contraseña larga "), Buffer.from([0xff, 0xfe, 0xc3])]),
  );
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(/bytes que no son UTF-8/);
});

test("a good password is taken; the trailing line break of echo is not part of it", () => {
  const result = ownerPassword("doce letras y más\n");
  expect(result.stderr).toBe("");
  expect(result.stdout).toMatch(/^Listo: cuenta creada para titular@example\.com/);
});

test("a database that cannot be opened is reported with its cause, not an empty name", () => {
  const broken = mkdtempSync(join(tmpdir(), "owner-password-broken-"));
  mkdirSync(join(broken, sqliteFileName)); // a folder where the database file should be
  try {
    const result = ownerPassword("doce letras y más", broken);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/^No se pudo abrir la base de datos: .*\S.*/);
    expect(result.stderr).toMatch(/unable to open|directory|EISDIR/i);
    expect(result.stderr).not.toContain("migración  de");
  } finally {
    rmSync(broken, { recursive: true, force: true });
  }
});

test(
  "a reset with a second factor removes every factor, says so, and e-mails the owner",
  { timeout: 60_000 },
  async () => {
    const directory = mkdtempSync(join(tmpdir(), "owner-password-factors-"));
    const smtp = await startSmtpCatcher();
    const received = smtp.messages;
    const smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
    try {
      expect(ownerPassword("doce letras y más", directory).status).toBe(0);
      const store = await Store.open({ dataDir: directory });
      const now = new Date().toISOString();
      await store.secondFactors.addPasskey(storedPasskey(new Date(now)));
      await store.db
        .insertInto("inbox_totp")
        .values({ id: 1, secret: "JBSWY3DPEHPK3PXP", enabled_at: now, created_at: now })
        .execute();
      await store.db
        .insertInto("inbox_recovery_codes")
        .values({ code_hash: "x", created_at: now, used_at: null })
        .execute();
      await store.close();

      const result = await runOwnerPassword({
        dataDir: directory,
        smtpUrl,
        password: "otra contraseña larga",
      });
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/Se cerraron todas las sesiones abiertas\./);
      expect(result.stdout).toMatch(
        /Se quitaron todas las llaves de acceso, la app de autenticación y los códigos de recuperación/,
      );
      const after = await Store.open({ dataDir: directory });
      for (const table of ["inbox_passkeys", "inbox_totp", "inbox_recovery_codes"] as const)
        expect(await after.db.selectFrom(table).selectAll().execute(), table).toEqual([]);
      await after.close();
      expect(received).toHaveLength(1);
      expect(received[0]!.headers.get("subject")).toMatch(/^Bandeja: Se cambió la contraseña en el servidor/);
      expect(received[0]!.text).toContain("se quitaron todas las llaves de acceso");
    } finally {
      await smtp.stop();
      rmSync(directory, { recursive: true, force: true });
    }
  },
);
