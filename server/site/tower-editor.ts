import {
  applyTowerOverrides,
  confirmableFacts,
  editableTowerFacts,
  overrideOf,
  parseTowerFact,
  suggestedSlug,
  towerFactLabels,
  towerFactText,
  type EditableTowerFact,
  type TowerOverride,
  type TowerOverrides,
} from "#app/content/tower-edits.ts";
import {
  emptyAccess,
  parseTowerAccess,
  towerAccessFields,
  towerAccessInput,
  towerAccessInputs,
  towerAccessLabels,
} from "#app/content/tower-access.ts";
import { catalogueTowers, towerFacts, type Tower, type TowerFact } from "#app/content/tower-catalogue.ts";
import { towerFieldLabel, towerFieldProblems, type TowerProblem } from "#app/content/tower-checks.ts";
import { towerSources } from "#app/content/tower-sources.ts";
import type {
  TowerAction,
  TowerEditOutcome,
  TowerEditorView,
  TowerListEntry,
} from "#app/features/inbox/inbox-service.ts";
import type { SitePublisher } from "./site-publisher.ts";
import type { SiteVersionRows } from "../storage/site-version-rows.ts";

/**
 * The towers of the inbox's site editor (/bandeja/sitio/torres, decision
 * 0020): each owner action turns the tower as the next publication would show
 * it into another, checked with the catalogue's rules (tower-checks.ts), and
 * stores what differs from the catalogue as that tower's draft override.
 */
export function createTowerEditor(options: {
  publisher: SitePublisher;
  store: SiteVersionRows;
  now?: () => Date;
}) {
  const { publisher, store } = options;
  const now = options.now ?? (() => new Date());
  const bySlug = new Map(catalogueTowers.map((tower) => [tower.slug, tower]));
  const ownerSource = "Confirmado por el titular en la bandeja.";

  /** Every tower the next publication would know of, retired ones included. */
  function intended(overrides: TowerOverrides): { tower: Tower; retired: boolean; added: boolean }[] {
    const shown = new Map(
      applyTowerOverrides(catalogueTowers, overrides).map((tower) => [tower.slug, tower]),
    );
    const retired = catalogueTowers
      .filter((tower) => overrides[tower.slug]?.retired)
      .map((tower) => ({
        tower: applyTowerOverrides([tower], {
          [tower.slug]: { ...overrides[tower.slug], retired: false },
        })[0]!,
        retired: true,
        added: false,
      }));
    return [
      ...[...shown.values()].map((tower) => ({ tower, retired: false, added: !bySlug.has(tower.slug) })),
      ...retired,
    ];
  }

  function stateOf(entry: { retired: boolean; added: boolean }): TowerListEntry["state"] {
    return entry.retired ? "retirada" : entry.added ? "agregada" : "catálogo";
  }

  function sourceOf(tower: Tower, fact: TowerFact, override: TowerOverride | undefined): string {
    const touched = override !== undefined && (fact in override || !bySlug.has(tower.slug));
    const ownerConfirmed =
      override?.toConfirm !== undefined &&
      !tower.toConfirm.includes(fact) &&
      bySlug.get(tower.slug)?.toConfirm.includes(fact);
    if (touched || ownerConfirmed) return ownerSource;
    return towerSources[tower.slug]?.[fact] ?? "Sin fuente registrada.";
  }

  /** Stores the tower the owner wants as its draft override (null: back to the catalogue). */
  async function keep(slug: string, wanted: Tower, retired: boolean): Promise<void> {
    const published = (await publisher.content.published()).towers[slug];
    const override = overrideOf(bySlug.get(slug), wanted);
    const withRetired = retired ? { ...override, retired: true } : override;
    await store.saveTowerDraft(slug, withRetired ?? null, published, now());
  }

  const refused = (message: string, problems: Record<string, string> = {}): TowerEditOutcome => ({
    ok: false,
    message,
    problems,
  });
  /** A refusal that names each field as the page labels it, its reason beside the field. */
  const refusedFields = (found: TowerProblem[]): TowerEditOutcome => {
    const problems: Record<string, string> = {};
    for (const { field, message } of found)
      problems[field] = problems[field] ? `${problems[field]}; ${message}` : message;
    const names = Object.keys(problems).map((field) => `«${towerFieldLabel(field)}»`);
    return refused(`Para guardar, corregí ${listed(names)}.`, problems);
  };

  return {
    async towers(): Promise<TowerListEntry[]> {
      const overrides = (await publisher.content.toPublish()).towers;
      const drafts = await store.towerDrafts();
      return intended(overrides).map((entry) => ({
        slug: entry.tower.slug,
        name: entry.tower.nombre,
        pending: entry.tower.toConfirm.length,
        confirmable: confirmableFacts(entry.tower).length,
        state: stateOf(entry),
        underConstruction: entry.tower.status === "en construcción",
        draft: entry.tower.slug in drafts,
      }));
    },

    async tower(slug: string): Promise<TowerEditorView | undefined> {
      const overrides = (await publisher.content.toPublish()).towers;
      const entry = intended(overrides).find((candidate) => candidate.tower.slug === slug);
      if (!entry) return undefined;
      const { tower } = entry;
      const editable = new Set<string>(editableTowerFacts);
      return {
        slug,
        name: tower.nombre,
        state: stateOf(entry),
        underConstruction: tower.status === "en construcción",
        draft: slug in (await store.towerDrafts()),
        facts: towerFacts.map((fact) => ({
          fact,
          label: towerFactLabels[fact].label,
          hint: towerFactLabels[fact].hint,
          value: towerFactText(tower, fact),
          source: sourceOf(tower, fact, overrides[slug]),
          confirmed: !tower.toConfirm.includes(fact),
          editable: editable.has(fact),
        })),
        access: towerAccessFields.map((field) => ({
          field,
          input: towerAccessInputs[field],
          label: towerAccessLabels[field].label,
          ...(towerAccessLabels[field].hint ? { hint: towerAccessLabels[field].hint } : {}),
          value: towerAccessInput(tower.access, field),
        })),
      };
    },

    async editTower(slug: string, action: TowerAction): Promise<TowerEditOutcome> {
      const overrides = (await publisher.content.toPublish()).towers;
      const entries = intended(overrides);

      if (action.kind === "agregar") return add(action.values, entries);

      const entry = entries.find((candidate) => candidate.tower.slug === slug);
      if (!entry) return refused("No existe esa torre.");
      const tower: Tower = { ...entry.tower, toConfirm: [...entry.tower.toConfirm] };
      let retired = entry.retired;

      // «Confirmar» pressed beside a field the owner changed confirms what they typed, never the old value.
      const edit: TowerAction =
        action.kind === "confirmar" &&
        action.value !== undefined &&
        (towerFacts as readonly string[]).includes(action.fact) &&
        action.value.trim() !== towerFactText(tower, action.fact as TowerFact).trim()
          ? { kind: "corregir", fact: action.fact, value: action.value }
          : action;

      switch (edit.kind) {
        case "confirmar":
          if (!(towerFacts as readonly string[]).includes(edit.fact)) return refused("No existe ese dato.");
          tower.toConfirm = tower.toConfirm.filter((fact) => fact !== edit.fact);
          break;
        case "confirmar-todo": {
          // What the owner read is confirmed; an address or amenities still empty wait for a value.
          const confirmed = new Set(confirmableFacts(tower));
          tower.toConfirm = tower.toConfirm.filter((fact) => !confirmed.has(fact));
          break;
        }
        case "corregir": {
          if (!(editableTowerFacts as readonly string[]).includes(edit.fact))
            return refused("Ese dato no se corrige acá.");
          const fact = edit.fact as EditableTowerFact;
          const parsed = parseTowerFact(fact, edit.value);
          if ("problem" in parsed) return refusedFields([{ field: fact, message: parsed.problem }]);
          if (parsed.value === undefined) delete tower[fact];
          else Object.assign(tower, { [fact]: parsed.value });
          // The owner who corrects a fact vouches for it; an emptied address or list stays to confirm.
          tower.toConfirm = tower.toConfirm.filter((pending) => pending !== fact);
          if (parsed.value === undefined && (fact === "direccion" || fact === "amenities"))
            tower.toConfirm = [...tower.toConfirm, fact];
          break;
        }
        case "estado":
          tower.status = edit.underConstruction ? "en construcción" : "terminado";
          tower.toConfirm = tower.toConfirm.filter((fact) => fact !== "status");
          break;
        case "retirar":
          retired = true;
          break;
        case "restituir":
          retired = false;
          break;
        case "acceso": {
          const parsed = parseTowerAccess(edit.values);
          if ("problems" in parsed)
            return refusedFields(
              Object.entries(parsed.problems).map(([field, message]) => ({ field, message: message! })),
            );
          if (emptyAccess(parsed.access)) delete tower.access;
          else tower.access = parsed.access;
          break;
        }
      }
      const problems = towerFieldProblems(tower);
      if (problems.length > 0) return refusedFields(problems);
      // A tower the owner added and now retires simply goes: it never had a page to redirect.
      if (retired && !bySlug.has(slug)) {
        await store.saveTowerDraft(slug, null, (await publisher.content.published()).towers[slug], now());
        return { ok: true, slug };
      }
      await keep(slug, tower, retired);
      return { ok: true, slug };
    },
  };

  async function add(values: Record<string, string>, entries: { tower: Tower }[]): Promise<TowerEditOutcome> {
    const problems: TowerProblem[] = [];
    const nombre = (values.nombre ?? "").trim().replace(/ +/g, " ");
    // Left empty, the address is made from the name, as the page suggested it.
    const slug = (values.slug ?? "").trim().toLowerCase() || suggestedSlug(nombre);
    if (entries.some((entry) => entry.tower.slug === slug))
      problems.push({ field: "slug", message: "ya hay una torre con esa dirección" });
    if (nombre && entries.some((entry) => entry.tower.nombre === nombre))
      problems.push({ field: "nombre", message: "ya hay una torre con ese nombre" });
    const tower: Tower = { slug, nombre, dock: 1, status: "terminado", toConfirm: [] };
    for (const fact of editableTowerFacts) {
      const parsed = parseTowerFact(fact, values[fact] ?? "");
      if ("problem" in parsed) problems.push({ field: fact, message: parsed.problem });
      else if (parsed.value !== undefined) Object.assign(tower, { [fact]: parsed.value });
      else if (fact === "dock" || fact === "status")
        problems.push({ field: fact, message: "es obligatorio" });
    }
    for (const fact of ["direccion", "amenities"] as const)
      if (tower[fact] === undefined) tower.toConfirm = [...tower.toConfirm, fact];
    // The same rules as every publication: a draft that could not be built is never stored.
    const rules = towerFieldProblems(tower).filter(
      (rule) =>
        !problems.some((problem) => problem.field === rule.field) && !(rule.field === "slug" && slug === ""),
    );
    if (problems.length + rules.length > 0) return refusedFields([...problems, ...rules]);
    await keep(slug, tower, false);
    return { ok: true, slug };
  }
}

/** «A», «A y B», «A, B y C». */
function listed(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} y ${names.at(-1)}`;
}
