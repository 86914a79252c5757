import { useEffect, useRef } from "react";
import { data, Form, redirect } from "react-router";

import type { Route } from "./+types/site";
import { buttonStyles } from "../../components/button-styles.ts";
import {
  publicationProgress as progressCopy,
  siteEditor as copy,
  towerEditor as towerCopy,
} from "../../content/es/inbox.ts";
import {
  confirmationAddress,
  confirmationState,
  isConfirmed,
  ownerHasSecondFactor,
  requireFreshConfirmation,
} from "../../features/inbox/fresh-confirmation.server.ts";
import type { PublicationWork, SiteEditor } from "../../features/inbox/inbox-service.ts";
import { PublicationStatus, usePublicationBusy } from "../../features/inbox/publication-status.tsx";
import { EditorNotice, EditorUnavailable, RefusalAlert } from "../../features/inbox/editor-notices.tsx";
import { requireHost } from "../../features/inbox/host.ts";
import { DaysField, InboxField } from "../../features/inbox/inbox-field.tsx";
import { inboxMeta } from "../../features/inbox/meta.ts";
import { ownerContext, readCookie, sessionCookie } from "../../features/inbox/session.server.ts";
import { SiteChanges } from "../../features/inbox/site-changes.tsx";
import { inboxPaths } from "../../features/inbox/paths.ts";
import { SourceText } from "../../features/inbox/source-text.tsx";
import { maxFactLength } from "../../lib/owner-text.ts";

export const meta: Route.MetaFunction = ({ matches }) => inboxMeta(copy.heading, matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { inbox } = requireHost(context);
  const editor = inbox.site;
  const query = new URL(request.url).searchParams;
  // Back from the confirmation step: what this session asked for, shown before it goes on.
  const token = query.get("continuar");
  const held = editor && token ? await heldForThisSession(request, context, editor, token) : undefined;
  const progressId = query.get("progreso");
  const progress = (progressId && editor?.progress(progressId)) || null;
  const loaded = {
    view: (await editor?.view()) ?? null,
    hasFactor: await ownerHasSecondFactor(context),
    published: Number(query.get("publicada")) || undefined,
    restored: Number(query.get("restaurada")) || undefined,
    saved: query.has("guardado"),
    progress,
    building: Boolean(editor?.running()),
    held,
  };
  // While it builds, the page asks again by itself: without JavaScript through this header
  // (browsers follow it like <meta http-equiv=refresh>); with it, by revalidating (below).
  return progress?.state === "en-curso" ? data(loaded, { headers: { Refresh: "2" } }) : loaded;
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/**
 * The page that follows a publication or a preview while it builds, then says how it went. No
 * fragment: a refresh to an address with one only scrolls, it does not ask again.
 */
const progressAddress = (id: string) => `${inboxPaths.site}?progreso=${encodeURIComponent(id)}`;

/**
 * A publication or undo held under `token` (decision 0035): it belongs to the session that asked,
 * and once that session confirmed (passkey or code) its page shows what goes live, with the one
 * button that starts it. Nothing starts here: a sign-in or a confirmation is never the go-ahead
 * for something the owner did not see, and another session's token shows nothing.
 */
async function heldForThisSession(
  request: Request,
  context: Route.LoaderArgs["context"],
  editor: SiteEditor,
  token: string,
): Promise<{ token: string; work: PublicationWork }> {
  const back = `${inboxPaths.site}?${new URLSearchParams({ continuar: token })}`;
  await requireFreshConfirmation(request, context, back);
  const work = editor.held(token, readCookie(request, sessionCookie) ?? "");
  if (!work) throw redirect(inboxPaths.site);
  return { token, work };
}

/**
 * Saves drafts, discards them, publishes or undoes. A publication and an undo
 * change what every visitor sees: both need the owner's fresh second factor first,
 * and wait for it, held for this session; once it is given, the page shows what goes
 * live and the owner presses again (decision 0035). A publication and a preview answer at
 * once with the page that shows their progress.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { inbox } = requireHost(context);
  const editor = inbox.site;
  if (!editor) return { message: copy.unavailable };
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");

  if (intent === "guardar") {
    // A field sent more than once is a set of choices (the days ticked): one list, comma-separated.
    const values = Object.fromEntries(
      [...new Set(form.keys())]
        .filter((name) => name.startsWith("SITE_"))
        .map((name) => [
          name,
          form
            .getAll(name)
            .map(String)
            .filter((value, _index, all) => all.length === 1 || value !== "")
            .join(","),
        ]),
    );
    const problems = await editor.saveDrafts(values);
    if (Object.keys(problems).length === 0) return redirect(`${inboxPaths.site}?guardado=1`);
    return { problems, values, message: copy.problems };
  }
  const actor = context.get(ownerContext).email;
  if (intent === "vista-previa") {
    const started = editor.start({ kind: "vista-previa" }, actor);
    if (!started.ok) return { message: started.message };
    return redirect(progressAddress(started.id));
  }
  if (intent === "descartar") {
    await editor.discardDrafts();
    return redirect(inboxPaths.site);
  }
  if (intent === "publicar" || intent === "deshacer") {
    if (!(await ownerHasSecondFactor(context))) return { message: copy.needsFactor, needsFactor: true };
    const work: PublicationWork =
      intent === "publicar"
        ? { kind: "publicar" }
        : { kind: "deshacer", version: Number(form.get("version")) };
    const session = readCookie(request, sessionCookie) ?? "";
    if (!isConfirmed(await confirmationState(request, context, "sitio"))) {
      // Held for this session, for the confirmation step; its way back shows it (the loader above).
      const back = `${inboxPaths.site}?${new URLSearchParams({ continuar: editor.hold(work, session) })}`;
      throw redirect(confirmationAddress("sitio", back));
    }
    // Pressed on the page that showed it: the token is spent (what goes is what the button says).
    const token = form.get("continuar");
    if (typeof token === "string") editor.resume(token, session);
    if (work.kind === "deshacer") {
      const outcome = await editor.undo(work.version, actor);
      if (!outcome.ok) return { message: outcome.message };
      return redirect(`${inboxPaths.site}?restaurada=${outcome.number}`);
    }
    const started = editor.start(work, actor);
    if (!started.ok) return { message: started.message };
    return redirect(progressAddress(started.id));
  }
  return { message: "Acción desconocida." };
}

export default function SiteEditorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, published, restored, saved, progress, building, held } = loaderData;
  const busy = usePublicationBusy(building);
  const factsForm = useRef<HTMLFormElement>(null);
  // The form starts afresh when the stored drafts change (a save that kept the right fields).
  const factsFormKey = JSON.stringify(view?.fields.map((field) => field.draft) ?? []);
  // The owner lands on the first field to correct: in view, and read out with its reason; again
  // if the form started afresh after the answer arrived (its revalidated drafts came later).
  useEffect(() => {
    factsForm.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [actionData, factsFormKey]);
  if (!view) return <EditorUnavailable heading={copy.heading} text={copy.unavailable} />;
  const problems: Record<string, string> =
    (actionData && "problems" in actionData && actionData.problems) || {};
  const typed: Record<string, string> = (actionData && "values" in actionData && actionData.values) || {};
  const message = actionData?.message;
  const invalid = view.fields.filter((field) => problems[field.variable]);
  const restoredFrom = view.history.find((version) => version.number === restored)?.restoredNumber;
  const isPhotoItem = (href: string | undefined) => href?.startsWith(inboxPaths.sitePhotos) ?? false;
  const factChecklist = view.checklist.filter((item) => item.href && !isPhotoItem(item.href));
  const photoChecklist = view.checklist.filter((item) => isPhotoItem(item.href));
  const catalogueCount = view.checklist.length - factChecklist.length - photoChecklist.length;

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <h1 className="font-display text-3xl font-semibold md:text-4xl">{copy.heading}</h1>
        <p className="max-w-3xl text-ink-muted">{copy.lead}</p>
        <p>
          <a href={inboxPaths.siteTowers} className={buttonStyles.secondary}>
            {towerCopy.link}
          </a>
        </p>
        <PublicationStatus progress={progress} />
        {held && <HeldWork held={held} pending={view.pending} busy={busy} />}
        {published && <EditorNotice>{copy.publishedNow(published)}</EditorNotice>}
        {restored && <EditorNotice>{copy.restoredNow(restoredFrom, restored)}</EditorNotice>}
        {saved && !message && <EditorNotice>{copy.saved}</EditorNotice>}
        {invalid.length > 0 && (
          <div role="alert" className="rounded-xl border-2 border-red-700 bg-white p-4">
            <p>{copy.problems}</p>
            <ul className="mt-2 flex list-disc flex-col gap-1 pl-5">
              {invalid.map((field) => (
                <li key={field.variable}>
                  <a href={`#${field.variable}`} className="underline">
                    {field.label}
                  </a>
                  {`: ${problems[field.variable]}`}
                </li>
              ))}
            </ul>
          </div>
        )}
        {message && invalid.length === 0 && (
          <RefusalAlert
            answer={actionData}
            className="scroll-mt-24 rounded-xl border-2 border-red-700 bg-white p-4"
          >
            <p>{message}</p>
            {actionData && "needsFactor" in actionData && (
              <a href={inboxPaths.security} className={`${buttonStyles.secondary} mt-3`}>
                {copy.addFactor}
              </a>
            )}
          </RefusalAlert>
        )}
      </div>

      <section
        aria-labelledby="para-publicar"
        className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 sm:p-6"
      >
        <h2 id="para-publicar" className="text-xl font-semibold">
          {copy.pendingHeading}
        </h2>
        {view.pending.length === 0 ? (
          <p className="text-ink-muted">{copy.nothingPending}</p>
        ) : (
          <>
            <SiteChanges changes={view.pending} />
            {view.preview ? (
              <details id="vista-previa">
                <summary className="cursor-pointer font-semibold">
                  {copy.previewPages(view.preview.length)}
                </summary>
                <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm">
                  {view.preview.map((path) => (
                    <li key={path}>
                      <a href={`${inboxPaths.sitePreview}${path === "/" ? "" : path}`} className="underline">
                        {path}
                      </a>
                    </li>
                  ))}
                </ul>
              </details>
            ) : (
              <p className="text-sm text-ink-muted">{copy.previewHint}</p>
            )}
            <p className="text-sm text-ink-muted">{busy ? progressCopy.waiting : copy.publishHint}</p>
            <div className="flex flex-wrap gap-3">
              <Form method="post">
                <button
                  type="submit"
                  name="intent"
                  value="vista-previa"
                  disabled={busy}
                  className={`${buttonStyles.secondary} disabled:cursor-not-allowed disabled:opacity-60`}
                >
                  {copy.preview}
                </button>
              </Form>
              <Form method="post">
                <button
                  type="submit"
                  name="intent"
                  value="publicar"
                  disabled={busy}
                  className={`${buttonStyles.primary} disabled:cursor-not-allowed disabled:opacity-60`}
                >
                  {copy.publish}
                </button>
              </Form>
              <Form method="post">
                <button type="submit" name="intent" value="descartar" className={buttonStyles.secondary}>
                  {copy.discard}
                </button>
              </Form>
            </div>
          </>
        )}
      </section>

      <section aria-labelledby="datos" className="flex flex-col gap-4">
        <h2 id="datos" className="text-xl font-semibold">
          {copy.factsHeading}
        </h2>
        {/* Drawn again whenever the drafts change, so each field shows the value as it was stored («6842», not «Mat. 6842»). */}
        <Form key={factsFormKey} method="post" ref={factsForm} className="flex flex-col gap-5">
          <input type="hidden" name="intent" value="guardar" />
          <div className="grid gap-5 md:grid-cols-2">
            {view.fields.map((field) => (
              <div key={field.variable} id={field.variable} className="flex scroll-mt-24 flex-col gap-1">
                {field.input === "days" ? (
                  <DaysField
                    legend={field.label}
                    hint={[
                      `${copy.published} ${field.publishedText}`,
                      field.draft !== undefined && copy.draft,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                    error={problems[field.variable]}
                    name={field.variable}
                    picked={(typed[field.variable] ?? field.draft ?? field.published).split(",")}
                  />
                ) : (
                  <InboxField
                    label={field.label}
                    hint={[
                      field.hint,
                      `${copy.published} ${field.publishedText}`,
                      field.draft !== undefined ? copy.draft : undefined,
                    ]
                      .filter(Boolean)
                      .join(" · ")}
                    error={problems[field.variable]}
                    name={field.variable}
                    type={field.input === "time" ? "text" : field.input}
                    inputMode={field.input === "number" ? "numeric" : undefined}
                    defaultValue={typed[field.variable] ?? field.draft ?? field.published}
                    maxLength={maxFactLength}
                  />
                )}
                {field.holdsExample && <p className="text-sm font-semibold text-red-800">{copy.example}</p>}
              </div>
            ))}
          </div>
          <div>
            <button type="submit" className={buttonStyles.primary}>
              {copy.save}
            </button>
          </div>
        </Form>
      </section>

      <p>
        <a href={inboxPaths.sitePhotos} className={buttonStyles.secondary}>
          {copy.photosLink}
        </a>
      </p>

      <section aria-labelledby="historial-titulo" id="historial" className="flex flex-col gap-3">
        <h2 id="historial-titulo" className="text-xl font-semibold">
          {copy.historyHeading}
        </h2>
        {view.history.length === 0 ? (
          <p className="text-ink-muted">{copy.noHistory}</p>
        ) : (
          <ol className="flex flex-col gap-3">
            {view.history.map((version) => (
              <li key={version.number} className="rounded-xl border border-line bg-white p-4">
                <p className="font-semibold">
                  {`Versión ${version.number} · ${version.what}`}
                  {version.current && <span className="ml-2 text-sm text-water">{copy.current}</span>}
                </p>
                <p className="text-sm text-ink-muted">{`${version.whenText} ${copy.by} ${version.by}`}</p>
                <SiteChanges changes={version.changes} />
                {!version.current && (
                  <Form method="post" className="mt-3">
                    <input type="hidden" name="version" value={version.number} />
                    <button type="submit" name="intent" value="deshacer" className={buttonStyles.secondary}>
                      {copy.restore(version.number)}
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ol>
        )}
        {view.canRestoreInstalled && (
          <Form method="post">
            <input type="hidden" name="version" value="0" />
            <button type="submit" name="intent" value="deshacer" className={buttonStyles.secondary}>
              {copy.restoreInstalled}
            </button>
          </Form>
        )}
      </section>

      <section aria-labelledby="lista" className="flex flex-col gap-3">
        <h2 id="lista" className="text-xl font-semibold">
          {copy.checklistHeading(view.checklist.length)}
        </h2>
        <p className="max-w-3xl text-sm text-ink-muted">{copy.checklistLead}</p>
        <ul className="flex list-disc flex-col gap-1 pl-5">
          {factChecklist.map((item) => (
            <li key={item.text}>
              <a href={item.href} className="underline">
                {item.text}
              </a>
              {item.note && (
                <span className="block text-sm wrap-anywhere text-ink-muted">
                  <SourceText text={item.note} />
                </span>
              )}
            </li>
          ))}
        </ul>
        {photoChecklist.length > 0 && (
          <details>
            <summary className="cursor-pointer">{copy.checklistPhotos(photoChecklist.length)}</summary>
            <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm">
              {photoChecklist.map((item) => (
                <li key={item.text}>
                  <a href={item.href} className="underline">
                    {item.text}
                  </a>
                </li>
              ))}
            </ul>
          </details>
        )}
        {catalogueCount > 0 && (
          <details>
            <summary className="cursor-pointer">{copy.checklistMore(catalogueCount)}</summary>
            <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm">
              {view.checklist
                .filter((item) => !item.href)
                .map((item) => (
                  <li key={item.text} className="wrap-anywhere">
                    {item.text}
                  </li>
                ))}
            </ul>
          </details>
        )}
      </section>

      <section aria-labelledby="instalacion-titulo" id="instalacion" className="flex flex-col gap-2">
        <h2 id="instalacion-titulo" className="text-xl font-semibold">
          {copy.installation}
        </h2>
        <p className="max-w-3xl wrap-anywhere">
          {copy.siteAddress}{" "}
          <a href={view.siteAddress.url} className="underline">
            {view.siteAddress.url}
          </a>
        </p>
        {view.siteAddress.example && (
          <p className="max-w-3xl font-semibold text-red-800">{copy.siteAddressExample}</p>
        )}
        <p className="max-w-3xl text-sm text-ink-muted">{copy.installationLead}</p>
      </section>
    </div>
  );
}

/**
 * What this session asked to publish (or to undo), shown once it confirmed: the changes that go
 * live, and the one button that starts it; «Cancelar» leaves everything as it is.
 */
function HeldWork({
  held,
  pending,
  busy,
}: {
  held: { token: string; work: PublicationWork };
  pending: NonNullable<Route.ComponentProps["loaderData"]["view"]>["pending"];
  busy: boolean;
}) {
  const { work } = held;
  // Only a publication or an undo is ever held (a preview needs no confirmation).
  if (work.kind === "vista-previa") return null;
  return (
    <section
      aria-labelledby="confirmar-publicacion"
      data-held-work
      className="flex flex-col gap-3 rounded-xl border-2 border-ink bg-white p-4 sm:p-6"
    >
      <h2 id="confirmar-publicacion" className="text-xl font-semibold">
        {work.kind === "publicar" ? copy.held.publishHeading : copy.held.undoHeading(work.version)}
      </h2>
      {work.kind === "publicar" &&
        (pending.length === 0 ? <p>{copy.nothingPending}</p> : <SiteChanges changes={pending} />)}
      <div className="flex flex-wrap gap-3">
        <Form method="post">
          <input type="hidden" name="continuar" value={held.token} />
          {work.kind === "deshacer" && <input type="hidden" name="version" value={work.version} />}
          <button
            type="submit"
            name="intent"
            value={work.kind}
            disabled={busy || (work.kind === "publicar" && pending.length === 0)}
            className={`${buttonStyles.primary} disabled:cursor-not-allowed disabled:opacity-60`}
          >
            {work.kind === "publicar"
              ? copy.held.publish
              : work.version === 0
                ? copy.restoreInstalled
                : copy.restore(work.version)}
          </button>
        </Form>
        <a href={inboxPaths.site} className={buttonStyles.secondary}>
          {copy.held.cancel}
        </a>
      </div>
    </section>
  );
}
