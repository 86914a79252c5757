import { messageValues, readValues } from "#app/features/leads/compose-message.ts";
import {
  handoffField,
  honeypotField,
  pageField,
  reservedFields,
} from "#app/features/leads/forms/reserved-fields.ts";
import { checkAnswers, type AnswerProblem, type CheckOptions } from "#app/features/leads/forms/rules.ts";
import { allFields, type FormDefinition, type LeadValues } from "#app/features/leads/forms/types.ts";
import type { serviceAnswers } from "#app/content/es/service-answers.ts";
import type { HandoffOutcome } from "../storage/schema.ts";

/**
 * Reads one posted form into what is stored: the values as the WhatsApp
 * message carries them (messageValues: trimmed, control characters removed),
 * each checked against its field's rules (forms/rules.ts, the same rules the
 * form's inputs carry), plus the reserved fields `_page`, `_handoff` and the
 * honeypot. Any other field name is refused.
 */
export type Submission = {
  values: LeadValues;
  page: string | null;
  handoff: HandoffOutcome;
  /** The honeypot was filled: stored as spam, answered like any lead. */
  spam: boolean;
};

export type AnswerWords = Pick<
  typeof serviceAnswers,
  | "invalid"
  | "missing"
  | "tooLong"
  | "notAnOption"
  | "tooManyChoices"
  | "notANumber"
  | "outOfRange"
  | "email"
  | "phone"
  | "unknownField"
>;

export type SubmissionResult =
  | { ok: true; submission: Submission; values: LeadValues }
  /**
   * `values` are kept so a refused post can come back filled in (or offer
   * WhatsApp with everything typed); `fields` holds one message per field.
   */
  | { ok: false; message: string; fields: Record<string, string>; values: LeadValues };

export { honeypotField };

export function readSubmission(
  definition: FormDefinition,
  data: FormData,
  options: {
    handsOffToWhatsApp: boolean;
    /** The messages in the language of the page the form was on. */
    words: AnswerWords;
  } & CheckOptions,
): SubmissionResult {
  const values = messageValues(definition, readValues(definition, data));
  const spam = (data.get(honeypotField) ?? "") !== "";
  const names = new Set(data.keys());
  const problems = checkAnswers(definition, values, names, reservedFields, options);
  // A bot that filled the honeypot is answered like a person (so it learns nothing) and its
  // lead kept as spam, as long as it is storable: within the limits and the form's fields.
  const refused = Object.entries(problems).filter(
    ([, problem]) =>
      !spam ||
      problem.kind === "tooLong" ||
      problem.kind === "tooManyChoices" ||
      problem.kind === "unknownField",
  );
  if (refused.length > 0) {
    const labels = new Map(allFields(definition).map((field) => [field.name, field.label]));
    const fields = Object.fromEntries(
      refused.map(([name, problem]) => [name, wordProblem(problem, options.words)]),
    );
    return {
      ok: false,
      message: options.words.invalid(refused.map(([name]) => labels.get(name) ?? name)),
      fields,
      values,
    };
  }

  const handoff = data.get(handoffField);
  return {
    ok: true,
    values,
    submission: {
      values,
      page: pagePath(data.get(pageField)),
      handoff: !options.handsOffToWhatsApp
        ? "not-applicable"
        : handoff === "tab-opened" || handoff === "tab-refused"
          ? handoff
          : "no-script",
      spam,
    },
  };
}

/** A refused answer in the page's language. */
export function wordProblem(problem: AnswerProblem, words: AnswerWords): string {
  switch (problem.kind) {
    case "tooLong":
      return words.tooLong(problem.max);
    case "tooManyChoices":
      return words.tooManyChoices(problem.max);
    case "outOfRange":
      return words.outOfRange(problem.min, problem.max);
    default:
      return words[problem.kind];
  }
}

/** A site path such as /tasar-departamentos (no origin, no query), or nothing. */
export function pagePath(value: FormDataEntryValue | null | undefined): string | null {
  if (typeof value !== "string" || !/^\/[\w\-/.~%]{0,199}$/.test(value) || value.startsWith("//"))
    return null;
  return value;
}
