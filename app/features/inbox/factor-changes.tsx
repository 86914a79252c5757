import { Form } from "react-router";

import { buttonStyles } from "../../components/button-styles.ts";
import { security } from "../../content/es/inbox-security.ts";
import { inboxPaths } from "./paths.ts";
import type { FactorChangeNotice } from "./second-factor.ts";

/**
 * The factors added or removed by another session in the last week (decision 0035): the inbox
 * tells the owner even when no e-mail could, each with its «No fui yo», as the e-mail's link does.
 */
export function FactorChanges({ changes }: { changes: readonly FactorChangeNotice[] }) {
  if (changes.length === 0) return null;
  const copy = security.changes;
  return (
    <section
      aria-label={copy.heading}
      data-factor-changes
      className="flex flex-col gap-2 rounded-md border-2 border-red-700 bg-white p-3 text-sm"
    >
      <p className="font-semibold">{copy.heading}</p>
      <p>{copy.lead}</p>
      <ul className="flex flex-col gap-2">
        {changes.map((change) => (
          <li key={change.id} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
            <p>
              <span className="block text-ink-muted">{copy.when(change.whenText)}</span>
              {change.what}
            </p>
            <Form method="post" action={inboxPaths.notMe}>
              <input type="hidden" name="cambio" value={change.id} />
              <button type="submit" className={`${buttonStyles.secondary} text-red-700`}>
                {copy.notMe}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
