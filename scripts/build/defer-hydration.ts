import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Rewrites a prerendered React Router page so that it paints from HTML and CSS
 * alone and hydrates after `load`:
 * - the inline hydration scripts move, in order, into one hashed module file;
 * - their <script> elements stay, empty, so React finds the nodes it expects;
 * - the first one becomes the small boot loader that imports that module;
 * - the page's modulepreload links move into the boot module, which requests
 *   the whole module graph at once when it runs: with static imports the
 *   browser would find it one level at a time (six round trips on the home
 *   page before React could hydrate).
 */

const bootLoader = minify(readFileSync(new URL("./boot-loader.js", import.meta.url), "utf8"));

export const bootLoaderHash = `sha256-${createHash("sha256").update(bootLoader).digest("base64")}`;

const inlineScript = /<script(?<attributes>[^>]*)>(?<body>[\s\S]*?)<\/script>/g;
const modulePreload = /<link rel="modulepreload" href="(?<href>[^"]+)"\/>/g;
const staticImport = /^import (?:\* as (?<name>\w+) from )?"(?<url>[^"]+)";$/;

export function deferHydration(html: string, writeBootModule: (source: string) => string): string {
  const staticImports: string[] = [];
  const statements: string[] = [];
  const preloads = [...html.matchAll(modulePreload)].map((match) => match.groups!.href!);
  let isFirstScript = true;

  const rewritten = html.replace(inlineScript, (whole, attributes: string, body: string) => {
    if (/\ssrc=/.test(attributes) || /type="application\/ld\+json"/.test(attributes)) return whole;
    for (const line of body.split("\n")) {
      if (/^import\b(?!\()/.test(line.trim())) staticImports.push(line.trim());
      else if (line.trim()) statements.push(line.trim());
    }
    if (isFirstScript) {
      isFirstScript = false;
      return `<script data-boot="{{BOOT}}">${bootLoader}</script>`;
    }
    return `<script${attributes}></script>`;
  });

  if (isFirstScript) throw new Error("No hydration scripts found: did React Router change its output?");
  const bootUrl = writeBootModule(bootModule(preloads, staticImports, statements));
  return rewritten.replace("{{BOOT}}", bootUrl).replace(modulePreload, "");
}

/**
 * The boot module: preload links for every module the page needs, then the
 * hydration scripts' imports as dynamic imports, in their order (the manifest
 * first), and their statements once those modules are there.
 */
function bootModule(preloads: string[], staticImports: string[], statements: string[]): string {
  const imports = staticImports.map((line) => {
    const match = staticImport.exec(line);
    if (!match) throw new Error(`Unexpected import in a hydration script: ${line}`);
    return { name: match.groups!.name, url: match.groups!.url! };
  });
  const names = imports.map(({ name }, index) => (name ? `${name} = modules[${index}]` : null));
  return [
    `for (const href of ${JSON.stringify(preloads)}) {`,
    `  const link = document.createElement("link");`,
    `  link.rel = "modulepreload";`,
    `  link.href = href;`,
    `  document.head.append(link);`,
    `}`,
    `const modules = [];`,
    ...imports.map(({ url }) => `modules.push(await import(${JSON.stringify(url)}));`),
    ...names.filter((name) => name !== null).map((name) => `const ${name};`),
    ...statements,
    "",
  ].join("\n");
}

/** Writes the boot module next to the other hashed assets and returns its URL. */
export function bootModuleWriter(clientDir: string, name: string) {
  return (source: string) => {
    const hash = createHash("sha256").update(source).digest("base64url").slice(0, 10);
    const file = `boot-${name}-${hash}.js`;
    mkdirSync(join(clientDir, "assets"), { recursive: true });
    writeFileSync(join(clientDir, "assets", file), source);
    return `/assets/${file}`;
  };
}

function minify(source: string): string {
  return source
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("//"))
    .join("");
}
