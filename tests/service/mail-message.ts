/**
 * Reads a received e-mail the way a mail client does, enough to check what the
 * owner sees: unfolded, decoded headers (RFC 2047 words) and the decoded text
 * and HTML parts (quoted-printable or base64, UTF-8).
 */
export type MailMessage = {
  headers: Map<string, string>;
  text: string;
  html: string;
  /** Every leaf part's text by its media type (a calendar invitation's text/calendar among them). */
  parts: Record<string, string>;
};

export function parseMail(raw: string): MailMessage {
  const { headers, body } = splitEntity(raw);
  const parts: Record<string, string> = {};
  collectParts(headers, body, parts);
  return { headers, text: parts["text/plain"] ?? "", html: parts["text/html"] ?? "", parts };
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, end).replace(/\r\n[ \t]+/g, " ");
  const headers = new Map<string, string>();
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    headers.set(line.slice(0, colon).trim().toLowerCase(), decodeWords(line.slice(colon + 1).trim()));
  }
  return { headers, body: raw.slice(end + 4) };
}

function collectParts(headers: Map<string, string>, body: string, parts: Record<string, string>): void {
  const contentType = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  if (contentType.startsWith("multipart/") && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith("--")) break;
      const entity = splitEntity(part.replace(/^\r\n/, ""));
      collectParts(entity.headers, entity.body, parts);
    }
    return;
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  const bytes =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64")
      : encoding === "quoted-printable"
        ? quotedPrintable(body)
        : Buffer.from(body.replace(/\r\n$/, ""), "utf8");
  parts[contentType.split(";")[0]!.trim()] = bytes.toString("utf8").replace(/\r\n/g, "\n");
}

function quotedPrintable(text: string): Buffer {
  const unwrapped = text.replace(/=\r\n/g, "").replace(/\r\n$/, "");
  const bytes: number[] = [];
  for (let index = 0; index < unwrapped.length; index++) {
    const character = unwrapped[index]!;
    if (character === "=" && /^[0-9A-F]{2}$/i.test(unwrapped.slice(index + 1, index + 3))) {
      bytes.push(parseInt(unwrapped.slice(index + 1, index + 3), 16));
      index += 2;
    } else bytes.push(...Buffer.from(character, "utf8"));
  }
  return Buffer.from(bytes);
}

function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QB]\?[^?]*\?=)\s+(?==\?)/gi, "$1")
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : quotedPrintable(text.replace(/_/g, " ")).toString("utf8"),
    );
}
