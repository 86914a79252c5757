import { useLocation } from "react-router";

import { langOf, pathIn, type Lang } from "../site-map.ts";

/** The language of the page being shown: its URL decides, never the browser's settings. */
export function useLang(): Lang {
  return langOf(useLocation().pathname);
}

/** The copy of the page's language, from a page's `{ es, en }` modules. */
export function useCopy<T>(translations: Record<Lang, T>): T {
  return translations[useLang()];
}

/** Turns a page path written once (in Spanish) into the path of the page's language. */
export function useLocalPath(): (path: string) => string {
  const lang = useLang();
  return (path) => pathIn(lang, path);
}
