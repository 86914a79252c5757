import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The local fonts a visitor's browser paints the first screen with before the web fonts arrive
 * (decision 0037), as sets of Debian fonts that stand for the visitors' devices:
 * - `liberation`: Liberation Sans and Serif, metric twins of Arial/Helvetica and Times New Roman,
 *   which every Windows, macOS and iPhone visitor has;
 * - `roboto-noto`: Roboto and Noto Serif, Android's;
 * - `dejavu`: DejaVu Sans and Serif, most Linux systems' (and what these machines had alone).
 *
 * Each browser run gets a fontconfig file of its own naming only its set's folders, so a set
 * installed for another run never leaks into it. `drawnWith` is what DevTools reports Chromium
 * drew the fallback text with (`CSS.getPlatformFontsForNode`): a run on any other font fails.
 */
export type FontSet = {
  name: string;
  /** Folders under the fonts' root (Debian's /usr/share/fonts). */
  folders: string[];
  /** One file per folder whose presence says the set is installed. */
  files: string[];
  /** What `sans-serif` and `serif` name in this set. */
  generic: { sans: string; serif: string };
  /** The family names DevTools reports for the fallback text (sans, headings). */
  drawnWith: { sans: string; serif: string };
};

export const fontSets = [
  {
    name: "liberation",
    folders: ["truetype/liberation2"],
    files: [
      "truetype/liberation2/LiberationSans-Regular.ttf",
      "truetype/liberation2/LiberationSerif-Bold.ttf",
    ],
    generic: { sans: "Liberation Sans", serif: "Liberation Serif" },
    drawnWith: { sans: "Liberation Sans", serif: "Liberation Serif" },
  },
  {
    name: "roboto-noto",
    folders: ["truetype/roboto/unhinted", "truetype/noto"],
    files: ["truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf", "truetype/noto/NotoSerif-Bold.ttf"],
    generic: { sans: "Roboto", serif: "Noto Serif" },
    drawnWith: { sans: "Roboto", serif: "Noto Serif" },
  },
  {
    name: "dejavu",
    folders: ["truetype/dejavu"],
    files: ["truetype/dejavu/DejaVuSans.ttf", "truetype/dejavu/DejaVuSerif-Bold.ttf"],
    generic: { sans: "DejaVu Sans", serif: "DejaVu Serif" },
    drawnWith: { sans: "DejaVu Sans", serif: "DejaVu Serif" },
  },
] as const satisfies FontSet[];

export type FontSetName = (typeof fontSets)[number]["name"];

/** The set every other browser test runs with, so their results do not depend on the machine's fonts. */
export const defaultFontSet: FontSetName = "dejavu";

/**
 * Where the sets' files are: Debian's folder, where `scripts/system-packages.ts` installs them.
 * FONT_SETS_ROOT points elsewhere (the packages unpacked with `dpkg -x`, say) to try the sets on a
 * machine whose installed fonts must stay as they are.
 */
export const fontsRoot = process.env.FONT_SETS_ROOT ?? "/usr/share/fonts";

export const fontSet = (name: FontSetName): FontSet => fontSets.find((set) => set.name === name)!;

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** The fontconfig file of one set: its folders, and the generic families pointed at its fonts. */
export function fontconfigOf(set: FontSet, cacheDir: string): string {
  const alias = (generic: string, family: string) =>
    `  <alias binding="same"><family>${generic}</family><prefer><family>${escapeXml(family)}</family></prefer></alias>`;
  return [
    `<?xml version="1.0"?>`,
    `<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">`,
    `<fontconfig>`,
    ...set.folders.map((folder) => `  <dir>${escapeXml(join(fontsRoot, folder))}</dir>`),
    `  <cachedir>${escapeXml(cacheDir)}</cachedir>`,
    // Debian's rendering defaults (/etc/fonts/conf.d/10-hinting-slight.conf, 10-yes-antialias.conf):
    // without them fontconfig hints fully, and Chromium then rounds every advance to whole pixels.
    `  <match target="font">`,
    `    <edit name="antialias" mode="assign"><bool>true</bool></edit>`,
    `    <edit name="hinting" mode="assign"><bool>true</bool></edit>`,
    `    <edit name="hintstyle" mode="assign"><const>hintslight</const></edit>`,
    `  </match>`,
    ...["sans-serif", "system-ui", "ui-sans-serif"].map((generic) => alias(generic, set.generic.sans)),
    ...["serif", "ui-serif"].map((generic) => alias(generic, set.generic.serif)),
    `</fontconfig>`,
    ``,
  ].join("\n");
}

/**
 * Writes the set's fontconfig file (with a font cache of its own) and returns the variables that
 * point Chromium at it; the playwright config and the calibration tool spread them over its environment.
 */
export function fontSetEnv(name: FontSetName): { FONTCONFIG_FILE: string } {
  const folder = join(tmpdir(), "site-font-sets", name);
  mkdirSync(join(folder, "cache"), { recursive: true });
  const file = join(folder, "fonts.conf");
  // Written aside and renamed: a browser another worker starts meanwhile reads a whole file.
  const draft = `${file}.${process.pid}`;
  writeFileSync(draft, fontconfigOf(fontSet(name), join(folder, "cache")));
  renameSync(draft, file);
  return { FONTCONFIG_FILE: file };
}
