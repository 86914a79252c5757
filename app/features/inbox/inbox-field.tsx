import { useId, type InputHTMLAttributes } from "react";

type InboxFieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string; name: string };

/** A labelled input of the inbox's forms (login, search), with an optional hint read with it. */
export function InboxField({ label, hint, className = "", ...input }: InboxFieldProps) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        aria-describedby={hint ? `${id}-ayuda` : undefined}
        className="min-h-11 w-full rounded-md border border-ink-muted bg-white px-3 py-2 text-base text-ink focus-visible:border-water"
        {...input}
      />
      {hint && (
        <p id={`${id}-ayuda`} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
    </div>
  );
}
