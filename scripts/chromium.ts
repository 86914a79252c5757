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
