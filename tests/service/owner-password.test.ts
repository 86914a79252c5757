import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, expect, test } from "vitest";

import { sqliteFileName } from "../../server/leads/storage/lead-store.ts";

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
      env: { PATH: process.env.PATH, LEADS_DATA_DIR: directory },
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
