import { megabytes, plaintextCeiling, type ChainSeal, type ObjectKind } from "./archive.ts";

/**
 * Which objects a restore may apply, judged by their seals (decision 0023). Every object in the
 * target is opened; those of one installation link into a chain (each names the one before by name
 * and digest, with the next number). The restore applies the longest verified run that starts at a
 * snapshot and ends at the newest object it can reach; everything else in the target that is out
 * of place is a problem, named in a sentence: a copy under another name, another installation's
 * object, a gap, a replaced or damaged object.
 */
/** The chain's newest object, as `backup_state` keeps it; a restored database keeps its chain's. */
export type ChainHead = { sequence: number; name: string; digest: string };
export const chainKeys = { deployment: "chain-deployment", head: "chain-head" } as const;

export type OpenedObject = {
  name: string;
  kind: ObjectKind;
  at: Date;
  /** SHA-256 of the bytes as stored. */
  digest: string;
  /** Absent when it did not open (see `failure`) or was written before the chain existed. */
  seal?: ChainSeal;
  /** A snapshot's recorded number of leads. */
  leads?: number;
  /**
   * "others": sealed to keys other than the one given; "too-large": decompresses past the ceiling
   * (archive.ts); "damaged": anything else that failed.
   */
  failure?: "others" | "damaged" | "too-large";
  /** With "too-large": the ceiling it went past. */
  ceiling?: number;
};

export type ChainVerdict = {
  /** A snapshot, then its change sets in chain order: what the restore applies. */
  path: OpenedObject[];
  /** One sentence per object out of place; empty when the whole target is verified. */
  problems: string[];
  /** The installation restored (its id's first characters, as `--installation` takes them). */
  installation?: string;
  /** With `installation` chosen: one sentence per other installation whose objects were left aside. */
  setAside: string[];
};

export type ChainOptions = {
  /**
   * The owner's key opens every object, so one that does not open is a problem. The drill's key
   * is turned after each drill and opens only the objects since: older ones are not judged.
   */
  opensEverything: boolean;
  /**
   * The installation to restore (the first characters of its id, as the refusal names it), when
   * the target holds the chains of more than one.
   */
  installation?: string;
};

/** One installation's complete chain in the target, as the refusal names it to the owner. */
export type Installation = {
  id: string;
  objects: number;
  first: Date;
  last: Date;
  /** What restoring it would apply. */
  path: OpenedObject[];
};

/**
 * Copies of more than one installation that each restore on their own (`installations`), or an
 * `installation` chosen that the target does not hold.
 */
export class ChainProblem extends Error {
  readonly installations: Installation[];

  constructor(message: string, installations: Installation[] = []) {
    super(message);
    this.installations = installations;
  }
}

/**
 * The refusal when more than one installation's chain restores on its own: anyone who may put
 * objects can seal a whole chain to the owner's public key with any dates, so nothing in the
 * objects tells which is this server's; the owner does, by what each would restore.
 */
export function describeInstallations(installations: readonly (Installation & { leads: number })[]): string {
  const described = installations.map(
    (installation) =>
      `la instalación ${installation.id} (${installation.objects} objetos, del ${installation.first.toISOString()} al ${installation.last.toISOString()}; restaurarla da ${installation.leads} consultas)`,
  );
  const choices = installations.map((installation) => `--installation ${installation.id}`);
  return `Las copias mezclan ${installations.length} instalaciones, cada una con su cadena completa: ${described.join(" y ")}. Solo una es la de este servidor; otra se copió desde otro prefijo o la puso quien tenía la clave del depósito, y nada en las copias dice cuál es cuál. No se restaura ninguna sin que usted elija: repita la orden con ${choices.join(" o con ")}, la de las fechas y la cantidad de consultas que usted reconoce (la bandeja del servidor y su chequeo muestran el número de la suya).`;
}

/** The problems in one paragraph, and how far the verified run goes. */
export function describeProblems(verdict: ChainVerdict): string {
  const end = verdict.path.at(-1);
  const lastGood = end
    ? ` Lo verificado llega hasta ${end.name} (${end.at.toISOString()}).`
    : " No queda ningún tramo verificado que empiece en una copia completa.";
  return `Las copias no están completas o fueron alteradas: ${verdict.problems.join("; ")}.${lastGood}`;
}

/** An installation as the owner and `--installation` name it: its id's first eight characters. */
export const shortInstallation = (deployment: string) => deployment.slice(0, 8);

export function verifyChain(objects: readonly OpenedObject[], options: ChainOptions): ChainVerdict {
  const problems = new Map<string, string>();
  const problem = (name: string, sentence: string) => {
    if (!problems.has(name)) problems.set(name, sentence);
  };
  const listed = new Map(objects.map((object) => [object.name, object]));

  // A seal that names another object: this one is a copy of it under a new name.
  const selfNamed = objects.filter((object) => {
    if (!object.seal || object.seal.name === object.name) return Boolean(object.seal);
    problem(object.name, `${object.name} es una copia de ${object.seal.name} con otro nombre`);
    return false;
  });

  const byDeployment = Map.groupBy(selfNamed, (object) => object.seal!.deployment);
  const chains = [...byDeployment.entries()].map(([deployment, members]) => ({
    deployment,
    // In time order: a chain is described by its first and last object.
    members: members.sort((a, b) => a.at.getTime() - b.at.getTime()),
    ...bestRun(members, listed),
  }));
  const usable = chains.filter((chain) => chain.path.length > 0);
  let ours: (typeof chains)[number] | undefined;
  const setAside: string[] = [];
  if (options.installation) {
    const wanted = options.installation.toLowerCase();
    const chosen = chains.filter((chain) => chain.deployment.startsWith(wanted));
    if (chosen.length !== 1)
      throw new ChainProblem(
        chosen.length === 0
          ? `ninguna copia es de la instalación ${options.installation}; las hay de ${chains.map((chain) => shortInstallation(chain.deployment)).join(", ") || "ninguna"}`
          : `${options.installation} es el comienzo de más de una instalación: dé más caracteres`,
      );
    ours = chosen[0]!;
    for (const chain of chains)
      if (chain !== ours)
        setAside.push(
          `${chain.members.length} objetos de la instalación ${shortInstallation(chain.deployment)} (del ${chain.members[0]!.at.toISOString()} al ${chain.members.at(-1)!.at.toISOString()})`,
        );
  } else if (usable.length > 1) {
    // No guess: an older beginning, a longer chain or a newer end can all be sealed by whoever may
    // put objects (issue 44, item 3).
    throw new ChainProblem(
      "las copias mezclan más de una instalación",
      usable.map((chain) => ({
        id: shortInstallation(chain.deployment),
        objects: chain.members.length,
        first: chain.members[0]!.at,
        last: chain.members.at(-1)!.at,
        path: chain.path,
      })),
    );
  } else ours = usable[0] ?? chains.sort((a, b) => b.members.length - a.members.length)[0];
  if (!ours) return { path: [], problems: [...problems.values(), "no hay ninguna copia sellada"], setAside };
  if (!options.installation)
    for (const chain of chains)
      if (chain !== ours)
        for (const object of chain.members)
          problem(
            object.name,
            `${object.name} es de otra instalación (${shortInstallation(chain.deployment)})`,
          );

  const oldest = ours.members.reduce((a, b) => (a.at <= b.at ? a : b)).at;
  const start = ours.path[0];
  for (const object of objects) {
    if (object.seal) continue;
    const judged = options.opensEverything || (start !== undefined && object.at >= start.at);
    if (object.failure === "too-large")
      problem(
        object.name,
        `${object.name} se descomprime a más de ${megabytes(object.ceiling ?? plaintextCeiling)}, más que cualquier copia de este servicio: no se abrió (¿una bomba de descompresión puesta en el depósito?)`,
      );
    else if (object.failure === "damaged")
      problem(object.name, `${object.name} está dañado o no es una copia (no se pudo abrir)`);
    else if (object.failure === "others" && judged)
      problem(object.name, `${object.name} no se abre con esa clave: no lo selló este servidor`);
    else if (!object.failure && object.at >= oldest)
      problem(object.name, `${object.name} no lleva el sello de la cadena`);
  }
  for (const object of ours.members) {
    const previous = object.seal!.previous;
    if (!previous) {
      // A chain begins once; another beginning among its objects is not this installation's.
      if (object.at > oldest)
        problem(object.name, `${object.name} empieza una cadena nueva en medio de la copia`);
      continue;
    }
    const found = listed.get(previous.name);
    if (!found) {
      // The first objects' predecessors went with the retention period; one in the middle is a gap.
      if (parseAt(previous.name) > oldest)
        problem(previous.name, `falta ${previous.name} (${object.name} lo registra como el anterior)`);
    } else if (found.digest !== previous.digest)
      problem(
        previous.name,
        `${previous.name} no es el objeto que ${object.name} registró como anterior: fue reemplazado o dañado`,
      );
  }
  const end = ours.path.at(-1);
  const newest = ours.members.reduce((a, b) => (later(a, b) ? a : b));
  if (end && newest !== end && !ours.path.includes(newest))
    problem(newest.name, `lo escrito después de ${end.name}, hasta ${newest.name}, no se puede verificar`);
  return {
    path: ours.path,
    problems: [...problems.values()],
    installation: shortInstallation(ours.deployment),
    setAside,
  };
}

/**
 * Of one installation's objects: links verified (the predecessor present, same digest, number one
 * less); the earliest object reached back from the run's start (its root); then from each snapshot the run forward reaching the newest object; of equal reach, the
 * newest snapshot (fewer changes to apply).
 */
function bestRun(
  members: readonly OpenedObject[],
  listed: ReadonlyMap<string, OpenedObject>,
): { path: OpenedObject[]; root?: OpenedObject } {
  const children = new Map<string, OpenedObject[]>();
  const parents = new Map<string, OpenedObject>();
  for (const object of members) {
    const previous = object.seal!.previous;
    const parent = previous && listed.get(previous.name);
    if (!previous || !parent?.seal || parent.digest !== previous.digest) continue;
    if (parent.seal.deployment !== object.seal!.deployment) continue;
    if (parent.seal.sequence !== object.seal!.sequence - 1) continue;
    children.set(parent.name, [...(children.get(parent.name) ?? []), object]);
    parents.set(object.name, parent);
  }
  // Newest reachable object from each, computed from the highest numbers down.
  const reach = new Map<string, OpenedObject>();
  const ordered = [...members].sort((a, b) => b.seal!.sequence - a.seal!.sequence);
  for (const object of ordered) {
    let best = object;
    for (const child of children.get(object.name) ?? []) {
      const candidate = reach.get(child.name)!;
      if (later(candidate, best)) best = candidate;
    }
    reach.set(object.name, best);
  }
  let start: OpenedObject | undefined;
  for (const object of members) {
    if (object.kind !== "snapshots") continue;
    if (!start) start = object;
    const [mine, theirs] = [reach.get(object.name)!, reach.get(start.name)!];
    if (later(mine, theirs) || (mine === theirs && object.seal!.sequence > start.seal!.sequence))
      start = object;
  }
  if (!start) return { path: [] };
  const path = [start];
  const end = reach.get(start.name)!;
  for (let current = start; current !== end;) {
    current = (children.get(current.name) ?? []).find((child) => reach.get(child.name) === end)!;
    path.push(current);
  }
  let root = start;
  for (let parent = parents.get(root.name); parent; parent = parents.get(root.name)) root = parent;
  return { path, root };
}

function later(a: OpenedObject, b: OpenedObject): boolean {
  return a.at.getTime() !== b.at.getTime() ? a.at > b.at : a.seal!.sequence > b.seal!.sequence;
}

/** The time in an object's name ("changes/20261125T203654123Z-3f9a1c.age"). */
function parseAt(name: string): Date {
  const match = /(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})Z/.exec(name);
  if (!match) return new Date(0);
  const [, y, mo, d, h, mi, s, ms] = match;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}.${ms}Z`);
}
