import { buttonStyles } from "../../app/components/button-styles.ts";
import type { serviceAnswers } from "../../app/content/es/service-answers.ts";
import { htmlLang, pathIn, type Lang } from "../../app/site-map.ts";

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
<h1 class="font-display text-4xl leading-tight font-semibold md:text-5xl">${escapeHtml(title)}</h1>
<p class="mt-6 max-w-xl text-lg leading-relaxed text-ink-muted">${escapeHtml(message)}</p>
<p class="mt-4 max-w-xl text-lg leading-relaxed text-ink-muted">${escapeHtml(words.answersKept)}</p>
<p class="mt-8"><a href="${escapeHtml(whatsappUrl)}" rel="noopener noreferrer" class="${buttonStyles.whatsapp}">${escapeHtml(words.openWhatsApp)}</a></p>
<p class="mt-8"><a href="${pathIn(lang, "/")}" class="underline">${escapeHtml(words.home)}</a></p>
</main>
</body>
</html>
`;
}
