import type { LucideIcon } from "lucide-react";

import type { PagePath } from "../site-map.ts";

/**
 * The shapes of the visitor-facing copy. Each language implements them in its
 * own folder (content/es/…); an English version would add content/en/… and
 * its own routes, because the URL decides the language.
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
  path: PagePath;
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
