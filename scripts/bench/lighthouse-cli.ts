/**
 * The bench's Lighthouse figures checked against Lighthouse's own command line (part of `npm run
 * bench`, part "pages"): `lighthouse URL --output=json --chrome-path=/usr/bin/chromium` as anyone
 * would type it, on the same build served the same way, for a few pages, each run in turn with the
 * bench's own run (scripts/bench.ts `measure`), so both see the same load on a shared machine. The
 * only flags added are the ones Chromium needs to start on this machine at all (headless, and no
 * sandbox as root); nothing else of the bench's setup (scripts/chromium.ts) is passed.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";

import { chromiumPath } from "../chromium.ts";

/** The pages the issue of the pages under load names for the comparison. */
export const commandLinePages = ["/", "/en", "/torres/alvear-icon-hotel-residences", "/tasaciones-online"];

export type CommandLineFigures = { performance: number; lcp: number; tbt: number; fcp: number };
/** One page: the bench and the command line on this build; the command line on the previous build when one is measured. */
export type CommandLineRow = {
  page: string;
  bench: CommandLineFigures;
  commandLine: CommandLineFigures;
  previousCommandLine?: CommandLineFigures;
};

const run = promisify(execFile);

/**
 * One run of the command line, as typed; its JSON report read back. Lighthouse now and then loses
 * a page load's trace ("NO_NAVSTART … Please run Lighthouse again"): such a run is done again, up
 * to twice, as its message asks, instead of losing the whole comparison.
 */
export async function measureWithCommandLine(url: string, attemptsLeft = 3): Promise<CommandLineFigures> {
  try {
    return await measureOnce(url);
  } catch (error) {
    if (attemptsLeft <= 1 || !/run Lighthouse again/i.test(String((error as { stderr?: unknown }).stderr)))
      throw error;
    console.log(`  lighthouse ${url}: the command line lost its trace; running it again`);
    return measureWithCommandLine(url, attemptsLeft - 1);
  }
}

async function measureOnce(url: string): Promise<CommandLineFigures> {
  const directory = mkdtempSync(join(tmpdir(), "lighthouse-cli-"));
  const report = join(directory, "report.json");
  try {
    const sandbox = process.getuid?.() === 0 ? " --no-sandbox" : "";
    await run(
      join("node_modules", ".bin", "lighthouse"),
      [
        url,
        "--output=json",
        `--output-path=${report}`,
        `--chrome-path=${chromiumPath}`,
        `--chrome-flags=--headless${sandbox}`,
        "--quiet",
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const { categories, audits } = JSON.parse(readFileSync(report, "utf8")) as {
      categories: Record<string, { score: number | null }>;
      audits: Record<string, { numericValue?: number }>;
    };
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: Math.round((categories.performance?.score ?? Number.NaN) * 100),
      lcp: value("largest-contentful-paint"),
      tbt: value("total-blocking-time"),
      fcp: value("first-contentful-paint"),
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

export function printCommandLineTable(rows: CommandLineRow[], runs: number): void {
  const figures = (f: CommandLineFigures) =>
    `${(f.fcp / 1000).toFixed(2)} s / ${(f.lcp / 1000).toFixed(2)} s / ${Math.round(f.tbt)} ms / ${f.performance}`;
  const withPrevious = rows.some((row) => row.previousCommandLine);
  const header = [
    "page",
    "bench: FCP / LCP / TBT / Perf",
    "lighthouse command line: FCP / LCP / TBT / Perf",
    "LCP gap",
    ...(withPrevious ? ["command line, previous build: FCP / LCP / TBT / Perf", "LCP, this − previous"] : []),
  ];
  const table = rows.map(({ page, bench, commandLine, previousCommandLine }) => [
    page,
    figures(bench),
    figures(commandLine),
    `${Math.round(commandLine.lcp - bench.lcp)} ms`,
    // Every row of one run has the previous build's figures, or none has.
    ...(previousCommandLine
      ? [figures(previousCommandLine), `${Math.round(commandLine.lcp - previousCommandLine.lcp)} ms`]
      : []),
  ]);
  const widths = header.map((_, column) => Math.max(...[header, ...table].map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(" | ")} |`;
  console.log(
    `\nThe bench against \`lighthouse URL --output=json --chrome-path=${chromiumPath}\` on the same build` +
      (withPrevious ? ", and the command line on the previous build (BENCH_PREVIOUS_BUILD)" : "") +
      `, median of ${runs}, taking turns run by run:\n`,
  );
  console.log([line(header), line(widths.map((width) => "-".repeat(width))), ...table.map(line)].join("\n"));
}
