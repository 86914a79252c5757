import { visitWords as english } from "#app/content/en/visit-words.ts";
import { visitWords as spanish } from "#app/content/es/visit-words.ts";

/** The visit's words in the lead's language: the content modules, one a language (decision 0039). */
export const visitWords = { es: spanish, en: english } as const;
