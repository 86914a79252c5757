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

  const startedBefore = new Date("2026-11-28T17:00:00Z");
  const startedAfter = new Date("2026-11-28T19:00:00Z");
  const written = {
    checkedAt: "2026-11-28T18:00:00Z",
    problems: [
      {
        part: "servicio",
        message: "El servicio tasaciones.service está detenido: ejecutá sudo systemctl start …",
      },
      { part: "copias", message: "Ninguna copia sale de este servidor todavía: ejecutá … --backup-url …" },
      { part: "copias", message: "Las copias están atrasadas: mirá journalctl -u tasaciones" },
    ],
  };

  test("each part the doctor found wrong, once, in its order, with when it was seen and none of its commands", async () => {
    const findings = await readServerFindings(dataDir(JSON.stringify(written)), startedBefore);
    expect(findings).toEqual([
      { part: "servicio", seenText: expect.stringMatching(/^28\/11\/2026,? 15:00$/) },
      { part: "copias", seenText: expect.stringMatching(/^28\/11\/2026,? 15:00$/) },
    ]);
    expect(JSON.stringify(findings)).not.toMatch(/sudo|journalctl|--backup-url|systemctl/);
  });

  test("a stopped service seen before this service started no longer holds, and disappears", async () => {
    const findings = await readServerFindings(dataDir(JSON.stringify(written)), startedAfter);
    expect(findings.map((finding) => finding.part)).toEqual(["copias"]);
  });

  test("nothing when the doctor never ran, or its file is damaged", async () => {
    expect(await readServerFindings(dataDir(), startedBefore)).toEqual([]);
    expect(await readServerFindings(dataDir('{"problems": [tru'), startedBefore)).toEqual([]);
    expect(
      await readServerFindings(dataDir('{"problems": [{"part": 1}, null, "x"]}'), startedBefore),
    ).toEqual([]);
  });
});
