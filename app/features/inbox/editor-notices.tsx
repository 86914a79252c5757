import { useEffect, useRef, type ReactNode } from "react";
import { useLocation } from "react-router";

/**
 * A refusal of the site's editors, shown where the owner looks: it takes the
 * focus (in view, and read out) once per answer of the page's action.
 */
export function RefusalAlert({
  answer,
  className,
  children,
}: {
  /** The action's answer: each new one is announced again. */
  answer: unknown;
  className: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [answer]);
  return (
    <div role="alert" tabIndex={-1} ref={ref} className={className}>
      {children}
    </div>
  );
}

/**
 * What a save, a confirmation or a publication just did, shown where the owner
 * looks: at 390 px the editors' buttons sit far below the line that answers
 * them, so it takes the focus (in view, and read out) at each arrival on the
 * page's address, as a refusal does.
 */
export function EditorNotice({ children, answer }: { children: ReactNode; answer?: unknown }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const { key } = useLocation();
  useEffect(() => ref.current?.focus(), [key, answer]);
  return (
    <p
      role="status"
      tabIndex={-1}
      ref={ref}
      className="scroll-mt-24 rounded-md border border-line bg-sand-50 px-4 py-3 outline-none"
    >
      {children}
    </p>
  );
}

/** An editor's page where this deployment keeps no drafts (no lead database). */
export function EditorUnavailable({ heading, text }: { heading: string; text: string }) {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="font-display text-3xl font-semibold md:text-4xl">{heading}</h1>
      <p className="max-w-3xl">{text}</p>
    </div>
  );
}
