import type { SiteChange } from "./inbox-service.ts";

/** What a publication changes (or changed): each fact, before → after; a tower added or retired, what happened. */
export function SiteChanges({ changes }: { changes: readonly SiteChange[] }) {
  return (
    <ul className="flex flex-col gap-2">
      {changes.map((change) => (
        <li key={change.label} className="break-words">
          <span className="font-semibold">{change.label}</span>
          {change.event ? (
            <span className="block text-sm">{change.event}</span>
          ) : (
            <span className="block text-sm">
              <del className="text-ink-muted">{change.before || "(vacío)"}</del>
              <span aria-hidden="true"> → </span>
              <span className="sr-only"> pasa a </span>
              <ins className="no-underline">{change.after || "(vacío)"}</ins>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
