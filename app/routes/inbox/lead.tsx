import { data, Form, Link, redirect } from "react-router";

import type { Route } from "./+types/lead";
import { buttonStyles } from "../../components/button-styles.ts";
import { lead as copy } from "../../content/es/inbox.ts";
import { afterVisit as afterCopy } from "../../content/es/inbox-visits.ts";
import { ContactLinks } from "../../features/inbox/contact-links.tsx";
import { requireHost } from "../../features/inbox/host.ts";
import { inboxMeta } from "../../features/inbox/meta.ts";
import { requireConfirmation } from "../../features/inbox/fresh-confirmation.server.ts";
import { changeStatus } from "../../features/inbox/status-action.server.ts";
import { StatusActions } from "../../features/inbox/status-actions.tsx";
import { StatusBadge } from "../../features/inbox/status-badge.tsx";
import { inboxRoot, leadPath, leadVisitPath } from "../../features/inbox/paths.ts";
import { visitsContext } from "../../features/visits/agenda-service.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  inboxMeta(loaderData?.lead?.name ?? copy.noName, matches);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const lead = await requireHost(context).inbox.lead(params.id);
  const confirmingDelete = new URL(request.url).searchParams.has("eliminar");
  // Deleting needs the fresh confirmation: asked before the question, so the owner comes back to it.
  if (confirmingDelete && lead) await requireConfirmation(request, context, "datos");
  // The newest offer's state, so the lead's page tells where the visit stands (decision 0039).
  const visits = context.get(visitsContext);
  const latest = lead && visits ? (await visits.forLead(params.id))?.offers[0] : undefined;
  const report = latest?.visit?.report;
  const visit = latest
    ? [latest.stateText, latest.visitText, report && afterCopy.report(report)].filter(Boolean).join(" · ")
    : null;
  return data({ lead: lead ?? null, confirmingDelete, visit }, { status: lead ? 200 : 404 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { inbox } = requireHost(context);
  const form = await request.formData();
  if (form.get("intent") === "delete") {
    await requireConfirmation(request, context, "datos");
    const deleted = await inbox.remove([params.id]);
    return redirect(`${inboxRoot}?eliminadas=${deleted}`);
  }
  return changeStatus(form, inbox);
}

export default function LeadView({ loaderData }: Route.ComponentProps) {
  const { lead, confirmingDelete, visit } = loaderData;
  if (!lead) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="font-display text-3xl font-semibold">{copy.notFound}</h1>
        <Link to={inboxRoot} className="text-water">
          {copy.back}
        </Link>
      </div>
    );
  }
  const name = lead.name ?? copy.noName;
  return (
    <article aria-labelledby="consulta" className="flex flex-col gap-6">
      <Link to={inboxRoot} className="self-start text-water">
        ← {copy.back}
      </Link>
      <header className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1
            id="consulta"
            className="font-display text-3xl leading-tight font-semibold break-words md:text-4xl"
          >
            {name}
          </h1>
          <StatusBadge status={lead.status} />
        </div>
        <p className="text-ink-muted">
          <span className="font-semibold text-ink">{lead.formTitle}</span> · {copy.received}{" "}
          <time dateTime={lead.receivedAt}>{lead.receivedAtText}</time>
        </p>
        <ContactLinks name={lead.name} phone={lead.phone} email={lead.email} />
        <StatusActions id={lead.id} status={lead.status} name={name} />
        {visit ? (
          <p>
            <span className="font-semibold">{copy.visit}:</span> {visit}
          </p>
        ) : null}
        <Link to={leadVisitPath(lead.id)} className={`${buttonStyles.primary} self-start`}>
          {visit ? copy.seeVisit : copy.proposeVisit}
        </Link>
      </header>

      <section aria-labelledby="respuestas" className="rounded-xl border border-line bg-white p-4 sm:p-6">
        <h2 id="respuestas" className="text-xl font-semibold">
          {copy.answers}
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-4 sm:grid-cols-[minmax(10rem,1fr)_3fr]">
          {lead.answers.map((answer) => (
            <div key={answer.label} className="contents">
              <dt className="font-semibold">{answer.label}</dt>
              <dd className="whitespace-pre-wrap break-words text-ink">{answer.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="envio" className="rounded-xl border border-line bg-white p-4 sm:p-6">
        <h2 id="envio" className="text-xl font-semibold">
          {copy.details}
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(10rem,1fr)_3fr]">
          <dt className="font-semibold">{copy.handoff}</dt>
          <dd>{lead.handoffText}</dd>
          <dt className="font-semibold">{copy.page}</dt>
          <dd className="break-all">{lead.page ?? "—"}</dd>
          <dt className="font-semibold">{copy.notification}</dt>
          <dd>{copy.notificationLabels[lead.notification]}</dd>
          <dt className="font-semibold">{copy.userAgent}</dt>
          <dd className="break-all text-ink-muted">{lead.userAgent ?? "—"}</dd>
        </dl>
      </section>

      <section aria-labelledby="origen" className="rounded-xl border border-line bg-white p-4 sm:p-6">
        <h2 id="origen" className="text-xl font-semibold">
          {copy.origin}
        </h2>
        <dl className="mt-4 grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[minmax(10rem,1fr)_3fr]">
          {lead.origin.map((fact) => (
            <div key={fact.label} className="contents">
              <dt className="font-semibold">{fact.label}</dt>
              <dd className="break-all">{fact.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      {confirmingDelete ? (
        <section
          aria-labelledby="confirmar-eliminacion"
          className="rounded-xl border-2 border-red-700 bg-white p-4 sm:p-6"
        >
          <h2 id="confirmar-eliminacion" className="text-xl font-semibold">
            {copy.confirmDelete.title}
          </h2>
          <p className="mt-2 text-ink-muted">{copy.confirmDelete.text}</p>
          <Form method="post" className="mt-4 flex flex-wrap gap-3">
            <input type="hidden" name="intent" value="delete" />
            <button
              type="submit"
              className="inline-flex min-h-11 cursor-pointer items-center rounded-md bg-red-700 px-5 font-semibold text-white"
            >
              {copy.confirmDelete.confirm}
            </button>
            <Link to={leadPath(lead.id)} className={buttonStyles.secondary}>
              {copy.confirmDelete.cancel}
            </Link>
          </Form>
        </section>
      ) : (
        <Link to="?eliminar=1" className="self-start text-red-700">
          {copy.delete}
        </Link>
      )}
    </article>
  );
}
