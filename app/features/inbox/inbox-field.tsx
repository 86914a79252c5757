import { useId, type InputHTMLAttributes } from "react";

import { weekDays } from "../../config/site-facts.ts";

type InboxFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: string;
  hint?: string;
  /** Why the value was refused, read with the field. */
  error?: string;
  name: string;
};

/** A labelled input of the inbox's forms (login, search, the site's facts), with an optional hint and error. */
export function InboxField({ label, hint, error, className = "", ...input }: InboxFieldProps) {
  const id = useId();
  const described = [error && `${id}-error`, hint && `${id}-ayuda`].filter(Boolean).join(" ");
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        aria-describedby={described || undefined}
        aria-invalid={error ? true : undefined}
        className="min-h-11 w-full rounded-md border border-ink-muted bg-white px-3 py-2 text-base text-ink focus-visible:border-water aria-[invalid=true]:border-2 aria-[invalid=true]:border-red-700"
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-ayuda`} className="text-sm break-words text-ink-muted">
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * The office's days as ticks, in Spanish (Lunes … Domingo), sent as the
 * names the structured data stores. The empty hidden value makes «none
 * ticked» arrive as such, to be refused, instead of as no answer at all.
 */
export function DaysField({
  legend,
  hint,
  error,
  name,
  picked,
}: {
  legend: string;
  hint?: string;
  error?: string;
  name: string;
  picked: readonly string[];
}) {
  const id = useId();
  const described = [error && `${id}-error`, hint && `${id}-ayuda`].filter(Boolean).join(" ");
  return (
    <fieldset aria-describedby={described || undefined} className="flex flex-col gap-1.5">
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      <input type="hidden" name={name} value="" />
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {weekDays.map((day, index) => (
          <label key={day.value} className="flex min-h-11 items-center gap-2 text-base">
            <input
              type="checkbox"
              name={name}
              value={day.value}
              defaultChecked={picked.some((value) => value.trim() === day.value)}
              aria-invalid={error && index === 0 ? true : undefined}
              className="size-5 accent-water"
            />
            {day.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-ayuda`} className="text-sm break-words text-ink-muted">
          {hint}
        </p>
      )}
    </fieldset>
  );
}
