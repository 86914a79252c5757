import { useEffect, useRef } from "react";
import { Form, redirect } from "react-router";

import type { Route } from "./+types/site-tower";
import { buttonStyles } from "../../components/button-styles.ts";
import { towerEditor as copy, siteEditor } from "../../content/es/inbox.ts";
import { requireHost } from "../../features/inbox/host.ts";
import type { TowerAccessView, TowerAction } from "../../features/inbox/inbox-service.ts";
import { EditorNotice } from "../../features/inbox/editor-notices.tsx";
import { InboxField } from "../../features/inbox/inbox-field.tsx";
import { inboxMeta } from "../../features/inbox/meta.ts";
import { inboxPaths } from "../../features/inbox/paths.ts";
import { SourceText } from "../../features/inbox/source-text.tsx";
import { towerStatuses } from "../../content/tower-edits.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  inboxMeta(loaderData?.tower?.name ?? copy.heading, matches);

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { inbox } = requireHost(context);
  if (!inbox.site) return { tower: null, saved: false };
  const tower = await inbox.site.tower(params.slug);
  if (!tower) throw new Response(copy.notFound, { status: 404 });
  const query = new URL(request.url).searchParams;
  const confirmed = query.get("confirmada");
  const confirmedName = confirmed ? (await inbox.site.tower(confirmed))?.name : undefined;
  return { tower, saved: query.has("guardado"), confirmedName };
}

/** The form's intent as one owner action; anything else is refused. */
function actionOf(form: FormData): TowerAction | undefined {
  const intent = String(form.get("intent") ?? "");
  const fact = String(form.get("fact") ?? "");
  switch (intent) {
    case "confirmar":
      // From a fact's own form, with what its field holds then.
      return { kind: "confirmar", fact, ...(form.has("value") ? { value: String(form.get("value")) } : {}) };
    case "confirmar-todo":
      return { kind: "confirmar-todo" };
    case "corregir":
      return { kind: "corregir", fact, value: String(form.get("value") ?? "") };
    case "en-construccion":
      return { kind: "estado", underConstruction: true };
    case "terminado":
      return { kind: "estado", underConstruction: false };
    case "retirar":
      return { kind: "retirar" };
    case "restituir":
      return { kind: "restituir" };
    case "acceso":
      return { kind: "acceso", values: accessValues(form) };
    default:
      return undefined;
  }
}

/** The building's access fields as typed (`acceso-…`), kept to show again when refused. */
function accessValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of form.entries())
    if (name.startsWith("acceso-") && typeof value === "string") values[name] = value;
  return values;
}

/** Confirms, corrects, marks the works' state, retires or restores: each a draft, published with the rest. */
export async function action({ params, request, context }: Route.ActionArgs) {
  const { inbox } = requireHost(context);
  if (!inbox.site) return { message: siteEditor.unavailable, problems: {}, fact: "", value: "" };
  const form = await request.formData();
  const action = actionOf(form);
  if (!action) return { message: "Acción desconocida.", problems: {}, fact: "", value: "" };
  if (action.kind === "acceso") {
    const outcome = await inbox.site.editTower(params.slug, action);
    if (outcome.ok) return redirect(`${inboxPaths.siteTower(params.slug)}?guardado=1#acceso`);
    return {
      message: outcome.message,
      problems: outcome.problems,
      fact: "",
      value: "",
      access: action.values,
    };
  }
  const outcome = await inbox.site.editTower(params.slug, action);
  if (outcome.ok && action.kind === "confirmar-todo") {
    // One tap per tower: on to the next tower with facts to confirm, or back to the list when none is left.
    const next = (await inbox.site.towers()).find(
      (tower) => tower.confirmable > 0 && tower.state !== "retirada" && tower.slug !== params.slug,
    );
    const done = `confirmada=${encodeURIComponent(params.slug)}`;
    return redirect(next ? `${inboxPaths.siteTower(next.slug)}?${done}` : `${inboxPaths.siteTowers}?${done}`);
  }
  const anchor = action.kind === "confirmar" || action.kind === "corregir" ? `#${action.fact}` : "";
  if (outcome.ok) return redirect(`${inboxPaths.siteTower(params.slug)}?guardado=1${anchor}`);
  return {
    message: outcome.message,
    problems: outcome.problems,
    fact: action.kind === "corregir" || action.kind === "confirmar" ? action.fact : "",
    value: action.kind === "corregir" || action.kind === "confirmar" ? (action.value ?? "") : "",
  };
}

export default function SiteTowerPage({ loaderData, actionData }: Route.ComponentProps) {
  const { tower, saved, confirmedName } = loaderData;
  const facts = useRef<HTMLDivElement>(null);
  // A refused correction: the focus goes to the field to correct, its reason read with it.
  useEffect(() => {
    facts.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
  }, [actionData]);
  if (!tower) return <p>{siteEditor.unavailable}</p>;
  const problems: Record<string, string> = actionData?.problems ?? {};
  // What «confirmar todo» confirms: an empty address or amenities wait for a value.
  const pending = tower.facts.filter(
    (fact) => !fact.confirmed && !((fact.fact === "direccion" || fact.fact === "amenities") && !fact.value),
  );
  return (
    <div ref={facts} className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <p>
          <a href={inboxPaths.siteTowers} className="underline">
            {copy.backToList}
          </a>
        </p>
        <h1 className="font-display text-3xl font-semibold break-words md:text-4xl">{tower.name}</h1>
        <p className="text-ink-muted">
          {[
            copy.pending(tower.facts.filter((fact) => !fact.confirmed).length),
            copy.states[tower.state],
            tower.underConstruction ? copy.underConstruction : "",
            tower.draft ? copy.draft : "",
          ]
            .filter(Boolean)
            .join(" · ")}
        </p>
        {saved && !actionData && <EditorNotice>{copy.saved}</EditorNotice>}
        {confirmedName && !actionData && <EditorNotice>{copy.confirmedAll(confirmedName)}</EditorNotice>}
        {actionData?.message && (
          <p role="alert" className="rounded-xl border-2 border-red-700 bg-white p-4">
            {[actionData.message, problems.torre].filter(Boolean).join(" ")}
          </p>
        )}
        <p className="max-w-3xl text-sm text-ink-muted">{copy.correctHint}</p>
        {pending.length > 0 && (
          <Form method="post" className="flex flex-col gap-2">
            <p className="max-w-3xl text-sm">{copy.confirmAllLead}</p>
            <div>
              <button type="submit" name="intent" value="confirmar-todo" className={buttonStyles.primary}>
                {copy.confirmAll(pending.length)}
              </button>
            </div>
          </Form>
        )}
      </div>

      <ul className="grid gap-4 md:grid-cols-2">
        {/* The facts to confirm first: they are what the owner came for. */}
        {[
          ...tower.facts.filter((fact) => !fact.confirmed),
          ...tower.facts.filter((fact) => fact.confirmed),
        ].map((fact) => (
          <li
            key={fact.fact}
            id={fact.fact}
            className="flex min-w-0 scroll-mt-24 flex-col gap-3 rounded-xl border border-line bg-white p-4"
          >
            <h2 className="text-lg font-semibold">
              {fact.label}{" "}
              <span
                className={
                  !fact.confirmed
                    ? "text-sm text-red-800"
                    : fact.value
                      ? "text-sm text-water"
                      : "text-sm text-ink-muted"
                }
              >
                {!fact.confirmed ? copy.toConfirm : fact.value ? copy.confirmed : copy.unknown}
              </span>
            </h2>
            {(fact.value || !fact.confirmed) && (
              <p className="text-sm wrap-anywhere text-ink-muted">
                {copy.source} <SourceText text={fact.source} />
              </p>
            )}
            {fact.editable ? (
              <Form method="post" className="flex flex-col gap-3">
                <input type="hidden" name="fact" value={fact.fact} />
                {fact.fact === "status" ? (
                  <StatusChoice
                    value={actionData?.fact === fact.fact ? actionData.value : fact.value}
                    error={problems[fact.fact]}
                  />
                ) : (
                  <InboxField
                    label={`${fact.label} (valor)`}
                    hint={fact.hint}
                    name="value"
                    maxLength={300}
                    defaultValue={actionData?.fact === fact.fact ? actionData.value : fact.value}
                    error={problems[fact.fact]}
                  />
                )}
                <div className="flex flex-wrap gap-3">
                  <button type="submit" name="intent" value="corregir" className={buttonStyles.secondary}>
                    {copy.correct}
                  </button>
                  {!fact.confirmed && (
                    <button type="submit" name="intent" value="confirmar" className={buttonStyles.primary}>
                      {copy.confirm(fact.label)}
                    </button>
                  )}
                </div>
              </Form>
            ) : (
              <>
                <p className="wrap-anywhere">{fact.value || "—"}</p>
                {!fact.confirmed && (
                  <Form method="post">
                    <input type="hidden" name="fact" value={fact.fact} />
                    <button type="submit" name="intent" value="confirmar" className={buttonStyles.primary}>
                      {copy.confirm(fact.label)}
                    </button>
                  </Form>
                )}
              </>
            )}
          </li>
        ))}
      </ul>

      <AccessForm
        access={tower.access}
        typed={actionData && "access" in actionData ? actionData.access : undefined}
        problems={problems}
      />

      <OneAction
        id="obra"
        heading={copy.statusHeading}
        intent={tower.underConstruction ? "terminado" : "en-construccion"}
        label={tower.underConstruction ? copy.markFinished : copy.markUnderConstruction}
      />
      <OneAction
        id="retirar"
        heading={copy.retireHeading}
        lead={copy.retireLead}
        intent={tower.state === "retirada" ? "restituir" : "retirar"}
        label={tower.state === "retirada" ? copy.restore : copy.retire}
      />
    </div>
  );
}

/** A section of the page that is one action on the whole tower: its heading, what it does, its button. */
function OneAction(props: { id: string; heading: string; lead?: string; intent: string; label: string }) {
  return (
    <section aria-labelledby={props.id} className="flex flex-col gap-3">
      <h2 id={props.id} className="text-xl font-semibold">
        {props.heading}
      </h2>
      {props.lead && <p className="max-w-3xl text-sm text-ink-muted">{props.lead}</p>}
      <Form method="post">
        <button type="submit" name="intent" value={props.intent} className={buttonStyles.secondary}>
          {props.label}
        </button>
      </Form>
    </section>
  );
}

/**
 * The building's access (decision 0044): one form, saved as a draft with the tower's other
 * facts. A refused save shows what was typed again, each reason beside its field.
 */
function AccessForm(props: {
  access: TowerAccessView[];
  typed: Record<string, string> | undefined;
  problems: Record<string, string>;
}) {
  return (
    <section aria-labelledby="acceso" className="flex flex-col gap-3">
      <h2 id="acceso" className="scroll-mt-24 text-xl font-semibold">
        {copy.accessHeading}
      </h2>
      <p className="max-w-3xl text-sm text-ink-muted">{copy.accessLead}</p>
      {/* Keyed by what is stored: once saved, the fields show the value as read («9-13» → «09:00-13:00»). */}
      <Form
        key={props.access.map((entry) => entry.value).join("\n")}
        method="post"
        className="flex max-w-xl flex-col gap-4"
      >
        {props.access.map((entry) => {
          const value = props.typed ? (props.typed[entry.input] ?? "") : entry.value;
          const error = props.problems[entry.field];
          return entry.input === "acceso-dni" ? (
            <GuestListChoice key={entry.input} entry={entry} value={value} error={error} />
          ) : (
            <InboxField
              key={entry.input}
              label={entry.label}
              hint={entry.hint}
              name={entry.input}
              type={entry.input === "acceso-telefono" ? "tel" : "text"}
              maxLength={entry.input === "acceso-estacionamiento" ? 200 : 40}
              defaultValue={value}
              error={error}
            />
          );
        })}
        <div>
          <button type="submit" name="intent" value="acceso" className={buttonStyles.secondary}>
            {copy.accessSave}
          </button>
        </div>
      </Form>
    </section>
  );
}

/** Whether the guard asks for names and DNI: yes, no, or not known. */
function GuestListChoice({ entry, value, error }: { entry: TowerAccessView; value: string; error?: string }) {
  return (
    <ChoiceField
      id="acceso-dni"
      name="acceso-dni"
      label={entry.label}
      value={value}
      error={error}
      options={[
        ["", copy.accessGuestList.unknown],
        ["si", copy.accessGuestList.yes],
        ["no", copy.accessGuestList.no],
      ]}
    />
  );
}

/** The works' state as a choice of the catalogue's two, in the owner's words. */
function StatusChoice({ value, error }: { value: string; error?: string }) {
  return (
    <ChoiceField
      id="estado-valor"
      name="value"
      label={copy.statusLabel}
      value={value || "terminado"}
      error={error}
      options={towerStatuses.map((status) => [
        status,
        status === "terminado" ? copy.statusFinished : copy.statusBuilding,
      ])}
    />
  );
}

/** A labelled choice with its error under it, named for the screen reader. */
function ChoiceField({
  id,
  name,
  label,
  value,
  error,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  /** Each option's value and its words. */
  options: readonly (readonly [string, string])[];
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="min-h-11 w-full rounded-md border border-ink-muted bg-white px-3 py-2 text-base text-ink"
      >
        {options.map(([optionValue, words]) => (
          <option key={optionValue} value={optionValue}>
            {words}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
