import { data, redirect } from "react-router";

import type { Route } from "./+types/site-photos";
import { buttonStyles } from "../../components/button-styles.ts";
import { sitePhotos as copy } from "../../content/es/inbox-photos.ts";
import { EditorNotice, EditorUnavailable, RefusalAlert } from "../../features/inbox/editor-notices.tsx";
import { requireHost } from "../../features/inbox/host.ts";
import { InboxField } from "../../features/inbox/inbox-field.tsx";
import type { SitePhotoSlotView } from "../../features/inbox/inbox-service.ts";
import { inboxMeta } from "../../features/inbox/meta.ts";
import { inboxPaths } from "../../features/inbox/paths.ts";

export const meta: Route.MetaFunction = ({ matches }) => inboxMeta(copy.heading, matches);

/** The anchor of a slot's card ("foto-tower-alvear-tower"). */
const anchorOf = (key: string) => `foto-${key.replace("/", "-")}`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { inbox } = requireHost(context);
  const query = new URL(request.url).searchParams;
  return {
    view: (await inbox.sitePhotos?.view()) ?? null,
    saved: query.get("guardada") ?? undefined,
    reverted: query.get("dibujo") ?? undefined,
  };
}

/**
 * An upload (multipart, read as it streams by the photo editor, never whole)
 * or «Volver al dibujo generado». Both make drafts; publishing is /bandeja/sitio's,
 * behind the fresh second factor.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { inbox } = requireHost(context);
  const photos = inbox.sitePhotos;
  if (!photos)
    return { ok: false as const, slot: undefined, message: copy.unavailable, alt: { es: "", en: "" } };
  const type = request.headers.get("content-type");
  if (type?.toLowerCase().startsWith("multipart/form-data")) {
    const outcome = await photos.upload(request.body, type);
    // Refused (too big, cut, stalled, not a photo): the page with its message, under a status that says so.
    if (!outcome.ok) return data(outcome, { status: outcome.stalled ? 408 : 400 });
    return redirect(
      `${inboxPaths.sitePhotos}?guardada=${encodeURIComponent(outcome.slot)}#${anchorOf(outcome.slot)}`,
    );
  }
  const form = await request.formData();
  const slot = String(form.get("slot") ?? "");
  if (form.get("intent") === "dibujo" && (await photos.backToArtwork(slot)))
    return redirect(`${inboxPaths.sitePhotos}?dibujo=${encodeURIComponent(slot)}#${anchorOf(slot)}`);
  return { ok: false as const, slot: undefined, message: "Acción desconocida.", alt: { es: "", en: "" } };
}

export default function SitePhotosPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, saved, reverted } = loaderData;
  if (!view) return <EditorUnavailable heading={copy.heading} text={copy.unavailable} />;
  const refusal = actionData && !actionData.ok ? actionData : undefined;
  const labelOf = (key: string | undefined) => view.slots.find((slot) => slot.key === key)?.label;
  const artworkLeft = view.slots.filter((slot) => !slot.published.photo).length;
  const hint = copy.fileHint(view.formats, view.maxMegabytes, view.minSize, view.heic);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <p>
          <a href={inboxPaths.site} className="underline">
            {copy.backToSite}
          </a>
        </p>
        <h1 className="font-display text-3xl font-semibold md:text-4xl">{copy.heading}</h1>
        <p className="max-w-3xl text-ink-muted">{copy.lead}</p>
        <p className="max-w-3xl">
          {copy.artworkLeft(artworkLeft, view.slots.length)} {copy.publishWhere}{" "}
          <a href={`${inboxPaths.site}#para-publicar`} className="underline">
            {copy.publishLink}
          </a>
        </p>
        {saved && labelOf(saved) && <EditorNotice>{copy.saved(labelOf(saved)!)}</EditorNotice>}
        {reverted && labelOf(reverted) && <EditorNotice>{copy.reverted(labelOf(reverted)!)}</EditorNotice>}
        {refusal && !refusal.slot && (
          <RefusalAlert answer={actionData} className="rounded-xl border-2 border-red-700 bg-white p-4">
            <p>{refusal.message}</p>
          </RefusalAlert>
        )}
      </div>

      <ul className="grid items-start gap-4 lg:grid-cols-2">
        {view.slots.map((slot) => (
          <SlotCard
            key={slot.key}
            slot={slot}
            accept={view.accept}
            hint={hint}
            refusal={refusal?.slot === slot.key ? refusal : undefined}
          />
        ))}
      </ul>
    </div>
  );
}

function SlotCard({
  slot,
  accept,
  hint,
  refusal,
}: {
  slot: SitePhotoSlotView;
  accept: string;
  hint: string;
  refusal: { message: string; alt: { es: string; en: string } } | undefined;
}) {
  const anchor = anchorOf(slot.key);
  const shown = slot.draft ?? slot.published;
  return (
    <li id={anchor} className="flex scroll-mt-24 flex-col gap-3 rounded-xl border border-line bg-white p-4">
      <h2 id={`${anchor}-titulo`} className="text-lg font-semibold">
        {slot.label}
      </h2>
      <div className="grid grid-cols-2 gap-3">
        <Thumbnail image={slot.published} caption={copy.now} />
        {slot.draft && <Thumbnail image={slot.draft} caption={copy.draft} />}
      </div>
      <p className="text-sm">
        <a href={slot.pagePath} className="underline">
          {copy.seePage}
          <span className="sr-only">{`: ${slot.label}`}</span>
        </a>
      </p>
      {refusal && (
        <RefusalAlert answer={refusal} className="rounded-lg border-2 border-red-700 p-3">
          <p className="font-semibold">{copy.refusedHeading}</p>
          <p>{refusal.message}</p>
        </RefusalAlert>
      )}
      <details open={refusal !== undefined} className="rounded-lg border border-line p-3">
        <summary className="cursor-pointer font-semibold">
          {copy.change}
          <span className="sr-only">{`: ${slot.label}`}</span>
        </summary>
        <form method="post" encType="multipart/form-data" className="mt-3 flex flex-col gap-4">
          {/* The texts travel before the file: a refused file still brings them back. */}
          <input type="hidden" name="slot" value={slot.key} />
          <InboxField
            label={copy.altEs}
            hint={copy.altEsHint}
            name="alt_es"
            required
            maxLength={200}
            defaultValue={refusal?.alt.es ?? shown.alt?.es ?? ""}
          />
          <InboxField
            label={copy.altEn}
            hint={copy.altEnHint}
            name="alt_en"
            lang="en"
            maxLength={200}
            defaultValue={refusal?.alt.en ?? shown.alt?.en ?? ""}
          />
          <InboxField
            label={copy.file}
            hint={hint}
            name="foto"
            type="file"
            accept={accept}
            required={!shown.photo}
            className="[&_input]:min-h-0"
          />
          <div>
            <button type="submit" className={buttonStyles.primary}>
              {copy.upload}
            </button>
          </div>
        </form>
        {shown.photo && (
          <form method="post" className="mt-3">
            <input type="hidden" name="slot" value={slot.key} />
            <button type="submit" name="intent" value="dibujo" className={buttonStyles.secondary}>
              {copy.revert}
            </button>
          </form>
        )}
      </details>
    </li>
  );
}

function Thumbnail({ image, caption }: { image: SitePhotoSlotView["published"]; caption: string }) {
  return (
    <figure className="flex flex-col gap-1">
      <img
        src={image.src}
        alt={image.alt?.es ?? ""}
        width={320}
        height={200}
        loading="lazy"
        className="aspect-[16/10] w-full rounded-md bg-sand-50 object-cover"
      />
      <figcaption className="text-sm text-ink-muted">
        {caption}: {image.photo ? copy.photo : copy.artwork}
      </figcaption>
    </figure>
  );
}
