/**
 * The Spanish forms' words (what forms/localize.ts needs): the definitions are
 * written in Spanish, so their text is already this language's. Takes the
 * configuration like its English twin, and needs none of it.
 */
export function formWords(_site?: unknown) {
  return {
    translateFieldText: (text: string): string | undefined => text,
    /** The WhatsApp message's first line, naming the request (its heading). */
    messageOpening: (heading: string) => `Hola, quiero hacer una ${heading}.`,
  };
}
