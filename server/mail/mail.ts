import nodemailer, { type TransportOptions } from "nodemailer";

import { escapeHtml } from "../leads/pages.ts";

/**
 * Every e-mail the service sends (decision 0025): the lead notifications, the
 * weekly summary, the publication notice, the factor changes and the backup
 * alerts. One layout (blocks of text, lists and tables, then a closing line
 * naming the site), one escaping (every text escaped once, here), From the
 * business name published now with the site's own address, links built from
 * the installer's SITE_URL. What a visitor or the owner typed never becomes
 * markup or a header.
 */
export type Mail = {
  from: { name: string; address: string };
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
  html: string;
};

/** Who sends, read from the site published when the e-mail is written (server/site/published-site.ts). */
export type MailSite = { businessName: string; email: string; siteUrl: string };

/** A line of text; with an address, a link in the HTML part and «text: address» in the text part. */
export type MailLine = string | { text: string; href: string };

export type MailBlock =
  | { paragraph: MailLine }
  | { heading: string }
  | { list: readonly MailLine[] }
  | { table: readonly (readonly [label: string, value: string])[] }
  | { rule: true };

export type MailContent = {
  subject: string;
  blocks: readonly MailBlock[];
  replyTo?: { name: string; address: string };
};

/** A page of the site or the inbox, absolute: the installer's address, never an owner-edited one. */
export function siteLink(site: Pick<MailSite, "siteUrl">, path: string): string {
  return `${site.siteUrl.replace(/\/+$/, "")}${path}`;
}

export function composeMail(site: MailSite, content: MailContent): Mail {
  const subject = oneLine(content.subject).slice(0, 200);
  const name = oneLine(site.businessName);
  const closing: MailLine = { text: `${name}, desde su sitio`, href: siteLink(site, "/") };
  const blocks: MailBlock[] = [...content.blocks, { rule: true }, { paragraph: closing }];
  return {
    from: { name, address: site.email },
    ...(content.replyTo ? { replyTo: content.replyTo } : {}),
    subject,
    text: `${blocks.map(textOf).join("\n\n")}\n`,
    html: [
      `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
      `<body style="font-family:system-ui,sans-serif">`,
      ...blocks.map(htmlOf),
      `</body></html>`,
    ].join("\n"),
  };
}

function lineText(line: MailLine): string {
  return typeof line === "string" ? line : `${line.text}: ${line.href}`;
}

function lineHtml(line: MailLine): string {
  return typeof line === "string"
    ? escapeHtml(line)
    : `<a href="${escapeHtml(line.href)}">${escapeHtml(line.text)}</a>`;
}

function textOf(block: MailBlock): string {
  if ("paragraph" in block) return lineText(block.paragraph);
  if ("heading" in block) return block.heading;
  if ("list" in block)
    return (block.list.length ? block.list : ["(nada)"]).map((line) => `- ${lineText(line)}`).join("\n");
  if ("table" in block) return block.table.map(([label, value]) => `${label}: ${value}`).join("\n");
  return "—";
}

function htmlOf(block: MailBlock): string {
  if ("paragraph" in block) return `<p style="white-space:pre-wrap">${lineHtml(block.paragraph)}</p>`;
  if ("heading" in block) return `<h2 style="font-size:1em">${escapeHtml(block.heading)}</h2>`;
  if ("list" in block)
    return `<ul>${(block.list.length ? block.list : ["(nada)"]).map((line) => `<li>${lineHtml(line)}</li>`).join("")}</ul>`;
  if ("table" in block)
    return `<table>${block.table
      .map(
        ([label, value]) =>
          `<tr><th align="left" valign="top" style="padding:4px 12px 4px 0">${escapeHtml(label)}</th>` +
          `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
      )
      .join("")}</table>`;
  return "<hr>";
}

/** One line: control characters and line breaks become spaces (a subject, a display name). */
export function oneLine(text: string): string {
  return text.replace(/[\p{Cc}\u2028\u2029]+/gu, " ").trim();
}

/**
 * One address, nothing else: no list, no display name, no angle brackets, no
 * line breaks, so a visitor cannot add recipients or headers through Reply-To.
 */
export function isPlainAddress(text: string): boolean {
  return text.length <= 254 && /^[^\s@,;<>"()[\]\\]+@[^\s@,;<>"()[\]\\]+\.[^\s@,;<>"()[\]\\]+$/.test(text);
}

export type MailSender = (mail: Mail) => Promise<void>;

/** Sends through SMTP_URL to the owner's addresses (LEADS_NOTIFY_TO). */
export function smtpSender(smtpUrl: string, to: readonly string[]): MailSender {
  const transport = nodemailer.createTransport(smtpUrl, {
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as TransportOptions);
  return async (mail) => {
    await transport.sendMail({ ...mail, to: [...to] });
  };
}
