import { buttonStyles } from "#app/components/button-styles.ts";
import type { serviceAnswers } from "#app/content/es/service-answers.ts";
import { honeypotField, pageField } from "#app/features/leads/forms/reserved-fields.ts";
import { fieldRules } from "#app/features/leads/forms/rules.ts";
import {
  optionLabel,
  type FieldDefinition,
  type FormDefinition,
  type LeadValues,
} from "#app/features/leads/forms/types.ts";
import { htmlLang, pathIn, type Lang } from "#app/site-map.ts";

/**
 * The HTML the service writes itself: the WhatsApp link filled into the
 * prerendered thank-you page, and the page a native (no-JavaScript) post gets
 * when it cannot be stored. Visitor text only ever enters as escaped text.
 */

export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const handoffLink = /<a\b[^>]*\sdata-handoff-link(?:=(?:""|"[^"]*"))?[^>]*>/;

/** The prerendered /gracias page with its generic "Abrir WhatsApp" link carrying the composed message. */
export function fillHandoffLink(html: string, whatsappUrl: string): string {
  return html.replace(handoffLink, (tag) =>
    tag.replace(/\shref="[^"]*"/, ` href="${escapeHtml(whatsappUrl)}"`),
  );
}

/** The site's stylesheets, taken from a built page, so the service's own pages look like the site. */
export function stylesheetLinks(html: string): string[] {
  return [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map((match) => match[0]);
}

export function errorPage(options: {
  /** The language of the page the form was posted from. */
  lang: Lang;
  words: Pick<typeof serviceAnswers, "answersKept" | "openWhatsApp" | "home">;
  title: string;
  message: string;
  /** The composed message when the answers could be read, the bare chat otherwise. */
  whatsappUrl: string;
  stylesheets: readonly string[];
  siteName: string;
}): string {
  const { lang, words, title, message, whatsappUrl, stylesheets, siteName } = options;
  return `${pageStart(lang, title, siteName, stylesheets)}
<p class="mt-6 max-w-xl text-lg leading-relaxed text-ink-muted">${escapeHtml(message)}</p>
<p class="mt-4 max-w-xl text-lg leading-relaxed text-ink-muted">${escapeHtml(words.answersKept)}</p>
<p class="mt-8"><a href="${escapeHtml(whatsappUrl)}" rel="noopener noreferrer" class="${buttonStyles.whatsapp}">${escapeHtml(words.openWhatsApp)}</a></p>
<p class="mt-8"><a href="${pathIn(lang, "/")}" class="underline">${escapeHtml(words.home)}</a></p>
</main>
</body>
</html>
`;
}

type CorrectionWords = Pick<
  typeof serviceAnswers,
  | "invalidTitle"
  | "fixAndResend"
  | "resend"
  | "choose"
  | "requiredMark"
  | "honeypot"
  | "answersKept"
  | "openWhatsApp"
  | "home"
>;

/**
 * A refused native post (422) comes back as its form, drawn from the same
 * definition and rules as the page's: every answer filled in, each refused
 * one marked (aria-invalid) with its message next to it, the first focused.
 * The visitor corrects and sends again; WhatsApp stays one tap away.
 */
export function correctionPage(options: {
  lang: Lang;
  words: CorrectionWords;
  definition: FormDefinition;
  values: LeadValues;
  /** One message per refused field name. */
  problems: Record<string, string>;
  /** Where the form posts again: the same submit path. */
  action: string;
  /** The page the form was on, sent again so the lead keeps it. */
  page: string | null;
  whatsappUrl: string;
  stylesheets: readonly string[];
  siteName: string;
}): string {
  const { lang, words, definition, values, problems, whatsappUrl, stylesheets, siteName } = options;
  const fieldNames = new Set(
    definition.sections.flatMap((section) => section.fields.map((field) => field.name)),
  );
  const firstRefused = definition.sections
    .flatMap((section) => section.fields)
    .find((field) => problems[field.name] !== undefined)?.name;
  const otherProblems = Object.entries(problems).filter(([name]) => !fieldNames.has(name));
  const sections = definition.sections
    .map(
      (section) => `<fieldset class="flex flex-col gap-4">
<legend class="mb-3 text-base font-semibold tracking-wide text-ink uppercase">${escapeHtml(section.title)}</legend>
${section.fields.map((field) => fieldHtml(field, values[field.name], problems[field.name], field.name === firstRefused, words)).join("\n")}
</fieldset>`,
    )
    .join("\n");
  return `${pageStart(lang, words.invalidTitle, siteName, stylesheets)}
<p class="mt-6 max-w-xl text-lg leading-relaxed text-ink-muted">${escapeHtml(words.fixAndResend)}</p>
${otherProblems.map(([name, message]) => `<p class="mt-2 text-red-800">${escapeHtml(name)}: ${escapeHtml(message)}</p>`).join("\n")}
<form method="post" action="${escapeHtml(options.action)}" class="mt-8 flex max-w-2xl flex-col gap-6">
${options.page ? `<input type="hidden" name="${pageField}" value="${escapeHtml(options.page)}">` : ""}
<div aria-hidden="true" class="sr-only"><label>${escapeHtml(words.honeypot)} <input type="text" name="${honeypotField}" tabindex="-1" autocomplete="off"></label></div>
${sections}
<p><button type="submit" class="${buttonStyles.primary}">${escapeHtml(words.resend)}</button></p>
</form>
<p class="mt-8 max-w-xl text-lg leading-relaxed text-ink-muted">${escapeHtml(words.answersKept)}</p>
<p class="mt-4"><a href="${escapeHtml(whatsappUrl)}" rel="noopener noreferrer" class="${buttonStyles.whatsapp}">${escapeHtml(words.openWhatsApp)}</a></p>
<p class="mt-8"><a href="${pathIn(lang, "/")}" class="underline">${escapeHtml(words.home)}</a></p>
</main>
</body>
</html>
`;
}

const controlClass =
  "min-h-11 w-full rounded-md border border-ink-muted bg-white px-3 py-2 text-base text-ink";

/** One field as the page's form draws it (lead-form.tsx), with the visitor's answer and its message. */
function fieldHtml(
  field: FieldDefinition,
  value: string | readonly string[] | undefined,
  problem: string | undefined,
  focus: boolean,
  words: CorrectionWords,
): string {
  const rules = fieldRules(field);
  const id = `campo-${field.name}`;
  const errorId = `${id}-error`;
  const helpId = `${id}-help`;
  const describedBy = [field.help ? helpId : "", problem ? errorId : ""].filter(Boolean).join(" ");
  const state = `${problem ? ' aria-invalid="true"' : ""}${describedBy ? ` aria-describedby="${describedBy}"` : ""}${focus ? " autofocus" : ""}`;
  const help = field.help
    ? `<p id="${helpId}" class="text-sm text-ink-muted">${escapeHtml(field.help)}</p>`
    : "";
  const error = problem
    ? `<p id="${errorId}" class="text-sm font-medium text-red-800">${escapeHtml(problem)}</p>`
    : "";
  const items = value === undefined ? [] : typeof value === "string" ? [value] : value;
  const text = items[0] ?? "";

  if (field.type === "checkboxes") {
    const boxes = (rules.options ?? [])
      .map(
        (option) =>
          `<label class="flex min-h-11 items-center gap-3"><input type="checkbox" name="${escapeHtml(field.name)}" value="${escapeHtml(option)}"${items.includes(option) ? " checked" : ""}${focus && option === rules.options?.[0] ? " autofocus" : ""} class="size-5"> ${escapeHtml(optionLabel(field, option))}</label>`,
      )
      .join("\n");
    return `<fieldset${problem ? ` aria-describedby="${errorId}"` : ""}>
<legend class="text-sm font-medium text-ink">${escapeHtml(field.label)}</legend>
${help}${error}
${boxes}
</fieldset>`;
  }

  const label = `<label for="${id}" class="text-sm font-medium text-ink">${escapeHtml(field.label)}${rules.required ? ` <span class="text-red-700">* <span class="sr-only">(${escapeHtml(words.requiredMark)})</span></span>` : ""}</label>`;
  const common = `id="${id}" name="${escapeHtml(field.name)}"${rules.required ? " required" : ""}${state} class="${controlClass}"`;
  let control: string;
  if (field.type === "select") {
    const options = rules.options ?? [];
    // An accepted value outside the list (a preset such as "Consulta general") stays chosen.
    const extra = text && !options.includes(text) && !problem ? [text] : [];
    control = `<select ${common}>
<option value="">${escapeHtml(words.choose)}</option>
${[...extra, ...options].map((option) => `<option value="${escapeHtml(option)}"${option === text ? " selected" : ""}>${escapeHtml(optionLabel(field, option))}</option>`).join("\n")}
</select>`;
  } else if (field.type === "textarea") {
    control = `<textarea ${common} rows="${field.rows ?? 4}" maxlength="${rules.maxLength}">${escapeHtml(text)}</textarea>`;
  } else {
    const limits =
      field.type === "number"
        ? ` min="${rules.min}" max="${rules.max}" step="any"`
        : ` maxlength="${rules.maxLength}"${rules.pattern ? ` pattern="${escapeHtml(rules.pattern)}"` : ""}`;
    control = `<input type="${field.type}" ${common}${limits}${field.autoComplete ? ` autocomplete="${field.autoComplete}"` : ""}${field.inputMode ? ` inputmode="${field.inputMode}"` : ""} value="${escapeHtml(text)}">`;
  }
  return `<div class="flex flex-col gap-1.5">
${label}
${control}
${help}${error}
</div>`;
}

/** The service's own pages, up to their heading: no index, the site's stylesheets, the title. */
function pageStart(lang: Lang, title: string, siteName: string, stylesheets: readonly string[]): string {
  return `<!DOCTYPE html>
<html lang="${htmlLang[lang]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(siteName)}</title>
${stylesheets.join("\n")}
</head>
<body>
<main class="container-page py-16 md:py-24">
<h1 class="font-display text-4xl leading-tight font-semibold md:text-5xl">${escapeHtml(title)}</h1>`;
}
