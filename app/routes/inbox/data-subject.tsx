import { Form, Link, redirect } from "react-router";

import type { Route } from "./+types/data-subject";
import { buttonStyles } from "../../components/button-styles.ts";
import { dataSubject as copy } from "../../content/es/inbox.ts";
import { requireHost } from "../../features/inbox/host.ts";
import { InboxField } from "../../features/inbox/inbox-field.tsx";
import { inboxMeta } from "../../features/inbox/meta.ts";
import { LeadCard } from "../../features/inbox/lead-card.tsx";
import { contactOf } from "../../features/inbox/query.ts";
import { exportAddress, requireConfirmation } from "../../features/inbox/fresh-confirmation.server.ts";
import { inboxPaths } from "../../features/inbox/paths.ts";

export const meta: Route.MetaFunction = ({ matches }) => inboxMeta(copy.heading, matches);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { inbox } = requireHost(context);
  const url = new URL(request.url);
  const contact = (url.searchParams.get("contacto") ?? "").trim().slice(0, 320);
  const leads = contact ? await inbox.findByContact(contactOf(contact)) : [];
  const confirming = url.searchParams.has("eliminar") && leads.length > 0;
  // Deleting needs the fresh confirmation: asked before the question, so the owner comes back to it.
  if (confirming) await requireConfirmation(request, context, "datos");
  return {
    contact,
    leads,
    confirming,
    exportAddress: await exportAddress(
      request,
      context,
      `${inboxPaths.export}?${new URLSearchParams({ contacto: contact })}`,
    ),
    deleted: Number(url.searchParams.get("eliminadas") ?? "0") || 0,
    retentionMonths: inbox.retentionMonths,
  };
}

/** Deletes the leads the owner saw and confirmed, and only those that still belong to this contact. */
export async function action({ request, context }: Route.ActionArgs) {
  await requireConfirmation(request, context, "datos");
  const { inbox } = requireHost(context);
  const form = await request.formData();
  const contact = String(form.get("contacto") ?? "").trim();
  const confirmed = new Set(form.getAll("id").map(String));
  const belonging = (await inbox.findByContact(contactOf(contact))).map((lead) => lead.id);
  const deleted = await inbox.remove(belonging.filter((id) => confirmed.has(id)));
  return redirect(
    `${inboxPaths.dataSubject}?${new URLSearchParams({ contacto: contact, eliminadas: String(deleted) })}`,
  );
}

export default function DataSubject({ loaderData }: Route.ComponentProps) {
  const { contact, leads, confirming, deleted, retentionMonths, exportAddress } = loaderData;
  const contactQuery = new URLSearchParams({ contacto: contact }).toString();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="font-display text-3xl font-semibold md:text-4xl">{copy.heading}</h1>
      <p className="max-w-3xl text-ink-muted">{copy.lead}</p>
      <Form
        method="get"
        role="search"
        aria-label={copy.search}
        className="flex flex-col gap-4 rounded-xl border border-line bg-white p-4 sm:flex-row sm:items-start"
      >
        <InboxField
          label={copy.search}
          hint={copy.searchHint}
          name="contacto"
          type="search"
          required
          defaultValue={contact}
          key={contact}
          className="grow"
        />
        <button type="submit" className={`${buttonStyles.primary} sm:mt-7`}>
          {copy.find}
        </button>
      </Form>
      {deleted > 0 && <p role="status">{copy.deleted(deleted, contact)}</p>}
      {contact && (
        <section aria-labelledby="resultado" className="flex flex-col gap-4">
          <h2 id="resultado" className="text-xl font-semibold">
            {copy.found(leads.length, contact)}
          </h2>
          {leads.length > 0 && (
            <div className="flex flex-wrap gap-3">
              <a
                href={exportAddress.href}
                download={exportAddress.download}
                className={buttonStyles.secondary}
              >
                {copy.export}
              </a>
              {!confirming && (
                <Link to={`?${contactQuery}&eliminar=1`} className={`${buttonStyles.secondary} text-red-700`}>
                  {copy.delete}
                </Link>
              )}
            </div>
          )}
          {confirming && (
            <div
              role="group"
              aria-labelledby="confirmar"
              className="rounded-xl border-2 border-red-700 bg-white p-4 sm:p-6"
            >
              <h3 id="confirmar" className="text-lg font-semibold">
                {copy.confirm.title(leads.length, contact)}
              </h3>
              <p className="mt-2 text-ink-muted">{copy.confirm.text}</p>
              <Form method="post" className="mt-4 flex flex-wrap gap-3">
                <input type="hidden" name="contacto" value={contact} />
                {leads.map((lead) => (
                  <input key={lead.id} type="hidden" name="id" value={lead.id} />
                ))}
                <button
                  type="submit"
                  className="inline-flex min-h-11 cursor-pointer items-center rounded-md bg-red-700 px-5 font-semibold text-white"
                >
                  {copy.confirm.confirm}
                </button>
                <Link to={`?${contactQuery}`} className={buttonStyles.secondary}>
                  {copy.confirm.cancel}
                </Link>
              </Form>
            </div>
          )}
          <ol className="flex flex-col gap-4">
            {leads.map((lead) => (
              <li key={lead.id}>
                <LeadCard lead={lead} />
              </li>
            ))}
          </ol>
        </section>
      )}
      <p className="text-sm text-ink-muted">{copy.retention(retentionMonths)}</p>
    </div>
  );
}
