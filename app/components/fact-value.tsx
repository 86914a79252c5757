import type { ReactNode } from "react";

import { pendingLabel as englishPending } from "../content/en/tower-page.ts";
import { pendingLabel as spanishPending } from "../content/es/tower-page.ts";
import { useLang } from "../lib/lang.ts";

/**
 * A catalogue fact, and the one rule for facts no public source confirmed:
 * shown with a visible "a confirmar" mark (never as plain fact).
 */
export function FactValue({ confirmed, children }: { confirmed: boolean; children?: ReactNode }) {
  const pendingLabel = { es: spanishPending, en: englishPending }[useLang()];
  if (confirmed) return <>{children}</>;
  return (
    <>
      {children}
      {children ? " " : null}
      <span
        data-pending=""
        className="rounded-sm bg-sand-50 px-1.5 py-0.5 text-sm font-medium whitespace-nowrap text-brass"
      >
        {pendingLabel}
      </span>
    </>
  );
}
