import { describe, expect, it } from "vitest";

import { fontSets, fontconfigOf } from "../e2e/font-sets.ts";

describe("a font set's fontconfig file", () => {
  it("names its own folders and no other set's, and points the generic families at its fonts", () => {
    for (const set of fontSets) {
      const config = fontconfigOf(set, "/tmp/cache");
      for (const folder of set.folders) expect(config).toContain(`${folder}</dir>`);
      for (const other of fontSets.filter((candidate) => candidate !== set))
        for (const folder of other.folders) expect(config).not.toContain(`${folder}</dir>`);
      expect(config).toContain(
        `<family>sans-serif</family><prefer><family>${set.generic.sans}</family></prefer>`,
      );
      expect(config).toContain(
        `<family>serif</family><prefer><family>${set.generic.serif}</family></prefer>`,
      );
      // Only the set's folders: no <include> of the machine's configuration, which lists them all.
      expect(config).not.toContain("<include");
      expect(config.match(/<dir>/g)).toHaveLength(set.folders.length);
    }
  });
});
