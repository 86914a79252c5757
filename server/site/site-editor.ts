import {
  editableFacts,
  effectiveValue,
  factProblems,
  holdsExample,
  labelOf,
  normaliseFact,
  shownFact,
  type FactValues,
} from "#app/config/site-facts.ts";
import { settingDefault, type SiteVariable } from "#app/config/site-config.ts";
import type { SiteChange, SiteEditor } from "#app/features/inbox/inbox-service.ts";
import { towerChangeEvent, towerChangeLabel } from "#app/content/tower-edits.ts";
import { isExampleAddress, releaseChecklist } from "./release-checklist.ts";
import { createTowerEditor } from "./tower-editor.ts";
import { withFactDrafts, type SiteChanges } from "./site-content.ts";
import { PublishRefused, type SitePublisher } from "./site-publisher.ts";
import { buildFailureWords } from "./build-failure.ts";
import { PublicationProgress } from "./publication-progress.ts";
import type { SiteVersionRows } from "../storage/site-version-rows.ts";
import { buenosAiresTime } from "#app/lib/buenos-aires-time.ts";
import { inboxPaths } from "#app/features/inbox/paths.ts";

/** What a publication or preview started from the page says when it cannot go on. */
const progressWords = {
  busy: "Ya hay una publicación en curso: esperá a que termine y volvé a intentar.",
  notStarted: "Esto no se hace en segundo plano.",
  failed: buildFailureWords(undefined, "el sitio"),
};

/**
 * The inbox's site editor (/bandeja/sitio) on the publisher: the facts as the
 * page shows them, the drafts, the history and the launch checklist. The
 * route asks for the fresh second factor before it calls publish or undo.
 */
export function createSiteEditor(options: {
  publisher: SitePublisher;
  store: SiteVersionRows;
  env: Record<string, string | undefined>;
  now?: () => Date;
}): SiteEditor {
  const { publisher, store, env } = options;
  const now = options.now ?? (() => new Date());
  const entry = (label: string, change: { before: string; after: string }): SiteChange => ({
    label,
    before: change.before,
    after: change.after,
  });
  const factEntry = (change: SiteChanges["facts"][number]): SiteChange => ({
    label: labelOf(change.variable),
    before: shownFact(change.variable, change.before),
    after: shownFact(change.variable, change.after),
  });
  // A tower change reads "Torre X: pisos": the same words as the owner's e-mail; a photo's is labelled already.
  const listed = (changes: SiteChanges): SiteChange[] => [
    ...changes.facts.map(factEntry),
    ...changes.towers.map((change) => {
      const event = towerChangeEvent(change);
      return event
        ? { ...entry(towerChangeLabel(change), change), event }
        : entry(towerChangeLabel(change), change);
    }),
    ...changes.photos,
  ];
  const towerEditor = createTowerEditor({ publisher, store, now });
  const progress = new PublicationProgress(() => now().getTime());
  /** A refusal says why in the owner's words; anything else was logged by the publisher. */
  const refusalWords = (error: unknown) =>
    error instanceof PublishRefused ? error.message : progressWords.failed;

  async function attempt<T>(
    work: () => Promise<T>,
  ): Promise<({ ok: true } & T) | { ok: false; message: string }> {
    try {
      return { ok: true as const, ...(await work()) };
    } catch (error) {
      if (error instanceof PublishRefused) return { ok: false as const, message: error.message };
      throw error;
    }
  }

  return {
    async view() {
      const published = await publisher.content.published();
      const drafts = await store.drafts();
      const current = await store.currentId();
      const history = await store.history();
      const siteUrl = env.SITE_URL?.trim() || settingDefault("SITE_URL").fallback;
      return {
        siteAddress: { url: siteUrl.replace(/\/+$/, ""), example: isExampleAddress(siteUrl) },
        fields: editableFacts.map((fact) => ({
          variable: fact.variable,
          label: fact.label,
          hint: fact.hint,
          input: fact.input,
          published: effectiveValue(fact.variable, published.facts, env),
          publishedText: shownFact(fact.variable, effectiveValue(fact.variable, published.facts, env)),
          draft: drafts[fact.variable],
          holdsExample: holdsExample(fact.variable, withFactDrafts(published.facts, drafts), env),
        })),
        pending: listed(await publisher.content.pendingChanges()),
        history: await Promise.all(
          history.map(async (version) => ({
            number: version.number,
            whenText: buenosAiresTime(version.createdAt),
            by: version.publishedBy,
            what:
              version.kind === "publicación"
                ? "Publicación"
                : version.restoredNumber === 0
                  ? "Vuelta a los datos de la instalación"
                  : `Restauración de la versión ${version.restoredNumber}`,
            restoredNumber: version.restoredNumber ?? undefined,
            changes: listed(await publisher.content.changesOf(version)),
            current: version.id === current,
          })),
        ),
        checklist: releaseChecklist(
          env,
          published.facts,
          published.towers,
          new Set(Object.keys(published.photos)),
        ).map((item) => {
          // The owner knows the facts by their labels, not by their variables.
          if (item.fix.kind === "fact")
            return {
              text: item.text.replace(item.fix.variable, `«${labelOf(item.fix.variable)}»`),
              href: `${inboxPaths.site}#${item.fix.variable}`,
            };
          // The installer's settings: the owner is told whose they are, never their variable.
          if (item.fix.kind === "environment")
            return {
              text:
                item.fix.variable === "SITE_URL"
                  ? "La dirección del sitio todavía es la de ejemplo: la fija quien instala el servidor."
                  : "Un dato de la instalación todavía es el de ejemplo: lo corrige quien instala el servidor.",
              href: `${inboxPaths.site}#instalacion`,
            };
          if (item.fix.kind === "tower") {
            // The link says what is pending; the sources' note follows it, apart.
            const pending = " sin confirmar";
            const at = item.text.indexOf(`${pending}: `);
            return {
              text: at < 0 ? item.text : item.text.slice(0, at + pending.length),
              note: at < 0 ? undefined : item.text.slice(at + pending.length + 2),
              href: `${inboxPaths.siteTower(item.fix.slug)}#${item.fix.fact}`,
            };
          }
          if (item.fix.kind === "photo")
            return {
              text: item.text,
              href: `${inboxPaths.sitePhotos}#foto-${item.fix.slot.replace("/", "-")}`,
            };
          return {
            text: item.text,
            href: item.fix.kind === "catalogue" ? undefined : `${inboxPaths.site}#instalacion`,
          };
        }),
        canRestoreInstalled: current !== undefined && history[0]?.restoredNumber !== 0,
        preview: await publisher.currentPreview(),
      };
    },

    async saveDrafts(values) {
      const edits: FactValues = {};
      for (const fact of editableFacts) {
        const typed = values[fact.variable];
        if (typed !== undefined) edits[fact.variable] = normaliseFact(fact.variable, typed);
      }
      const problems = factProblems(edits) as Record<string, string>;
      // The days are ticked, never typed: none ticked is no «back to the installation's days».
      if (edits.SITE_OPENING_DAYS === "") problems.SITE_OPENING_DAYS = "elegí al menos un día";
      for (const variable of Object.keys(problems)) delete edits[variable as SiteVariable];
      // A value equal to what is published is no draft: compare with what the pages show.
      const published = (await publisher.content.published()).facts;
      const shown: FactValues = {};
      for (const fact of editableFacts) shown[fact.variable] = effectiveValue(fact.variable, published, env);
      await store.saveDrafts(edits, shown, now());
      return problems;
    },

    // Everything «Para publicar» lists goes, photos included.
    discardDrafts: () => publisher.content.discardDrafts(),
    publish: (actor) => attempt(async () => ({ number: (await publisher.publish(actor)).number })),
    undo: (number, actor) =>
      attempt(async () => ({
        number: (number === 0 ? await publisher.restoreInstalled(actor) : await publisher.undo(number, actor))
          .number,
      })),
    preview: () => attempt(async () => ({ pages: await publisher.preview() })),
    start(work, actor) {
      const running = progress.running();
      if (running) return { ok: false, message: progressWords.busy };
      if (work.kind === "deshacer") return { ok: false, message: progressWords.notStarted };
      const run =
        work.kind === "publicar"
          ? async () => ({ number: (await publisher.publish(actor)).number })
          : async () => ({ pages: (await publisher.preview()).length });
      return { ok: true, id: progress.start(work, run, refusalWords) };
    },
    progress: (id) => progress.view(id),
    running: () => progress.running(),
    hold: (work, holder) => progress.hold(work, holder),
    held: (token, holder) => progress.peek(token, holder),
    resume: (token, holder) => progress.take(token, holder),
    towers: () => towerEditor.towers(),
    tower: (slug) => towerEditor.tower(slug),
    editTower: (slug, action) => towerEditor.editTower(slug, action),
    previewPage: async (path) => {
      const html = publisher.previewPage(path);
      // Seen inside the inbox: no island (its script would need the public site's CSP), marked as a preview.
      return (
        html
          ?.replace(/<script data-island[^>]*>[\s\S]*?<\/script>/, "")
          .replace("<title>", "<title>Vista previa · ")
          // The preview's own images (a new photo exists only in its build), behind the same login.
          .replace(/(["\s,])\/generated\//g, `$1${inboxPaths.sitePreview}/generated/`)
      );
    },
  };
}
