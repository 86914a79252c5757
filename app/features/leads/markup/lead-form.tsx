import { LoaderCircle, MessageCircle } from "lucide-react";
import { useId, type ComponentProps, type ReactNode } from "react";

import { buttonStyles } from "../../../components/button-styles.ts";
import { site } from "../../../config/site.ts";
import { whatsAppChatUrl } from "../../../lib/whatsapp.ts";
import { pathIn, privacyPath } from "../../../site-map.ts";
import { fieldRules } from "../forms/rules.ts";
import { optionLabel, type FieldDefinition, type FormDefinition } from "../forms/types.ts";
import { useFormCopy } from "./form-copy.ts";
import { honeypotField, pageField } from "../forms/reserved-fields.ts";
import { submitUrl } from "../service-url.ts";
import { islandDefinition } from "./island-definition.ts";
import { formAttributes } from "../../../lib/form-protocol.ts";

type LeadFormProps = Omit<ComponentProps<"form">, "onSubmit" | "children" | "method" | "action"> & {
  definition: FormDefinition;
  /** The path of the page the form is on, sent with the lead. */
  page: string;
  /** Value for the definition's preset field (a tower, a building, a property type). */
  preset?: string | null;
  submitLabel?: string;
  /** WhatsApp green is reserved for actions that open WhatsApp. */
  opensWhatsApp?: boolean;
  /** What the submit button says while the request is on its way (the island shows it). */
  pendingLabel?: string;
  /** Buttons next to the submit button (the modal's Cancelar). */
  actions?: ReactNode;
  /** Status messages, shown under the buttons. */
  status?: ReactNode;
  /** Answers the lead service refused (422): one message per field name, shown on the field. */
  problems?: Readonly<Record<string, string>>;
};

/**
 * Renders any lead form definition as plain HTML. What happens on submit is
 * the page's island (lead-island.ts): it reads the definition the form carries
 * (`data-definition`, the fields the composer needs), so the message is
 * composed from the same definition the form was rendered from.
 *
 * Without JavaScript the form posts to the lead service, which stores the lead
 * and answers with the thank-you page. With no service (a static site) there
 * is nowhere to post: method "dialog" outside a dialog submits nothing, so the
 * answers never end up in a URL, and a note points to WhatsApp instead.
 */
export function LeadForm({
  definition,
  page,
  preset,
  submitLabel,
  opensWhatsApp = true,
  pendingLabel,
  actions,
  status,
  problems = noProblems,
  ...formProps
}: LeadFormProps) {
  const { copy } = useFormCopy();
  const idPrefix = useId();
  const action = submitUrl(definition.id, site);

  return (
    <form
      {...formProps}
      method={action ? "post" : "dialog"}
      action={action ?? undefined}
      {...{
        [formAttributes.presetField]: definition.presetField,
        [formAttributes.definition]: JSON.stringify(islandDefinition(definition)),
      }}
      className="flex flex-col gap-6"
    >
      <input type="hidden" name={pageField} value={page} />
      <Honeypot />
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
                problem={problems[field.name]}
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
            {...{ [formAttributes.pendingLabel]: pendingLabel }}
            className={`${opensWhatsApp ? buttonStyles.whatsapp : buttonStyles.primary} aria-disabled:cursor-wait aria-disabled:opacity-80`}
          >
            {pendingLabel && <LoaderCircle aria-hidden="true" className="hidden size-5 animate-spin" />}
            {opensWhatsApp && <MessageCircle aria-hidden="true" className="size-5" />}
            <span>{submitLabel ?? copy.submitWhatsApp}</span>
          </button>
        </div>
        {!action && (
          <noscript>
            <p className="rounded-md border border-line bg-sand-50 p-4 text-ink">
              {copy.noScriptNoService}{" "}
              <a href={whatsAppChatUrl(site.whatsappNumber)} className="font-semibold underline">
                {copy.noScriptWhatsApp}
              </a>
            </p>
          </noscript>
        )}
        {status}
        <PrivacyNotice />
      </div>
    </form>
  );
}

const noProblems: Readonly<Record<string, string>> = {};
/** A field people never see or reach with Tab; a bot that fills every input fills it too. */
function Honeypot() {
  const { copy } = useFormCopy();
  return (
    <div aria-hidden="true" className="sr-only">
      <label>
        {copy.honeypot}
        <input type="text" name={honeypotField} tabIndex={-1} autoComplete="off" />
      </label>
    </div>
  );
}

/** The notice Ley 25.326 asks for where data is collected; the full policy is on /privacidad. */
function PrivacyNotice() {
  const { copy, lang } = useFormCopy();
  return (
    <p className="text-sm text-ink-muted">
      {copy.privacyNotice}{" "}
      <a href={`mailto:${site.email}`} className="underline [overflow-wrap:anywhere]">
        {site.email}
      </a>
      .{" "}
      <a href={pathIn(lang, privacyPath)} className="underline">
        {copy.privacyLink}
      </a>
    </p>
  );
}

const controlClass =
  "min-h-11 w-full rounded-md border border-ink-muted bg-white px-3 py-2 text-base text-ink focus-visible:border-water";

function Field({
  id,
  field,
  preset,
  problem,
}: {
  id: string;
  field: FieldDefinition;
  preset: string | undefined;
  problem: string | undefined;
}) {
  const errorId = `${id}-error`;
  const describedBy = [field.help ? `${id}-help` : "", problem ? errorId : ""].filter(Boolean).join(" ");
  const helpId = field.help ? `${id}-help` : undefined;
  const wide = field.type === "textarea" || field.type === "checkboxes";
  const error = problem && (
    <p id={errorId} className="text-sm font-medium text-red-800">
      {problem}
    </p>
  );

  if (field.type === "checkboxes") {
    return (
      <fieldset
        {...{ [formAttributes.field]: field.name }}
        className="sm:col-span-2"
        aria-describedby={describedBy || undefined}
      >
        <legend className="text-sm font-medium text-ink">{field.label}</legend>
        {field.help && (
          <p id={helpId} className="mt-1 text-sm text-ink-muted">
            {field.help}
          </p>
        )}
        {error}
        <div className="mt-2 grid grid-cols-1 gap-x-4 min-[380px]:grid-cols-2 sm:grid-cols-3">
          {field.options?.map((option, index) => (
            <label
              key={option}
              className="flex min-h-11 cursor-pointer items-center gap-3 text-base text-ink"
            >
              <input
                type="checkbox"
                name={field.name}
                value={option}
                // The first box carries the group's state, so focusing the first problem lands here.
                aria-invalid={(problem && index === 0) || undefined}
                className="size-5 accent-water"
              />
              {optionLabel(field, option)}
            </label>
          ))}
        </div>
      </fieldset>
    );
  }

  return (
    <div
      {...{ [formAttributes.field]: field.name }}
      className={`flex flex-col gap-1.5 ${wide ? "sm:col-span-2" : ""}`}
    >
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {field.label}
        {field.required && (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        )}
      </label>
      <Control
        id={id}
        field={field}
        preset={preset}
        describedBy={describedBy || undefined}
        invalid={!!problem}
      />
      {field.help && (
        <p id={helpId} className="text-sm text-ink-muted">
          {field.help}
        </p>
      )}
      {error}
    </div>
  );
}

function Control({
  id,
  field,
  preset,
  describedBy,
  invalid,
}: {
  id: string;
  field: FieldDefinition;
  preset: string | undefined;
  describedBy: string | undefined;
  invalid: boolean;
}) {
  const { copy } = useFormCopy();
  // The limits the lead service checks too (forms/rules.ts), as the browser's own constraints.
  const rules = fieldRules(field);
  const common = {
    id,
    name: field.name,
    required: rules.required,
    "aria-describedby": describedBy,
    "aria-invalid": invalid || undefined,
  };

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
            {optionLabel(field, option)}
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
      defaultValue={preset === undefined ? undefined : optionLabel(field, preset)}
      // What a preset shows in this language, for the boot loader's fill before the island runs
      // (scripts/build/boot-loader.js); only a translated field that takes presets has labels.
      {...(field.optionLabels ? { [formAttributes.presetLabels]: JSON.stringify(field.optionLabels) } : {})}
      autoComplete={field.autoComplete}
      inputMode={field.inputMode}
      placeholder={field.placeholder}
      {...(field.type === "number"
        ? { min: rules.min, max: rules.max, step: "any" }
        : { maxLength: rules.maxLength, pattern: rules.pattern })}
      className={controlClass}
    />
  );
}

function CommentBox({
  common,
  field,
}: {
  common: {
    id: string;
    name: string;
    required?: boolean;
    "aria-describedby"?: string;
    "aria-invalid"?: boolean;
  };
  field: FieldDefinition;
}) {
  const { copy } = useFormCopy();
  const limit = fieldRules(field).maxLength;
  const counterId = `${common.id}-counter`;
  const describedBy = [common["aria-describedby"], limit ? counterId : undefined].filter(Boolean).join(" ");
  return (
    <>
      <textarea
        {...common}
        aria-describedby={describedBy || undefined}
        rows={field.rows ?? 4}
        maxLength={limit}
        className={`${controlClass} resize-y`}
      />
      {limit !== undefined && (
        // The island keeps the count as the visitor types: the words for one and for any other number.
        <p
          id={counterId}
          aria-live="polite"
          {...{
            [formAttributes.counterOne]: copy.charactersLeft(1),
            [formAttributes.counterOther]: copy.charactersLeft(countPlaceholder),
          }}
          className="text-right text-sm text-ink-muted"
        >
          {copy.charactersLeft(limit)}
        </p>
      )}
    </>
  );
}

/** Stands for the number in `data-counter-other` (lead-island.ts puts the count in its place). */
const countPlaceholder = 999_999;
