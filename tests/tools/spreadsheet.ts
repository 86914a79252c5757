import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { ensureSystemPackages } from "../../scripts/system-packages.ts";

/** Argentine Spanish as a Windows language id, the form LibreOffice's CSV filter takes. */
const spanishArgentina = 11274;

/**
 * The filter's language only decides how cells are read; how a date is shown comes from the
 * profile's locale, which otherwise follows the machine (en-US here: "11/25/26 03:50 PM").
 * A profile set to es-AR shows what the owner's spreadsheet shows: "25/11/26 15:50".
 */
const argentineProfile = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Setup/L10N"><prop oor:name="ooSetupSystemLocale" oor:op="fuse"><value>es-AR</value></prop></item>
</oor:items>
`;

export type Sheet = {
  /** Each row's cells as the spreadsheet shows them. */
  rows: string[][];
  /** The formulas the spreadsheet found in the file (none, for a safe file). */
  formulas: string[];
};

/**
 * Opens a CSV in LibreOffice Calc set to Argentine Spanish (reading and display), with `separator`
 * as the field separator and formula evaluation on (the worst case a reader's
 * settings allow), and reads back what the sheet holds from its flat XML.
 */
export function openInSpreadsheet(csv: string | Buffer, separator: ";" | ","): Sheet {
  ensureSystemPackages(["libreoffice"]);
  const dir = mkdtempSync(join(tmpdir(), "spreadsheet-"));
  try {
    writeFileSync(join(dir, "export.csv"), csv);
    mkdirSync(join(dir, "profile", "user"), { recursive: true });
    writeFileSync(join(dir, "profile", "user", "registrymodifications.xcu"), argentineProfile);
    // Separator, text delimiter ("), UTF-8, from line 1, standard formats, language, quoted fields
    // not forced to text, special numbers detected, then (token 13) formulas evaluated.
    const options = [separator.charCodeAt(0), 34, 76, 1, "", spanishArgentina, false, true];
    const filter = `Text - txt - csv (StarCalc):${options.join(",")},false,false,false,-1,true`;
    execFileSync(
      "soffice",
      [
        "--headless",
        `-env:UserInstallation=file://${join(dir, "profile")}`,
        `--infilter=${filter}`,
        "--convert-to",
        "fods",
        "--outdir",
        dir,
        join(dir, "export.csv"),
      ],
      { stdio: "pipe", timeout: 120_000 },
    );
    return readFlatSheet(readFileSync(join(dir, "export.fods"), "utf8"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const unescape = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => entities[name]!);

function readFlatSheet(xml: string): Sheet {
  const formulas = [...xml.matchAll(/table:formula="([^"]*)"/g)].map((match) => unescape(match[1]!));
  const rows = [...xml.matchAll(/<table:table-row\b[^>]*>([\s\S]*?)<\/table:table-row>/g)]
    .map((row) =>
      [...row[1]!.matchAll(/<table:table-cell\b([^>]*?)(?:\/>|>([\s\S]*?)<\/table:table-cell>)/g)].flatMap(
        (cell) => {
          const repeated = Number(/table:number-columns-repeated="(\d+)"/.exec(cell[1]!)?.[1] ?? 1);
          const text = [...(cell[2] ?? "").matchAll(/<text:p>([\s\S]*?)<\/text:p>/g)]
            .map((paragraph) =>
              unescape(paragraph[1]!.replace(/<text:line-break\/>/g, "\n").replace(/<[^>]+>/g, "")),
            )
            .join("\n");
          return Array.from({ length: Math.min(repeated, 64) }, () => text);
        },
      ),
    )
    .map((cells) => {
      while (cells.length > 0 && cells.at(-1) === "") cells.pop();
      return cells;
    })
    .filter((cells) => cells.length > 0);
  return { rows, formulas };
}
