import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/**
 * Differences between two builds' folders, byte for byte, every file. The one
 * thing allowed to differ is the build's own folder, which the nginx files and
 * the server bundle name (its path, absolute or relative to the project): it
 * is replaced by a placeholder in both before comparing. Symbolic links (the
 * node_modules link a build made elsewhere gets) are not followed.
 */
export function buildDifferences(firstDir: string, secondDir: string): string[] {
  const first = filesOf(firstDir);
  const second = filesOf(secondDir);
  const differences: string[] = [];
  for (const file of new Set([...first, ...second])) {
    if (!first.includes(file)) differences.push(`${file}: only in ${secondDir}`);
    else if (!second.includes(file)) differences.push(`${file}: only in ${firstDir}`);
    else if (!normalized(firstDir, file).equals(normalized(secondDir, file))) differences.push(file);
  }
  return differences.sort();
}

function filesOf(dir: string, under = dir): string[] {
  return readdirSync(under, { withFileTypes: true }).flatMap((entry) => {
    const path = join(under, entry.name);
    if (entry.isSymbolicLink()) return [];
    if (entry.isDirectory()) return filesOf(dir, path);
    return [relative(dir, path)];
  });
}

const placeholder = Buffer.from("<build>");
/** Where the build runs from: React Router writes the folder relative to it. */
const projectRoot = resolve(import.meta.dirname, "..", "..");

function normalized(buildDir: string, file: string): Buffer {
  const content = readFileSync(join(buildDir, file));
  const absolute = resolve(buildDir);
  const fromProject = relative(projectRoot, absolute);
  let result: Buffer = content;
  for (const path of [absolute, fromProject].filter(Boolean)) result = replaceAll(result, Buffer.from(path));
  return result;
}

function replaceAll(content: Buffer, search: Buffer): Buffer {
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = content.indexOf(search); at !== -1; at = content.indexOf(search, from)) {
    parts.push(content.subarray(from, at), placeholder);
    from = at + search.length;
  }
  if (from === 0) return content;
  parts.push(content.subarray(from));
  return Buffer.concat(parts);
}
