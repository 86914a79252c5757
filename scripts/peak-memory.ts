import { readFileSync } from "node:fs";

/**
 * A child process's peak memory (the high-water mark of its resident set), for the bench and the
 * tests: node's `--import` of a one-line module that writes `process.resourceUsage().maxRSS` to
 * `file` when the process exits (an ordinary end or `process.exit`, not a kill). The command
 * measured runs unchanged.
 */
export function peakMemoryArgs(file: string): string[] {
  const source = `import { writeFileSync } from "node:fs"; process.on("exit", () => writeFileSync(${JSON.stringify(file)}, String(process.resourceUsage().maxRSS * 1024)));`;
  return ["--import", `data:text/javascript,${encodeURIComponent(source)}`];
}

/** The bytes `peakMemoryArgs` recorded, or undefined when the process never got to write them. */
export function readPeakMemory(file: string): number | undefined {
  try {
    return Number(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}
