import { Form, redirect } from "react-router";

import type { Route } from "./+types/site-towers";
import { buttonStyles } from "../../components/button-styles.ts";
import { towerEditor as copy, siteEditor } from "../../content/es/inbox.ts";
import { editableTowerFacts, towerFactLabels, towerStatuses } from "../../content/tower-edits.ts";
import { requireHost } from "../../features/inbox/host.ts";
import { InboxField } from "../../features/inbox/inbox-field.tsx";
import { inboxMeta } from "../../features/inbox/meta.ts";
import { inboxPaths } from "../../features/inbox/paths.ts";

export const meta: Route.MetaFunction = ({ matches }) => inboxMeta(copy.heading, matches);

export async function loader({ context }: Route.LoaderArgs) {
  const { inbox } = requireHost(context);
  return { towers: (await inbox.site?.towers()) ?? null };
}

/** Adds a tower as a draft; its page appears in both languages when published. */
export async function action({ request, context }: Route.ActionArgs) {
  const { inbox } = requireHost(context);
  if (!inbox.site) return { message: siteEditor.unavailable, problems: {}, values: {} };
  const form = await request.formData();
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
  const { towers } = loaderData;
  const problems: Record<string, string> = actionData?.problems ?? {};
  const typed: Record<string, string> = actionData?.values ?? {};
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
        {actionData?.message && (
          <p role="alert" className="rounded-xl border-2 border-red-700 bg-white p-4">
            {actionData.message}
          </p>
        )}
      </div>

      {towers && (
        <ul className="grid gap-3 md:grid-cols-2">
          {towers.map((tower) => (
            <li key={tower.slug} className="rounded-xl border border-line bg-white p-4">
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
            </li>
          ))}
        </ul>
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
          <Form method="post" className="flex flex-col gap-5">
            <div className="grid gap-5 md:grid-cols-2">
              <InboxField
                label={copy.name}
                name="nombre"
                required
                maxLength={120}
                defaultValue={typed.nombre ?? ""}
                error={problems.nombre}
              />
              <InboxField
                label={copy.slug}
                hint={copy.slugHint}
                name="slug"
                required
                maxLength={80}
                defaultValue={typed.slug ?? ""}
                error={problems.slug}
              />
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
