import type { ReactNode } from "react";

import { useSiteCopy } from "../lib/site-copy.tsx";

/**
 * A catalogue fact, and the one rule for facts no public source confirmed:
 * shown with a visible "a confirmar" mark (never as plain fact).
 */
export function FactValue({ confirmed, children }: { confirmed: boolean; children?: ReactNode }) {
  const { pendingLabel } = useSiteCopy().towerPage;
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
