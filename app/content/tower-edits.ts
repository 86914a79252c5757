import { maxTowerSlugLength, towerFactLabels, towerFieldLabel, towerProblems } from "./tower-checks.ts";
import { towerAccessFields, towerAccessText, type TowerAccessField } from "./tower-access.ts";

export { towerFactLabels };
import {
  docks,
  listedFacts,
  towerFacts,
  type Dock,
  type Tower,
  type TowerFact,
  type TowerStatus,
} from "./tower-catalogue.ts";

/**
 * The owner's edits to the catalogue (decision 0020, towers): per tower slug,
 * the facts that differ from app/content/towers.ts, a new tower whole, or a
 * retirement. One publication carries one set of overrides; the build merges
 * them over the catalogue (applyTowerOverrides) and checks the result with
 * the catalogue's own rules (towerProblems) before any page is written.
 *
 * Only public facts travel here: where a fact came from stays in the database
 * and in tower-sources.ts, never in a bundle.
 */
export type TowerOverride = Partial<Omit<Tower, "slug">> & {
  /** The tower's page is gone: its old address answers 301 to the tower list. */
  retired?: boolean;
};
export type TowerOverrides = Readonly<Record<string, TowerOverride>>;

/** The facts the owner edits as text: the ones a page lists, and its list of amenities. */
export const editableTowerFacts = [...listedFacts, "amenities"] as const satisfies readonly TowerFact[];
export type EditableTowerFact = (typeof editableTowerFacts)[number];

export const towerStatuses = ["terminado", "en construcción"] as const satisfies readonly TowerStatus[];

/** A fact's value as the editor shows it ("" when the tower lacks it). */
export function towerFactText(tower: Tower, fact: TowerFact): string {
  const value = tower[fact];
  if (value === undefined) return "";
  if (fact === "year" && Array.isArray(value)) return `${value[0]}-${value[1]}`;
  if (fact === "unitSizes" && Array.isArray(value)) return `${value[0]}-${value[1]}`;
  if (fact === "floors" && Array.isArray(value)) return value.join(", ");
  if (fact === "geo" && typeof value === "object" && "lat" in value) return `${value.lat}, ${value.lng}`;
  return String(value);
}

type Parsed<T> = { value: T } | { problem: string };

const wholeNumber = /^\d{1,4}$/;

/**
 * Reads what the owner typed into a fact's typed value, or says why not. The
 * value's sense (a year in range, floors that agree with the volumes) is then
 * checked on the whole tower by towerProblems, as the catalogue is.
 */
export function parseTowerFact<Fact extends EditableTowerFact>(
  fact: Fact,
  raw: string,
): Parsed<Tower[Fact] | undefined> {
  const text = raw.trim().replace(/\s+/g, " ");
  if (text === "") return { value: undefined };
  const ok = (value: unknown) => ({ value: value as Tower[Fact] });
  switch (fact) {
    case "dock": {
      const dock = Number(text);
      return (docks as readonly number[]).includes(dock)
        ? ok(dock as Dock)
        : { problem: "el dique es 1, 2, 3 o 4" };
    }
    case "status": {
      // Either gender, any case, with or without the accent: «Terminada», «en construccion».
      const said = text.toLowerCase().normalize("NFD").replace(/\p{M}/gu, "");
      if (/^terminad[oa]$/.test(said)) return ok("terminado");
      if (/^en construccion$/.test(said)) return ok("en construcción");
      return { problem: "terminada o en construcción" };
    }
    case "year": {
      const span = /^(\d{4})\s*[-–]\s*(\d{4})$/.exec(text);
      if (span) return ok([Number(span[1]), Number(span[2])] as const);
      return /^\d{4}$/.test(text) ? ok(Number(text)) : { problem: "un año (2019) o dos (2008-2011)" };
    }
    case "floors": {
      const parts = text.split(",").map((part) => part.trim());
      return parts.every((part) => wholeNumber.test(part))
        ? ok(parts.map(Number))
        : { problem: "números enteros separados por comas" };
    }
    case "units":
      return wholeNumber.test(text) ? ok(Number(text)) : { problem: "un número entero" };
    case "unitSizes": {
      const sizes = /^(\d{1,5})\s*[-–]\s*(\d{1,5})$/.exec(text);
      return sizes ? ok([Number(sizes[1]), Number(sizes[2])] as const) : { problem: "dos números: 160-335" };
    }
    default:
      return ok(text);
  }
}

/**
 * The facts «confirmar todo» confirms: every one still to confirm, but an
 * address or a list of amenities that is empty waits for a value (a page
 * cannot say "confirmed: nothing" where it must say where the tower is).
 */
export function confirmableFacts(tower: Tower): TowerFact[] {
  return tower.toConfirm.filter(
    (fact) => !((fact === "direccion" || fact === "amenities") && tower[fact] === undefined),
  );
}

/**
 * A tower page's web address made from its name: «Torre Ñandú Oeste» →
 * «torre-nandu-oeste», within the slug's length, cut between words.
 */
export function suggestedSlug(name: string): string {
  const words = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = "";
  for (const word of words) {
    const longer = slug ? `${slug}-${word}` : word;
    if (longer.length > maxTowerSlugLength) return slug || word.slice(0, maxTowerSlugLength);
    slug = longer;
  }
  return slug;
}

/** The catalogue with the owner's overrides: edited facts replaced, retired towers out, added ones last. */
export function applyTowerOverrides(catalogue: readonly Tower[], overrides: TowerOverrides): Tower[] {
  const known = new Set(catalogue.map((tower) => tower.slug));
  const merged: Tower[] = [];
  for (const tower of catalogue) {
    const override = overrides[tower.slug];
    if (!override) merged.push(tower);
    else if (!override.retired) merged.push(withoutRetired({ ...tower, ...override, slug: tower.slug }));
  }
  for (const [slug, override] of Object.entries(overrides)) {
    if (known.has(slug) || override.retired) continue;
    merged.push(withoutRetired({ toConfirm: [], ...override, slug } as Tower));
  }
  return merged;
}

/** The merged tower without the override's own marks: `retired`, and facts emptied (null). */
function withoutRetired(tower: Tower & { retired?: boolean }): Tower {
  const { retired: _retired, ...rest } = tower;
  return Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== null)) as Tower;
}

/** Slugs of catalogue towers the overrides retire: their old addresses answer 301. */
export function retiredSlugs(catalogue: readonly Tower[], overrides: TowerOverrides): string[] {
  return catalogue.filter((tower) => overrides[tower.slug]?.retired).map((tower) => tower.slug);
}

/**
 * Why the overrides cannot be published, per tower name; empty when they
 * can. Every merged tower is checked with the catalogue's rules, and the
 * overrides' own shape (which facts may be set, which slugs) too: they come
 * from a database and a file, not from a type checker.
 */
export function towerOverrideProblems(catalogue: readonly Tower[], overrides: TowerOverrides): string[] {
  const problems: string[] = [];
  const allowed = new Set<string>([
    ...towerFacts,
    "nombre",
    "complex",
    "volumes",
    "terraced",
    "heightMetres",
    "access",
  ]);
  for (const [slug, override] of Object.entries(overrides)) {
    if (typeof override !== "object" || override === null) {
      problems.push(`${slug}: no es un cambio válido`);
      continue;
    }
    for (const key of Object.keys(override)) {
      if (!allowed.has(key) && key !== "retired" && key !== "toConfirm")
        problems.push(`${slug}: «${key}» no es un dato de torre`);
    }
  }
  const merged = applyTowerOverrides(catalogue, overrides);
  const names = new Set<string>();
  for (const tower of merged) {
    for (const problem of towerProblems(tower)) problems.push(`${tower.nombre || tower.slug}: ${problem}`);
    if (names.has(tower.nombre)) problems.push(`${tower.nombre}: otra torre ya tiene ese nombre`);
    names.add(tower.nombre);
  }
  return problems;
}

/**
 * The overrides as the public build receives them: without the buildings' access (tower-access.ts),
 * which no page shows and whose reception phone must not reach a page's files at all.
 */
export function publicTowerOverrides(overrides: TowerOverrides): TowerOverrides {
  return Object.fromEntries(
    Object.entries(overrides).map(([slug, override]) => {
      const { access: _access, ...rest } = override;
      return [slug, rest];
    }),
  );
}

/** Reads the overrides file the build is given (SITE_TOWER_OVERRIDES_FILE), as JSON text. */
export function parseTowerOverrides(json: string): TowerOverrides {
  const parsed: unknown = JSON.parse(json);
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new Error("Los cambios de torres deben ser un objeto por slug.");
  return parsed as TowerOverrides;
}

/** One difference between two published catalogues, for the history and the owner's e-mail. */
export type TowerChange = {
  slug: string;
  name: string;
  /** The fact changed (one of the building's access too), or "torre" when the tower itself was added or retired. */
  fact: TowerFact | TowerAccessField | "nombre" | "torre";
  before: string;
  after: string;
};

const pendingMark = " (a confirmar)";

function shownValue(tower: Tower, fact: TowerFact): string {
  const text = towerFactText(tower, fact);
  return tower.toConfirm.includes(fact) ? `${text || "sin dato"}${pendingMark}` : text;
}

/** What differs between the catalogue under two sets of overrides, tower by tower and fact by fact. */
export function towerChanges(
  catalogue: readonly Tower[],
  before: TowerOverrides,
  after: TowerOverrides,
): TowerChange[] {
  const old = new Map(applyTowerOverrides(catalogue, before).map((tower) => [tower.slug, tower]));
  const now = new Map(applyTowerOverrides(catalogue, after).map((tower) => [tower.slug, tower]));
  const changes: TowerChange[] = [];
  for (const slug of new Set([...old.keys(), ...now.keys()])) {
    const was = old.get(slug);
    const is = now.get(slug);
    if (!is) {
      changes.push({ slug, name: was!.nombre, fact: "torre", before: "publicada", after: "retirada" });
      continue;
    }
    if (!was) {
      changes.push({ slug, name: is.nombre, fact: "torre", before: "", after: "agregada" });
      continue;
    }
    if (was.nombre !== is.nombre)
      changes.push({ slug, name: is.nombre, fact: "nombre", before: was.nombre, after: is.nombre });
    for (const fact of towerFacts) {
      const [from, to] = [shownValue(was, fact), shownValue(is, fact)];
      if (from !== to) changes.push({ slug, name: is.nombre, fact, before: from, after: to });
    }
    for (const fact of towerAccessFields) {
      const [from, to] = [towerAccessText(was.access, fact), towerAccessText(is.access, fact)];
      if (from !== to) changes.push({ slug, name: is.nombre, fact, before: from, after: to });
    }
  }
  return changes;
}

/**
 * "Torre Alvear Tower", or the name alone when it already says it is a tower («Torre Mirador del
 * Dique» is not «Torre Torre Mirador del Dique»).
 */
export function towerTitle(name: string): string {
  return /^torres?\s/i.test(name.trim()) ? name.trim() : `Torre ${name}`;
}

/**
 * "Torre Alvear Tower: pisos", what changed, as the history lists it; a tower added or retired is
 * the tower's title alone: it has no before and after (`towerChangeEvent` says what happened).
 */
export function towerChangeLabel(change: TowerChange): string {
  if (change.fact === "torre") return towerTitle(change.name);
  const what = change.fact === "nombre" ? "nombre" : towerFieldLabel(change.fact).toLowerCase();
  return `${towerTitle(change.name)}: ${what}`;
}

/** What happened to a tower as a whole («agregada», «retirada»); undefined for a change of one fact. */
export function towerChangeEvent(change: TowerChange): string | undefined {
  return change.fact === "torre" ? change.after : undefined;
}

/** "Torre Alvear Tower: pisos 54 → 55", "Torre Nueva: agregada", as the owner's e-mail says it. */
export function describeTowerChange(change: TowerChange): string {
  const event = towerChangeEvent(change);
  if (event) return `${towerChangeLabel(change)}: ${event}`;
  return `${towerChangeLabel(change)} ${change.before || "(vacío)"} → ${change.after || "(vacío)"}`;
}

/** Whether two sets of overrides are the same edits. */
export function sameTowerOverrides(a: TowerOverrides, b: TowerOverrides): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => JSON.stringify(a[key] ?? null) === JSON.stringify(b[key] ?? null));
}

/**
 * An existing tower's override from the owner's intended tower: only what
 * differs from the catalogue, so the catalogue's later corrections still show
 * where the owner changed nothing. Undefined when nothing differs.
 */
export function overrideOf(
  base: Tower | undefined,
  wanted: Tower & { retired?: boolean },
): TowerOverride | undefined {
  if (!base) {
    const { slug: _slug, ...whole } = wanted;
    return whole;
  }
  const override: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(wanted)) {
    if (key === "slug") continue;
    if (JSON.stringify(value) !== JSON.stringify((base as Record<string, unknown>)[key]))
      override[key] = value;
  }
  for (const key of Object.keys(base)) {
    // A fact the owner emptied: JSON cannot carry undefined, so it is written as null and dropped on merge.
    if (!(key in wanted)) override[key] = null;
  }
  return Object.keys(override).length === 0 ? undefined : (override as TowerOverride);
}
