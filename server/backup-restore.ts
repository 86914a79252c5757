/**
 * Rebuilds the lead service's data from the off-site backup (decision 0019):
 *   npm run --silent backup:restore -- --identity FILE --to DIR [--at 2026-12-01T10:00:00-03:00] [--up-to-last-good] [--installation ID]
 *   npm run --silent backup:restore -- --identity FILE --to postgres://user:password@host/empty_db
 * Reads LEADS_BACKUP_URL (and the AWS_* variables for s3://). FILE holds the owner's private key
 * (AGE-SECRET-KEY-1…), which never lives on the server. DIR must hold no leads; it becomes a
 * LEADS_DATA_DIR that `npm run serve` serves. Prints what it restored and how it was checked. It
 * refuses copies out of place (another name, another installation, a gap, a replaced object) in a
 * sentence naming them; --up-to-last-good restores up to the last verified object and lists what
 * it left out (decision 0023). A target holding more than one installation's complete chain is
 * refused with each named (dates, objects, leads); --installation ID (as the refusal spells it)
 * restores that one and says what it left aside (decision 0036). A folder left beside DIR by a
 * restore that was killed is removed, and said.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";

import { restoreBackup, RestoreError, type RestoreDestination } from "./backup/restore.ts";
import { openTarget } from "./backup/targets.ts";
import { sqliteFileName } from "./storage/store.ts";

const usage =
  "Uso: npm run --silent backup:restore -- --identity ARCHIVO --to CARPETA|postgres://… [--at 2026-12-01T10:00:00-03:00] [--up-to-last-good] [--installation ID]";

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

let values: {
  identity?: string;
  to?: string;
  at?: string;
  "up-to-last-good"?: boolean;
  installation?: string;
};
try {
  ({ values } = parseArgs({
    options: {
      identity: { type: "string" },
      to: { type: "string" },
      at: { type: "string" },
      "up-to-last-good": { type: "boolean" },
      installation: { type: "string" },
    },
  }));
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}
const url = process.env.LEADS_BACKUP_URL?.trim();
if (!url)
  fail(`Falta LEADS_BACKUP_URL: dónde están las copias (s3://BUCKET/PREFIJO o file:///RUTA).\n${usage}`);
const { identity: identityFile, to: destination } = values;
if (!identityFile || !destination) fail(usage);
if (!existsSync(identityFile)) fail(`No existe el archivo de clave ${identityFile}.`);
const identity = readFileSync(identityFile, "utf8")
  .split("\n")
  .map((line) => line.trim())
  .find((line) => line.startsWith("AGE-SECRET-KEY-"));
if (!identity) fail(`${identityFile} no contiene una clave privada de age (AGE-SECRET-KEY-1…).`);
let at: Date | undefined;
if (values.at) {
  // An instant, never a wall-clock time: the offset says which.
  if (!/(Z|[+-]\d{2}:\d{2})$/.test(values.at) || Number.isNaN(Date.parse(values.at)))
    fail(`--at ${values.at}: una fecha y hora ISO con zona, por ejemplo 2026-12-01T10:00:00-03:00`);
  at = new Date(values.at);
}
const installation = values.installation?.trim();
if (installation !== undefined && !/^[0-9a-f]{8,32}$/i.test(installation))
  fail(`--installation ${installation}: los 8 caracteres (0-9, a-f) con que el aviso nombra la instalación`);
const to: RestoreDestination = /^postgres(ql)?:\/\//.test(destination)
  ? { databaseUrl: destination }
  : { dataDir: destination };
if ("dataDir" in to && existsSync(join(to.dataDir, sqliteFileName)))
  fail(`${join(to.dataDir, sqliteFileName)} ya existe: restaure en una carpeta nueva.`);

const started = performance.now();
try {
  const target = openTarget(url);
  const upToLastGood = values["up-to-last-good"] ?? false;
  const report = await restoreBackup({
    target,
    identity,
    to,
    at,
    upToLastGood,
    installation,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const where = "dataDir" in to ? join(to.dataDir, sqliteFileName) : "la base PostgreSQL indicada";
  const lines = [
    `Restaurado en ${where} desde ${target.describe}`,
    `  copia completa del ${report.snapshotAt.toISOString()} y ${report.changeSets} conjuntos de cambios, hasta ${report.through.toISOString()} (${report.last})${at ? ` (pedido: ${at.toISOString()})` : ""}`,
    `  ${report.objects} objetos, ${report.bytes.toLocaleString("es-AR")} bytes, ${seconds} s`,
    ...Object.entries(report.rows).map(
      ([table, count]) => `  ${table}: ${count.toLocaleString("es-AR")} filas`,
    ),
    `  verificado: integridad ${report.integrity}; cantidades y sumas de control iguales a las registradas en la copia; cadena de copias de la instalación ${report.installation} sin huecos ni objetos ajenos${report.leftOut.length ? " en el tramo restaurado" : ""}`,
    ...(report.setAside.length
      ? ["  dejado de lado (--installation):", ...report.setAside.map((sentence) => `    ${sentence}`)]
      : []),
    ...(report.leftOut.length
      ? ["  quedó afuera (--up-to-last-good):", ...report.leftOut.map((sentence) => `    ${sentence}`)]
      : []),
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
} catch (error) {
  const hint =
    error instanceof RestoreError && error.lastGood
      ? `\nPara restaurar hasta ${error.lastGood}, repita la orden con --up-to-last-good.`
      : "";
  fail(`No se pudo restaurar: ${(error as Error).message}${hint}`);
}
