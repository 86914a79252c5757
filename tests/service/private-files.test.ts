import { spawnSync } from "node:child_process";
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, test } from "vitest";

import { clockEnvironment, startService } from "../../scripts/service-process.ts";
import { sqliteFileName } from "../../server/storage/store.ts";
import { closePrivateFiles } from "../../server/private-files.ts";
import { writeFixtureBuild } from "./fixture-build.ts";
import { formEncoded, json, send } from "./http-client.ts";

/**
 * Only the service reads its files (issue 36, audit 3): whoever creates the
 * data folder (the service, `npm run owner:password`) and whatever the umask
 * (000, 022), the folder is 0700 and the database with its -wal and -shm 0600;
 * a folder others can read is refused at start with the command that fixes it.
 * Real files, real processes, modes read back with stat.
 */
const scratch = mkdtempSync(join(tmpdir(), "private-files-"));
const buildDir = writeFixtureBuild();
chmodSync(buildDir, 0o755);
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(buildDir, { recursive: true, force: true });
});

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

/** Every file and folder under `folder` (links aside) that group or others may use. */
function openEntries(folder: string): string[] {
  const open: string[] = [];
  const walk = (path: string) => {
    for (const name of readdirSync(path)) {
      const child = join(path, name);
      const stats = lstatSync(child);
      if (stats.isSymbolicLink()) continue;
      if ((stats.mode & 0o077) !== 0) open.push(`${child} ${(stats.mode & 0o777).toString(8)}`);
      if (stats.isDirectory()) walk(child);
    }
  };
  walk(folder);
  return open;
}

const ownerPasswordScript = join(import.meta.dirname, "..", "..", "server", "owner-password.ts");

/** `npm run owner:password` under a given umask, as a shell would run it. */
function ownerPassword(dataDir: string, umask: string) {
  return spawnSync(
    "sh",
    [
      "-c",
      `umask ${umask} && exec "$0" --disable-warning=ExperimentalWarning "$1" titular@example.com`,
      process.execPath,
      ownerPasswordScript,
    ],
    {
      env: { PATH: process.env.PATH, ...clockEnvironment(), LEADS_DATA_DIR: dataDir },
      input: "una contraseña larga y segura",
      encoding: "utf8",
      timeout: 30_000,
    },
  );
}

/** The service started with `umask` for its whole process (the child inherits it from this one). */
async function serviceUnder(umask: number, env: Record<string, string>) {
  const previous = process.umask(umask);
  try {
    return await startService({ BUILD_DIR: buildDir, LEADS_RATE_LIMIT: "0", ...env });
  } finally {
    process.umask(previous);
  }
}

const lead = new URLSearchParams({
  tipoPropiedad: "Departamento",
  direccion: "Juana Manso 1000",
  superficie: "80",
  ambientes: "3 ambientes",
  nombre: "Ana Reservada",
  telefono: "11 5555 0000",
  email: "ana@example.com",
}).toString();

describe.each(["000", "022"])("umask %s", { timeout: 90_000 }, (umask) => {
  test("the service creates its data folder 0700 and the database, -wal and -shm 0600", async () => {
    const dataDir = join(scratch, `servicio-${umask}`, "datos");
    const service = await serviceUnder(Number.parseInt(umask, 8), { LEADS_DATA_DIR: dataDir });
    try {
      const answer = await send(`${service.baseUrl}/api/form/submit/express`, {
        headers: { ...formEncoded, ...json },
        body: lead,
      });
      expect(answer.status).toBe(201);
      expect(modeOf(dataDir)).toBe("700");
      for (const suffix of ["", "-wal", "-shm"])
        expect(modeOf(join(dataDir, sqliteFileName + suffix))).toBe("600");
      // Whatever else the service wrote there, its published builds included.
      expect(openEntries(dataDir)).toEqual([]);
    } finally {
      await service.stop();
    }
  });

  test("owner:password creates the folder 0700 and the database 0600", () => {
    const dataDir = join(scratch, `titular-${umask}`, "datos");
    const result = ownerPassword(dataDir, umask);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(modeOf(dataDir)).toBe("700");
    expect(modeOf(join(dataDir, sqliteFileName))).toBe("600");
    expect(openEntries(dataDir)).toEqual([]);
  });
});

describe("a data folder others can read", { timeout: 90_000 }, () => {
  test.each(["755", "750", "707"])(
    "%s: the service refuses to start, saying the command that fixes it",
    async (mode) => {
      const dataDir = join(scratch, `abierta-${mode}`);
      mkdirSync(dataDir);
      chmodSync(dataDir, Number.parseInt(mode, 8));
      const refused = await serviceUnder(0o022, { LEADS_DATA_DIR: dataDir }).then(
        async (service) => {
          await service.stop();
          return "started";
        },
        (error: Error) => error.message,
      );
      expect(refused).toContain(
        `La carpeta de datos ${dataDir} la pueden leer otros usuarios del servidor (permisos ${mode})`,
      );
      expect(refused).toContain(`corregila con «chmod -R go-rwx ${dataDir}» y volvé a iniciar.`);
      // Nothing was created in it.
      expect(readdirSync(dataDir)).toEqual([]);
    },
  );

  test("owner:password refuses it too, changing nothing", () => {
    const dataDir = join(scratch, "abierta-titular");
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o755);
    const result = ownerPassword(dataDir, "022");
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /la pueden leer otros usuarios del servidor .*chmod -R go-rwx .* No se cambió nada\./,
    );
    expect(readdirSync(dataDir)).toEqual([]);
  });

  test("a folder others may only pass through (0711, for a web server) is accepted", async () => {
    const dataDir = join(scratch, "paso");
    mkdirSync(dataDir);
    chmodSync(dataDir, 0o711);
    const service = await serviceUnder(0o022, { LEADS_DATA_DIR: dataDir });
    await service.stop();
    expect(modeOf(dataDir)).toBe("711");
    expect(modeOf(join(dataDir, sqliteFileName))).toBe("600");
  });

  test("the database left 0644 by an earlier version is closed at start", async () => {
    const dataDir = join(scratch, "anterior");
    const first = await serviceUnder(0o022, { LEADS_DATA_DIR: dataDir });
    await first.stop();
    chmodSync(join(dataDir, sqliteFileName), 0o644);
    mkdirSync(join(dataDir, "site-photos"), { recursive: true });
    chmodSync(join(dataDir, "site-photos"), 0o755);
    writeFileSync(join(dataDir, "site-photos", "abc.jpg"), "foto", { mode: 0o644 });
    chmodSync(join(dataDir, "site-photos", "abc.jpg"), 0o644);
    const again = await serviceUnder(0o022, { LEADS_DATA_DIR: dataDir });
    await again.stop();
    expect(modeOf(join(dataDir, sqliteFileName))).toBe("600");
    expect(modeOf(join(dataDir, "site-photos"))).toBe("700");
    expect(modeOf(join(dataDir, "site-photos", "abc.jpg"))).toBe("600");
  });
});

test("closing a data folder left open: files 0600, folders 0700, links and what they point at untouched", () => {
  const dataDir = join(scratch, "cerrar");
  const version = join(dataDir, "site-versions", "v1", "client");
  mkdirSync(version, { recursive: true });
  writeFileSync(join(version, "index.html"), "<p>hola</p>");
  writeFileSync(join(dataDir, sqliteFileName), "");
  const outside = join(scratch, "instalada");
  mkdirSync(outside, { recursive: true });
  chmodSync(outside, 0o755);
  symlinkSync(outside, join(dataDir, "site-versions", "current"));
  for (const path of [dataDir, join(dataDir, "site-versions"), join(dataDir, "site-versions", "v1"), version])
    chmodSync(path, 0o755);
  chmodSync(join(version, "index.html"), 0o644);
  chmodSync(join(dataDir, sqliteFileName), 0o664);

  expect(closePrivateFiles(dataDir).sort()).toEqual(
    [
      join(dataDir, sqliteFileName),
      join(dataDir, "site-versions"),
      join(dataDir, "site-versions", "v1"),
      version,
      join(version, "index.html"),
    ].sort(),
  );
  expect(modeOf(join(dataDir, sqliteFileName))).toBe("600");
  expect(modeOf(version)).toBe("700");
  expect(modeOf(join(version, "index.html"))).toBe("600");
  // The link's target (the build installed in the project) is not the data folder's to close.
  expect(modeOf(outside)).toBe("755");
  expect(closePrivateFiles(dataDir)).toEqual([]);
});
