/** An address written in a source's note; what ends a sentence around it is not part of it. */
const addressPattern = /(https?:\/\/[^\s<>"'«»]+)/g;
const trailing = /[.,;:!?)\]]+$/;

/** The note's text in pieces: words, and addresses that are really web addresses (http or https only). */
export function sourcePieces(text: string): ({ text: string } | { href: string })[] {
  const pieces: ({ text: string } | { href: string })[] = [];
  for (const part of text.split(addressPattern)) {
    if (!part) continue;
    const candidate = part.replace(trailing, "");
    const rest = part.slice(candidate.length);
    if (addressPattern.test(part) && isWebAddress(candidate)) {
      pieces.push({ href: candidate });
      if (rest) pieces.push({ text: rest });
    } else pieces.push({ text: part });
    addressPattern.lastIndex = 0;
  }
  return pieces;
}

function isWebAddress(candidate: string): boolean {
  try {
    const url = new URL(candidate);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

/**
 * Where a tower's fact came from, with its addresses as links the owner can
 * open to check: only http and https, to another tab, without telling that
 * site where the owner came from. React escapes every piece.
 */
export function SourceText({ text }: { text: string }) {
  return (
    <>
      {sourcePieces(text).map((piece, index) =>
        "href" in piece ? (
          <a key={index} href={piece.href} target="_blank" rel="noopener noreferrer" className="underline">
            {piece.href}
          </a>
        ) : (
          <span key={index}>{piece.text}</span>
        ),
      )}
    </>
  );
}
