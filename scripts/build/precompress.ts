import { copyFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const compressible = /\.(html|css|js|json|svg|xml|txt|webmanifest)$/;
const gzipAsync = promisify(gzip);

/**
 * Brotli's quality per file. The pages are what every publication rewrites (each holds the
 * business's facts): at 10 they come out 2 % larger than at 11 (727 → 742 KB for the 74 pages)
 * in a third of the time (4.5 → 1.4 s on one core), the step that kept a publication over 5 s
 * (docs/decisions/0030). Scripts, styles and the rest change only with the code: 11.
 */
export function brotliQualityOf(path: string): number {
  return path.endsWith(".html") ? 10 : 11;
}
const brotliAsync = promisify(brotliCompress);

/**
 * Writes .gz and .br next to every text file so servers never compress per request.
 * With `previous` (the client folder of an earlier build), a file identical to
 * the one there takes that build's compressed copies instead of compressing
 * again: brotli at its highest quality is most of a rebuild's time, and an
 * owner's publication changes only the pages and the scripts holding the facts.
 * The files are compressed on libuv's thread pool, all cores at once; zlib's
 * output does not depend on which thread made it.
 */
export async function precompress(dir: string, previous?: string): Promise<void> {
  await Promise.all(
    textFiles(dir, previous).map(async ({ path, before }) => {
      const content = readFileSync(path);
      if (before && sameCompressedFile(content, before)) {
        copyFileSync(`${before}.gz`, `${path}.gz`);
        copyFileSync(`${before}.br`, `${path}.br`);
        return;
      }
      const [gz, br] = await Promise.all([
        gzipAsync(content, { level: 9 }),
        brotliAsync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: brotliQualityOf(path) } }),
      ]);
      writeFileSync(`${path}.gz`, gz);
      writeFileSync(`${path}.br`, br);
    }),
  );
}

/** Every compressible file under `dir`, with where the same file would be in `previous`. */
function textFiles(dir: string, previous?: string): { path: string; before?: string }[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    const before = previous && join(previous, entry);
    if (statSync(path).isDirectory()) return textFiles(path, before);
    return compressible.test(entry) ? [{ path, before }] : [];
  });
}

function sameCompressedFile(content: Buffer, earlier: string): boolean {
  return (
    existsSync(`${earlier}.gz`) &&
    existsSync(`${earlier}.br`) &&
    existsSync(earlier) &&
    readFileSync(earlier).equals(content)
  );
}
