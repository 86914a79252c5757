import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Rewrites a prerendered React Router page so that it paints from HTML and CSS
 * alone and hydrates after `load`:
 * - the inline hydration scripts move, in order, into one hashed module file;
 * - their <script> elements stay, empty, so React finds the nodes it expects;
 * - the first one becomes the small boot loader that imports that module;
 * - modulepreload links go (React adds them back when it hydrates).
 */

const bootLoader = minify(readFileSync(new URL("./boot-loader.js", import.meta.url), "utf8"));

export const bootLoaderHash = `sha256-${createHash("sha256").update(bootLoader).digest("base64")}`;

const inlineScript = /<script(?<attributes>[^>]*)>(?<body>[\s\S]*?)<\/script>/g;
const modulePreload = /<link rel="modulepreload" href="[^"]+"\/>/g;

export function deferHydration(html: string, writeBootModule: (source: string) => string): string {
  const staticImports: string[] = [];
  const statements: string[] = [];
  let isFirstScript = true;

  const rewritten = html.replace(inlineScript, (whole, attributes: string, body: string) => {
    if (/\ssrc=/.test(attributes) || /type="application\/ld\+json"/.test(attributes)) return whole;
    for (const line of body.split("\n")) {
      if (/^import ["*]/.test(line.trim())) staticImports.push(line.trim());
      else if (line.trim()) statements.push(line.trim());
    }
    if (isFirstScript) {
      isFirstScript = false;
      return `<script data-boot="{{BOOT}}">${bootLoader}</script>`;
    }
    return `<script${attributes}></script>`;
  });

  if (isFirstScript) throw new Error("No hydration scripts found: did React Router change its output?");
  const bootUrl = writeBootModule([...staticImports, ...statements].join("\n") + "\n");
  return rewritten.replace("{{BOOT}}", bootUrl).replace(modulePreload, "");
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
