import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";

import { doctorFindingsFile, readServerFindings } from "./server-findings.ts";

describe("the doctor's findings in the inbox", () => {
  const folders: string[] = [];
  const dataDir = (content?: string) => {
    const folder = mkdtempSync(join(tmpdir(), "hallazgos-"));
    folders.push(folder);
    if (content !== undefined) writeFileSync(join(folder, doctorFindingsFile), content);
    return folder;
  };
  afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

  const written = {
    checkedAt: "2026-11-28T18:00:00Z",
    problems: [
      { part: "servicio", message: "El servicio tasaciones.service está detenido: ejecutá …" },
      { part: "copias", message: "Ninguna copia sale de este servidor todavía: …" },
    ],
  };

  test("each problem the doctor wrote, in its order, with when it was seen", async () => {
    const startedBefore = new Date("2026-11-28T17:00:00Z");
    expect(await readServerFindings(dataDir(JSON.stringify(written)), startedBefore)).toEqual([
      {
        part: "servicio",
        message: "El servicio tasaciones.service está detenido: ejecutá … (visto el 28/11/2026 15:00)",
      },
      {
        part: "copias",
        message: "Ninguna copia sale de este servidor todavía: … (visto el 28/11/2026 15:00)",
      },
    ]);
  });

  test("a stopped service, seen before the service started again, no longer shows", async () => {
    const startedAfter = new Date("2026-11-28T18:05:00Z");
    expect(await readServerFindings(dataDir(JSON.stringify(written)), startedAfter)).toEqual([
      {
        part: "copias",
        message: "Ninguna copia sale de este servidor todavía: … (visto el 28/11/2026 15:00)",
      },
    ]);
  });

  test("nothing when the doctor never ran, or its file is damaged", async () => {
    expect(await readServerFindings(dataDir())).toEqual([]);
    expect(await readServerFindings(dataDir('{"problems": [tru'))).toEqual([]);
    expect(await readServerFindings(dataDir('{"problems": [{"part": 1}, null, "x"]}'))).toEqual([]);
  });
});
