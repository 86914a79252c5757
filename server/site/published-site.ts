import { loadSiteConfig, type SiteConfig } from "#app/config/site-config.ts";
import { buildEnvironment, type FactValues } from "#app/config/site-facts.ts";
import { catalogueTowers, type Tower } from "#app/content/tower-catalogue.ts";
import { emptyAccess, type TowerAccess } from "#app/content/tower-access.ts";
import { applyTowerOverrides, type TowerOverrides } from "#app/content/tower-edits.ts";
import { languages, pages, towerPagePattern, towerPath } from "#app/site-map.ts";
import { serviceForms, type ServiceForms } from "../leads/forms.ts";
import type { SiteVersionRows } from "../storage/site-version-rows.ts";
import type { SitePublisher } from "./site-publisher.ts";

/**
 * The site as published now, the one value every part of the service reads
 * at run time (decision 0025): the lead checks, the visit counter, results,
 * the inbox, every e-mail, the service's own pages, new authenticator
 * enrolments. Loaded at start from the environment (the deployment's own
 * site) and swapped whole whenever the served version changes: a
 * publication, an undo, or the follower catching up with another instance.
 */
export type PublishedSite = {
  /** The version served; undefined for the deployment's own build. */
  version: number | undefined;
  /** The environment's configuration with the version's facts on top (SITE_URL stays the installer's). */
  site: SiteConfig;
  /** The towers the pages show: the catalogue with the version's overrides. */
  towers: readonly Tower[];
  /**
   * Every tower a page still open in a browser may name: the catalogue's (retired ones
   * included) and those of each version this service has known, newest first.
   */
  knownTowers: readonly Tower[];
  /** The forms as the published pages show them; the known towers' names are also accepted. */
  forms: ServiceForms;
  /** The pages the visit counter counts: every page, and the pages of every known tower. */
  pagePaths: ReadonlySet<string>;
  /** A tower's name by its slug: the published one, else the newest known. */
  towerName(slug: string): string | undefined;
  /**
   * A building's access as published (decision 0044), for the visits: the published tower a
   * lead's or client's text names («Alvear Tower», «torre alvear tower», its slug), with its
   * access; undefined when no published tower is named or the owner published none for it.
   */
  buildingAccess(tower: string): BuildingAccess | undefined;
};

/** A published tower's access, with the name it is published under. */
export type BuildingAccess = { slug: string; name: string; access: TowerAccess };

/** What of a version the service reads: its number, facts and tower overrides. */
export type PublishedContent = { number: number; facts: FactValues; towers: TowerOverrides };

/** Pages that are not a tower's, in both languages: the same in every version. */
const fixedPages = pages.map((page) => page.path).filter((path) => !towerPagePattern.test(path));

/**
 * One published version as the service reads it. `known` are the towers of
 * versions known before (newest first); an invalid stored fact (rules that
 * changed since it was published) leaves the environment's value.
 */
export function publishedSiteOf(
  env: Record<string, string | undefined>,
  version: PublishedContent | undefined,
  known: readonly Tower[] = [],
  now: () => Date = () => new Date(),
): PublishedSite {
  return assemble(siteOf(env, version?.facts ?? {}), version, known, now);
}

/** The deployment's own site, from a configuration already loaded: nothing published (tests, benches). */
export function installedSite(site: SiteConfig, now: () => Date = () => new Date()): PublishedSite {
  return assemble(site, undefined, [], now);
}

function assemble(
  site: SiteConfig,
  version: PublishedContent | undefined,
  known: readonly Tower[],
  now: () => Date,
): PublishedSite {
  const towers = applyTowerOverrides(catalogueTowers, version?.towers ?? {});
  const knownTowers = uniqueTowers([...towers, ...known, ...catalogueTowers]);
  const bySlug = new Map<string, string>();
  for (const tower of knownTowers) if (!bySlug.has(tower.slug)) bySlug.set(tower.slug, tower.nombre);
  return {
    version: version?.number,
    site,
    towers,
    knownTowers,
    forms: serviceForms(site, { listed: towers, known: knownTowers }, now),
    pagePaths: new Set([
      ...fixedPages,
      ...[...bySlug.keys()].flatMap((slug) => languages.map((lang) => towerPath(slug, lang))),
    ]),
    towerName: (slug) => bySlug.get(slug),
    buildingAccess: (text) => {
      const wanted = towerKey(text);
      if (!wanted) return undefined;
      const tower = towers.find(
        (candidate) => candidate.slug === text.trim() || towerKey(candidate.nombre) === wanted,
      );
      return tower && !emptyAccess(tower.access)
        ? { slug: tower.slug, name: tower.nombre, access: tower.access! }
        : undefined;
    },
  };
}

/** A tower's name as people write it, compared without case, accents, spacing or a leading «Torre». */
function towerKey(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/^\s*torres?\s+/, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

function siteOf(env: Record<string, string | undefined>, facts: FactValues): SiteConfig {
  try {
    return loadSiteConfig(buildEnvironment(env, facts)).config;
  } catch {
    // The facts were checked with the build's rules when published; if those rules moved since,
    // the environment's values hold rather than the service refusing to start or to switch.
    return loadSiteConfig(env).config;
  }
}

/** Each tower once by slug and name: a tower renamed since keeps both names acceptable. */
function uniqueTowers(towers: readonly Tower[]): Tower[] {
  const seen = new Set<string>();
  return towers.filter((tower) => {
    const key = `${tower.slug}\n${tower.nombre}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The published site of this instance: `current()` at any moment (read at each
 * use, never kept), `follow()` when another version is served.
 */
export class PublishedSiteSource {
  private readonly env: Record<string, string | undefined>;
  private readonly now: () => Date;
  private content: PublishedContent | undefined;
  private value: PublishedSite;
  /** Towers of every version this instance has known, newest first. */
  private known: Tower[] = [];

  constructor(env: Record<string, string | undefined>, now: () => Date = () => new Date()) {
    this.env = env;
    this.now = now;
    this.value = publishedSiteOf(env, undefined, [], now);
  }

  current(): PublishedSite {
    return this.value;
  }

  /** Remembers the towers of earlier versions (the history, at start): their names stay acceptable. */
  remember(versions: readonly PublishedContent[]): void {
    const towers = versions.flatMap((version) => applyTowerOverrides(catalogueTowers, version.towers));
    this.known = uniqueTowers([...this.known, ...towers]);
    this.swap(this.content);
  }

  /** Serves a version's content from now on (undefined: the deployment's own). */
  follow(version: PublishedContent | undefined): void {
    this.known = uniqueTowers([...this.value.towers, ...this.known]);
    this.swap(version);
  }

  private swap(version: PublishedContent | undefined): void {
    this.content = version;
    this.value = publishedSiteOf(this.env, version, this.known, this.now);
  }
}

/** Versions whose towers stay acceptable after a restart: the newest of the history. */
export const rememberedVersions = 20;

/**
 * Keeps `source` on the version the publisher serves: at once, and at every
 * switch (a publication, an undo, the follower catching up with another
 * instance), synchronously, before the switch's next request is answered.
 * The history's towers are remembered first, so a page loaded before a
 * restart still has its tower accepted.
 */
export async function followPublications(
  source: PublishedSiteSource,
  publisher: Pick<SitePublisher, "served" | "onSwitch">,
  versions: Pick<SiteVersionRows, "history">,
): Promise<void> {
  source.remember(
    (await versions.history(rememberedVersions)).filter((version) => version.state === "ready"),
  );
  source.follow(publisher.served().version);
  publisher.onSwitch((served) => source.follow(served.version));
}

/**
 * The site published now, read once from the database: for what runs apart
 * from the serving process (the password command, the backup thread,
 * `npm run check:release`) and must still speak with the published name.
 */
export async function readPublishedSite(
  versions: Pick<SiteVersionRows, "current">,
  env: Record<string, string | undefined>,
): Promise<PublishedSite> {
  return publishedSiteOf(env, await versions.current(), []);
}
