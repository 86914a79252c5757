import type { LucideIcon } from "lucide-react";

import type { Lang } from "../site-map.ts";

/**
 * The shapes of the visitor-facing copy. Each language implements them in its
 * own folder (content/es/…, content/en/…) under the same file names and the
 * same export names; the URL decides which one a page reads.
 */

/**
 * Icons are lucide-react components (inline SVG), imported by the content
 * module that uses them so each page ships only its own icons. They are always
 * decorative: the text next to them carries the meaning.
 */
export type IconComponent = LucideIcon;

export type PageMetaCopy = {
  title: string;
  description: string;
  keywords: readonly string[];
};

export type Card = {
  icon: IconComponent;
  title: string;
  text: string;
};

/** A card with its own call to action (the home service cards). */
export type ActionCard = Card & { action: string };

export type Step = {
  title: string;
  text: string;
};

/** A real number set large, with what it means. */
export type Stat = {
  value: string;
  label: string;
};

export type NavItem = {
  path: string;
  label: string;
};

export type SectionIntro = {
  eyebrow?: string;
  title: string;
  intro?: string;
};

export type HeroCopy = {
  eyebrow: string;
  title: string;
  lead: string;
  cta: string;
};

/**
 * A language's copy of a page: the shape of the Spanish module with its texts
 * as plain strings. A page lists both languages as `Translations<typeof es>`,
 * so a key missing from the English module fails the type check.
 */
export type Copy<T> = T extends string
  ? string
  : T extends number | boolean | null | undefined
    ? T
    : T extends IconComponent
      ? IconComponent
      : T extends (...args: infer Args) => infer Result
        ? (...args: Args) => Copy<Result>
        : T extends readonly (infer Item)[]
          ? readonly Copy<Item>[]
          : T extends object
            ? { readonly [Key in keyof T]: Copy<T[Key]> }
            : T;

export type Translations<T> = Record<Lang, Copy<T>>;
