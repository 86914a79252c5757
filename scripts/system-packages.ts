/**
 * Installs, from Debian, the programs the tests and the benchmark drive when
 * they are missing: Chromium (browser tests, Lighthouse), nginx with its
 * brotli modules (production-config tests), Java (HTML validator), wrk (load),
 * PostgreSQL (the lead storage tests and benchmark start throw-away servers),
 * LibreOffice Calc (the inbox's CSV export is opened as a spreadsheet would),
 * libvips' command-line tools (the server decodes iPhone HEIC photos with them),
 * ShellCheck (lint reads the deploy scripts with it), jq (the scripts read JSON with it),
 * and the fonts visitors' devices paint the first screen with before the web
 * fonts arrive (tests/e2e/font-sets.ts: Arial and Times metrics, Android's,
 * Linux's).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";

type Requirement = { name: string; present: () => boolean; packages: string[] };

const onPath = (command: string) => spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;

export const requirements = {
  chromium: { name: "Chromium", present: () => existsSync("/usr/bin/chromium"), packages: ["chromium"] },
  nginx: {
    name: "nginx (with brotli)",
    present: () => onPath("nginx") && existsSync("/usr/lib/nginx/modules/ngx_http_brotli_static_module.so"),
    packages: ["nginx", "libnginx-mod-http-brotli-filter", "libnginx-mod-http-brotli-static"],
  },
  java: { name: "Java", present: () => onPath("java"), packages: ["default-jre-headless"] },
  wrk: { name: "wrk", present: () => onPath("wrk"), packages: ["wrk"] },
  postgresql: {
    name: "PostgreSQL",
    // Debian keeps the server binaries out of PATH, under /usr/lib/postgresql/<version>/bin.
    present: () =>
      existsSync("/usr/lib/postgresql") &&
      readdirSync("/usr/lib/postgresql").some((version) =>
        existsSync(`/usr/lib/postgresql/${version}/bin/initdb`),
      ),
    packages: ["postgresql"],
  },
  libreoffice: {
    name: "LibreOffice Calc",
    present: () => onPath("soffice"),
    packages: ["libreoffice-calc-nogui"],
  },
  libvips: { name: "libvips (HEIC)", present: () => onPath("vips"), packages: ["libvips-tools"] },
  shellcheck: { name: "ShellCheck", present: () => onPath("shellcheck"), packages: ["shellcheck"] },
  jq: { name: "jq", present: () => onPath("jq"), packages: ["jq"] },
  fonts: {
    name: "Liberation, Roboto, Noto and DejaVu fonts",
    present: () =>
      [
        "truetype/liberation2/LiberationSans-Regular.ttf",
        "truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf",
        "truetype/noto/NotoSerif-Bold.ttf",
        "truetype/dejavu/DejaVuSerif-Bold.ttf",
      ].every((file) => existsSync(`/usr/share/fonts/${file}`)),
    packages: ["fonts-liberation2", "fonts-roboto", "fonts-noto-core", "fonts-dejavu-core"],
  },
} satisfies Record<string, Requirement>;

export function ensureSystemPackages(names: (keyof typeof requirements)[]): void {
  const missing = names.map((name) => requirements[name]).filter((requirement) => !requirement.present());
  if (missing.length === 0) return;
  const packages = missing.flatMap((requirement) => requirement.packages);
  console.log(`Installing from Debian: ${packages.join(" ")}`);
  if (process.getuid?.() !== 0) {
    throw new Error(
      `Missing ${missing.map((m) => m.name).join(", ")}: run as root or install ${packages.join(" ")}.`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", ...packages], {
    stdio: "inherit",
    env,
  });
  const still = missing.filter((requirement) => !requirement.present());
  if (still.length > 0) throw new Error(`Could not install ${still.map((m) => m.name).join(", ")}.`);
}

if (import.meta.main) {
  ensureSystemPackages(process.argv.slice(2) as (keyof typeof requirements)[]);
}
