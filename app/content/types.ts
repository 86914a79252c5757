import type { PagePath } from "../site-map.ts";

/**
 * The shapes of the visitor-facing copy. Each language implements them in its
 * own folder (content/es/…); an English version would add content/en/… and
 * its own routes, because the URL decides the language.
 */

/** Icons are named here and drawn by components/icon.tsx, so content stays data only. */
export type IconName =
  | "clock"
  | "file-check"
  | "map-pin"
  | "building"
  | "trending-up"
  | "chart-column"
  | "badge-check"
  | "shield-check"
  | "handshake"
  | "search"
  | "ruler"
  | "target"
  | "wallet"
  | "key-round"
  | "percent"
  | "calendar-check"
  | "landmark"
  | "scale"
  | "compass"
  | "clipboard-list"
  | "layers"
  | "gauge";

export type PageMetaCopy = {
  title: string;
  description: string;
  keywords: readonly string[];
};

export type Card = {
  icon: IconName;
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
