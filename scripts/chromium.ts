import { isFakedClockVariable } from "./faked-clock.ts";

/**
 * Debian's Chromium, which the browser tests and the benchmark drive, and the
 * flags it needs here: headless as root, and no background traffic (the
 * machines have no internet; Chromium's own connections would only fail).
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const chromiumFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * The browser's environment: the tests' own, without a faked clock. The suite is tried at other
 * hours with libfaketime (LD_PRELOAD), which makes Chromium abort; the pages' clock is the
 * machine's, and the tests that need a time set it with Playwright's clock.
 */
export const chromiumEnv: Record<string, string> = Object.fromEntries(
  Object.entries(process.env).filter(
    (entry): entry is [string, string] => entry[1] !== undefined && !isFakedClockVariable(entry[0]),
  ),
);
