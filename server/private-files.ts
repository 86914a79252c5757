import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * Only the service's user reads the data folder: it holds every lead, the
 * owner's password hash, the authenticator's secret and the drill key. Folders
 * are created 0700 and files 0600 with explicit modes, and every entry point
 * sets the umask first, so neither the shell's umask (000 or 022) nor who
 * creates a file (the service, `npm run owner:password`, a restore) leaves one
 * readable by others. SQLite gives its -wal and -shm files the database
 * file's own mode, so creating the database 0600 covers them too.
 * (docs/decisions/0022-no-request-ends-the-process-and-private-data.md)
 */
export const privateUmask = 0o077;
export const privateFolderMode = 0o700;
export const privateFileMode = 0o600;

/** Group or others may read or write it (a traverse-only 0711 lists and reads nothing, and is let be). */
const openBits = 0o066;

/** Creates a folder (and its missing parents) only its owner can enter; an existing one is left as it is. */
export function createPrivateFolder(path: string): void {
  const created = mkdirSync(path, { recursive: true, mode: privateFolderMode });
  // mkdir's mode passes through the umask, and parents it created must be closed as well.
  if (created === undefined) return;
  let folder = resolve(path);
  const first = resolve(created);
  for (;;) {
    chmodSync(folder, privateFolderMode);
    if (folder === first) break;
    folder = resolve(folder, "..");
  }
}

/** Creates an empty file only its owner can read, unless it exists already (then it is left as it is). */
export function createPrivateFile(path: string): void {
  let descriptor: number;
  try {
    descriptor = openSync(path, "wx", privateFileMode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return;
    throw error;
  }
  closeSync(descriptor);
  chmodSync(path, privateFileMode);
}

/**
 * Why the service refuses to start on this data folder, in one sentence that
 * says how to fix it, or undefined when only its owner can read it (or it does
 * not exist yet, and will be created private).
 */
export function dataFolderProblem(path: string): string | undefined {
  let mode: number;
  try {
    mode = statSync(path).mode & 0o777;
  } catch {
    return undefined;
  }
  if ((mode & openBits) === 0) return undefined;
  const folder = resolve(path);
  return (
    `La carpeta de datos ${folder} la pueden leer otros usuarios del servidor (permisos ${mode.toString(8)}), ` +
    `y guarda cada lead y la contraseña del titular: corregila con «chmod -R go-rwx ${folder}» y volvé a iniciar.`
  );
}

/**
 * Closes what an earlier version (or a copy made by hand) left open inside the
 * data folder: what group and others could do to each file or folder this user
 * owns is taken away (0644 becomes 0600, 0755 becomes 0700).
 * Symbolic links are left alone, as is anything owned by another user or in a
 * folder this user cannot list.
 * Returns the paths it changed.
 */
export function closePrivateFiles(folder: string): string[] {
  const changed: string[] = [];
  const uid = process.getuid?.();
  const walk = (path: string) => {
    let entries: string[];
    try {
      entries = readdirSync(path);
    } catch {
      // A folder this user may pass through but not list (another owner's): nothing of ours to close.
      return;
    }
    for (const entry of entries) {
      const child = join(path, entry);
      const stats = lstatSync(child);
      if (stats.isSymbolicLink() || (uid !== undefined && stats.uid !== uid)) continue;
      if ((stats.mode & 0o077) !== 0) {
        chmodSync(child, stats.mode & 0o700);
        changed.push(child);
      }
      if (stats.isDirectory()) walk(child);
    }
  };
  walk(folder);
  return changed;
}
