import { copyFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const compressible = /\.(html|css|js|json|svg|xml|txt|webmanifest)$/;

/**
 * Writes .gz and .br next to every text file so servers never compress per request.
 * With `previous` (the client folder of an earlier build), a file identical to
 * the one there takes that build's compressed copies instead of compressing
 * again: brotli at its highest quality is most of a rebuild's time, and an
 * owner's publication changes only the pages and the scripts holding the facts.
 */
export function precompress(dir: string, previous?: string): void {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    const before = previous && join(previous, entry);
    if (statSync(path).isDirectory()) {
      precompress(path, before);
    } else if (compressible.test(entry)) {
      const content = readFileSync(path);
      if (before && sameCompressedFile(content, before)) {
        copyFileSync(`${before}.gz`, `${path}.gz`);
        copyFileSync(`${before}.br`, `${path}.br`);
        continue;
      }
      writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  }
}

function sameCompressedFile(content: Buffer, earlier: string): boolean {
  return (
    existsSync(`${earlier}.gz`) &&
    existsSync(`${earlier}.br`) &&
    existsSync(earlier) &&
    readFileSync(earlier).equals(content)
  );
}
