import { LoaderCircle, MessageCircle } from "lucide-react";
import {
  useEffect,
  useId,
  useRef,
  useState,
  type ComponentProps,
  type FormEvent,
  type ReactNode,
} from "react";

import { buttonStyles } from "../../components/button-styles.ts";
import { readValues } from "./compose-message.ts";
import { copy } from "./copy.ts";
import type { FieldDefinition, FormDefinition, LeadValues } from "./forms/types.ts";

type LeadFormProps = Omit<ComponentProps<"form">, "onSubmit" | "children"> & {
  definition: FormDefinition;
  /** Value for the definition's preset field (a tower, a building, a property type). */
  preset?: string | null;
  /** Called with what the visitor typed once native validation passed. */
  onValues: (values: LeadValues, form: HTMLFormElement) => void;
  /** Handled natively (no preventDefault) when false, e.g. for the no-JavaScript post. */
  intercept?: boolean;
  submitLabel?: string;
  /** WhatsApp green is reserved for actions that open WhatsApp. */
  opensWhatsApp?: boolean;
  pendingLabel?: string | null;
  /** Buttons next to the submit button (the modal's Cancelar). */
  actions?: ReactNode;
  /** Status messages, shown under the buttons. */
  status?: ReactNode;
};

/**
 * Renders any lead form definition. Inputs are uncontrolled and read with
 * FormData on submit: what a visitor typed before hydration is kept, and a
 * refused submit clears nothing. Validation is the browser's own.
 */
export function LeadForm({
  definition,
  preset,
  onValues,
  intercept = true,
  submitLabel = copy.submitWhatsApp,
  opensWhatsApp = true,
  pendingLabel = null,
  actions,
  status,
  ...formProps
}: LeadFormProps) {
  const idPrefix = useId();

  const pending = pendingLabel !== null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    if (intercept || pending) event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    onValues(readValues(definition, new FormData(form)), form);
  }

  return (
    <form {...formProps} onSubmit={handleSubmit} className="flex flex-col gap-6">
      <p className="text-sm text-ink-muted">{copy.requiredNote}</p>
      {definition.sections.map((section) => (
        <fieldset key={section.title} className="flex flex-col gap-4">
          <legend className="mb-3 text-base font-semibold tracking-wide text-ink uppercase">
            {section.title}
          </legend>
          <div className="grid gap-4 sm:grid-cols-2">
            {section.fields.map((field) => (
              <Field
                key={field.name}
                id={`${idPrefix}-${field.name}`}
                field={field}
                preset={field.name === definition.presetField ? (preset ?? undefined) : undefined}
              />
            ))}
          </div>
        </fieldset>
      ))}
      <div className="flex flex-col gap-3">
        {/* Stacked in DOM order on phones too, so Tab follows what the eye sees. */}
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
          {actions}
          {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the page. */}
          <button
            type="submit"
            aria-disabled={pending || undefined}
            className={`${opensWhatsApp ? buttonStyles.whatsapp : buttonStyles.primary} aria-disabled:cursor-wait aria-disabled:opacity-80`}
          >
            {pending ? (
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
            ) : (
              opensWhatsApp && <MessageCircle aria-hidden="true" className="size-5" />
            )}
            {pendingLabel ?? submitLabel}
          </button>
        </div>
        {status}
        <p className="text-sm text-ink-muted">{copy.privacy}</p>
      </div>
    </form>
  );
}

const controlClass =
  "min-h-11 w-full rounded-md border border-ink-muted bg-white px-3 py-2 text-base text-ink focus-visible:border-water";

function Field({ id, field, preset }: { id: string; field: FieldDefinition; preset: string | undefined }) {
  const helpId = field.help ? `${id}-help` : undefined;
  const wide = field.type === "textarea" || field.type === "checkboxes";

  if (field.type === "checkboxes") {
    return (
      <fieldset className="sm:col-span-2" aria-describedby={helpId}>
        <legend className="text-sm font-medium text-ink">{field.label}</legend>
        {field.help && (
          <p id={helpId} className="mt-1 text-sm text-ink-muted">
            {field.help}
          </p>
        )}
        <div className="mt-2 grid grid-cols-1 gap-x-4 min-[380px]:grid-cols-2 sm:grid-cols-3">
          {field.options?.map((option) => (
            <label
              key={option}
              className="flex min-h-11 cursor-pointer items-center gap-3 text-base text-ink"
            >
              <input type="checkbox" name={field.name} value={option} className="size-5 accent-water" />
              {option}
            </label>
          ))}
        </div>
      </fieldset>
    );
  }

  return (
    <div className={`flex flex-col gap-1.5 ${wide ? "sm:col-span-2" : ""}`}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {field.label}
        {field.required && (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        )}
      </label>
      <Control id={id} field={field} preset={preset} helpId={helpId} />
      {field.help && (
        <p id={helpId} className="text-sm text-ink-muted">
          {field.help}
        </p>
      )}
    </div>
  );
}

function Control({
  id,
  field,
  preset,
  helpId,
}: {
  id: string;
  field: FieldDefinition;
  preset: string | undefined;
  helpId: string | undefined;
}) {
  const common = { id, name: field.name, required: field.required, "aria-describedby": helpId };

  if (field.type === "select") {
    const options = field.options ?? [];
    // A preset outside the list (e.g. 'Consulta general') is still shown selected.
    const extra = preset && !options.includes(preset) ? [preset] : [];
    return (
      // No defaultValue without a preset: hydration then leaves a choice made before it alone.
      <select {...common} {...(preset ? { defaultValue: preset } : {})} className={controlClass}>
        <option value="">{copy.choose}</option>
        {[...extra, ...options].map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  }

  if (field.type === "textarea") {
    return <CommentBox common={common} field={field} />;
  }

  return (
    <input
      {...common}
      type={field.type}
      defaultValue={preset}
      autoComplete={field.autoComplete}
      inputMode={field.inputMode}
      placeholder={field.placeholder}
      {...(field.type === "number" ? { min: 0, step: "any" } : {})}
      className={controlClass}
    />
  );
}

function CommentBox({
  common,
  field,
}: {
  common: { id: string; name: string; required?: boolean; "aria-describedby"?: string };
  field: FieldDefinition;
}) {
  const limit = field.maxLength;
  const [length, setLength] = useState(0);
  const box = useRef<HTMLTextAreaElement>(null);
  // Text typed before hydration is already in the box.
  useEffect(() => setLength(box.current?.value.length ?? 0), []);
  // form.reset() empties the box without an input event.
  useEffect(() => {
    const form = box.current?.form;
    const emptied = () => setLength(0);
    form?.addEventListener("reset", emptied);
    return () => form?.removeEventListener("reset", emptied);
  }, []);
  const counterId = `${common.id}-counter`;
  const describedBy = [common["aria-describedby"], limit ? counterId : undefined].filter(Boolean).join(" ");
  return (
    <>
      <textarea
        {...common}
        ref={box}
        aria-describedby={describedBy || undefined}
        rows={field.rows ?? 4}
        maxLength={limit}
        onInput={(event) => setLength(event.currentTarget.value.length)}
        className={`${controlClass} resize-y`}
      />
      {limit !== undefined && (
        <p id={counterId} aria-live="polite" className="text-right text-sm text-ink-muted">
          {copy.charactersLeft(limit - length)}
        </p>
      )}
    </>
  );
}
