/**
 * libfaketime's variables: the suite is tried at other hours with `faketime`, which sets
 * LD_PRELOAD and its FAKETIME settings. The service's children share them (a deployment's
 * processes share the machine's clock); Chromium, which aborts under it, is started without them.
 */
export function isFakedClockVariable(name: string): boolean {
  return name === "LD_PRELOAD" || name.startsWith("FAKETIME");
}
