import type { Card } from "../content/types.ts";
import { Icon } from "./icon.tsx";

/** Short proofs beside a hero: icon, a strong line and a small one. */
export function BadgeList({ badges }: { badges: readonly Card[] }) {
  return (
    <ul className="grid gap-3">
      {badges.map((badge) => (
        <li key={badge.title} className="flex items-center gap-4 rounded-lg border border-line bg-white p-4">
          <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-sand-50 text-water">
            <Icon icon={badge.icon} />
          </span>
          <span>
            <span className="block font-semibold text-ink">{badge.title}</span>
            <span className="block text-sm text-ink-muted">{badge.text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
