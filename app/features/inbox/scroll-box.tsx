import type { ReactNode } from "react";

/**
 * A table's box that scrolls sideways on a phone: a region named by `labelledBy` that takes the
 * focus, so the keyboard can scroll it (the results' and the funnel's tables).
 */
export function ScrollBox({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-labelledby={labelledBy}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-line bg-white focus-visible:outline-2 focus-visible:outline-water"
    >
      {children}
    </div>
  );
}
