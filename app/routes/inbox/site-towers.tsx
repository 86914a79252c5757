import { useEffect, useRef, useState } from "react";
import { Form, redirect, useLocation } from "react-router";

import type { Route } from "./+types/site-towers";
import { buttonStyles } from "../../components/button-styles.ts";
import { towerEditor as copy, siteEditor } from "../../content/es/inbox.ts";
import {
  editableTowerFacts,
  suggestedSlug,
  towerFactLabels,
  towerStatuses,
} from "../../content/tower-edits.ts";
import { maxTowerSlugLength } from "../../content/tower-checks.ts";
import { requireHost } from "../../features/inbox/host.ts";
import { EditorNotice } from "../../features/inbox/editor-notices.tsx";
import { InboxField } from "../../features/inbox/inbox-field.tsx";
import { inboxMeta } from "../../features/inbox/meta.ts";
import { inboxPaths } from "../../features/inbox/paths.ts";

export const meta: Route.MetaFunction = ({ matches }) => inboxMeta(copy.heading, matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { inbox } = requireHost(context);
  const query = new URL(request.url).searchParams;
  const confirmed = query.get("confirmada");
  const towers = (await inbox.site?.towers()) ?? null;
  return {
    towers,
    confirmedName: towers?.find((tower) => tower.slug === confirmed)?.name,
    confirmedCount: Number(query.get("confirmadas")) || undefined,
  };
}

/**
 * Adds a tower as a draft (its page appears in both languages when
 * published), or confirms every fact of the towers the owner marked as reviewed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { inbox } = requireHost(context);
  if (!inbox.site) return { message: siteEditor.unavailable, problems: {}, values: {} };
  const form = await request.formData();
  if (form.get("intent") === "confirmar-revisadas") {
    const reviewed = [...new Set(form.getAll("revisada").map(String))];
    if (reviewed.length === 0) return { message: copy.noneReviewed, problems: {}, values: {} };
    for (const slug of reviewed) {
      const outcome = await inbox.site.editTower(slug, { kind: "confirmar-todo" });
      if (!outcome.ok) return { message: outcome.message, problems: {}, values: {} };
    }
    return redirect(`${inboxPaths.siteTowers}?confirmadas=${reviewed.length}`);
  }
  const values = Object.fromEntries([...form.entries()].map(([name, value]) => [name, String(value)]));
  const outcome = await inbox.site.editTower("", { kind: "agregar", values });
  if (outcome.ok) return redirect(`${inboxPaths.siteTower(outcome.slug)}?guardado=1`);
  return { message: outcome.message, problems: outcome.problems, values };
}

/** The facts a new tower is added with: the required ones first. */
const addedFacts = [
  "dock",
  "status",
  "direccion",
  "year",
  "floors",
  "amenities",
] as const satisfies readonly (typeof editableTowerFacts)[number][];

export default function SiteTowersPage({ loaderData, actionData }: Route.ComponentProps) {
  const { towers, confirmedName, confirmedCount } = loaderData;
  const problems: Record<string, string> = actionData?.problems ?? {};
  const typed: Record<string, string> = actionData?.values ?? {};
  const addForm = useRef<HTMLFormElement>(null);
  // Each arrival (the redirect after confirming included) starts the list with no tower ticked;
  // a refusal keeps the owner's ticks, since it does not navigate.
  const { key: arrival } = useLocation();
  // A refused tower: the focus goes to the first field to correct, its reason read with it.
  useEffect(() => {
    addForm.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [actionData]);
  const toReview = towers?.filter((tower) => tower.confirmable > 0 && tower.state !== "retirada") ?? [];
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <p>
          <a href={inboxPaths.site} className="underline">
            {copy.back}
          </a>
        </p>
        <h1 className="font-display text-3xl font-semibold md:text-4xl">{copy.heading}</h1>
        <p className="max-w-3xl text-ink-muted">{towers ? copy.lead : siteEditor.unavailable}</p>
        {towers && (
          <p className="font-semibold">
            {copy.summary(
              towers.filter((tower) => tower.state !== "retirada").length,
              towers.reduce((sum, tower) => sum + (tower.state === "retirada" ? 0 : tower.pending), 0),
            )}
          </p>
        )}
        {confirmedName && !actionData && <EditorNotice>{copy.confirmedAll(confirmedName)}</EditorNotice>}
        {confirmedCount && !actionData && (
          <EditorNotice>{copy.confirmedReviewed(confirmedCount)}</EditorNotice>
        )}
        {actionData?.message && (
          <p role="alert" className="rounded-xl border-2 border-red-700 bg-white p-4">
            {actionData.message}
          </p>
        )}
      </div>

      {towers && (
        <Form key={arrival} method="post" className="flex flex-col gap-4">
          <input type="hidden" name="intent" value="confirmar-revisadas" />
          <ul className="grid gap-3 md:grid-cols-2">
            {towers.map((tower) => (
              <li key={tower.slug} className="flex flex-col gap-1 rounded-xl border border-line bg-white p-4">
                <a href={inboxPaths.siteTower(tower.slug)} className="font-semibold underline">
                  {tower.name}
                </a>
                <p className="text-sm">
                  <span className={tower.pending > 0 ? "font-semibold text-red-800" : "text-ink-muted"}>
                    {copy.pending(tower.pending)}
                  </span>
                  {[
                    copy.states[tower.state],
                    tower.underConstruction ? copy.underConstruction : "",
                    tower.draft ? copy.draft : "",
                  ]
                    .filter(Boolean)
                    .map((note) => (
                      <span key={note} className="text-ink-muted">{` · ${note}`}</span>
                    ))}
                </p>
                {tower.pending > 0 && tower.state !== "retirada" && (
                  <label className="flex min-h-11 items-center gap-2">
                    <input
                      type="checkbox"
                      name="revisada"
                      value={tower.slug}
                      className="size-5 accent-water"
                    />
                    {copy.reviewed}
                    <span className="sr-only">{`: ${tower.name}`}</span>
                  </label>
                )}
              </li>
            ))}
          </ul>
          {toReview.length > 0 && (
            <div className="flex flex-col gap-2">
              <p className="max-w-3xl text-sm text-ink-muted">{copy.confirmReviewedLead}</p>
              <div>
                <button type="submit" className={buttonStyles.primary}>
                  {copy.confirmReviewed}
                </button>
              </div>
            </div>
          )}
        </Form>
      )}

      {towers && (
        <section
          aria-labelledby="agregar"
          className="flex flex-col gap-4 rounded-xl border border-line bg-white p-4 sm:p-6"
        >
          <h2 id="agregar" className="text-xl font-semibold">
            {copy.addHeading}
          </h2>
          <p className="max-w-3xl text-sm text-ink-muted">{copy.addLead}</p>
          <Form method="post" ref={addForm} className="flex flex-col gap-5">
            <div className="grid gap-5 md:grid-cols-2">
              <NameAndSlug typed={typed} problems={problems} />
              {addedFacts.map((fact) =>
                fact === "status" ? (
                  <StatusSelect key={fact} value={typed.status} error={problems.status} />
                ) : (
                  <InboxField
                    key={fact}
                    label={towerFactLabels[fact].label}
                    hint={towerFactLabels[fact].hint}
                    name={fact}
                    required={fact === "dock"}
                    inputMode={fact === "dock" ? "numeric" : undefined}
                    maxLength={300}
                    defaultValue={typed[fact] ?? ""}
                    error={problems[fact]}
                  />
                ),
              )}
            </div>
            {problems.torre && <p className="font-semibold text-red-800">{problems.torre}</p>}
            <input type="hidden" name="intent" value="agregar" />
            <div>
              <button type="submit" className={buttonStyles.primary}>
                {copy.add}
              </button>
            </div>
          </Form>
        </section>
      )}
    </div>
  );
}

function StatusSelect({ value, error }: { value?: string; error?: string }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="estado-nueva" className="text-sm font-medium text-ink">
        {towerFactLabels.status.label}
      </label>
      <select
        id="estado-nueva"
        name="status"
        defaultValue={value ?? "terminado"}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "estado-nueva-error" : undefined}
        className="min-h-11 w-full rounded-md border border-ink-muted bg-white px-3 py-2 text-base text-ink"
      >
        {towerStatuses.map((status) => (
          <option key={status} value={status}>
            {status === "terminado" ? copy.statusFinished : copy.statusBuilding}
          </option>
        ))}
      </select>
      {error && (
        <p id="estado-nueva-error" className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}

/**
 * The new tower's name and its page's address: the address follows the name
 * as it is typed (an editable suggestion) until the owner writes one of their
 * own; without scripts it is left empty and made from the name when saved.
 */
function NameAndSlug({
  typed,
  problems,
}: {
  typed: Record<string, string>;
  problems: Record<string, string>;
}) {
  const [name, setName] = useState(typed.nombre ?? "");
  const [slug, setSlug] = useState(typed.slug ?? "");
  const [ownSlug, setOwnSlug] = useState(Boolean(typed.slug));
  return (
    <>
      <InboxField
        label={copy.name}
        name="nombre"
        required
        maxLength={120}
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          if (!ownSlug) setSlug(suggestedSlug(event.target.value));
        }}
        error={problems.nombre}
      />
      <InboxField
        label={copy.slug}
        hint={copy.slugHint}
        name="slug"
        maxLength={maxTowerSlugLength}
        value={slug}
        onChange={(event) => {
          setSlug(event.target.value);
          setOwnSlug(event.target.value !== "");
        }}
        error={problems.slug}
      />
    </>
  );
}
