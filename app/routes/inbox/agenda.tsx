import { data, Form, Link, useFetcher } from "react-router";

import type { Route } from "./+types/agenda";
import { buttonStyles } from "../../components/button-styles.ts";
import {
  calendarFeed as feedCopy,
  agenda as copy,
  afterVisit as afterCopy,
  reportsToDeliver as reportsCopy,
  whatsappReminders as remindCopy,
} from "../../content/es/inbox-visits.ts";
import { leadVisitPath } from "../../features/inbox/paths.ts";
import { requireConfirmation } from "../../features/inbox/fresh-confirmation.server.ts";
import { inboxMeta } from "../../features/inbox/meta.ts";
import { requireVisits } from "../../features/visits/agenda-service.ts";

export const meta: Route.MetaFunction = ({ matches }) => inboxMeta(copy.heading, matches);

async function pageData(context: Route.LoaderArgs["context"]) {
  const visits = requireVisits(context);
  const [agenda, reminders, feed, reports] = await Promise.all([
    visits.agenda(),
    visits.whatsappReminders(),
    visits.calendarFeed(),
    visits.reportsToDeliver(),
  ]);
  return {
    agenda,
    reminders,
    feed,
    reports,
    reportDelivered: false,
    saved: false,
    problem: undefined as string | undefined,
    newFeed: undefined as { httpsUrl: string; webcalUrl: string } | undefined,
    reminderSent: false,
  };
}

export async function loader({ context }: Route.LoaderArgs) {
  return pageData(context);
}

/**
 * Saves the availability; records a WhatsApp reminder as sent; or makes a new calendar address, which opens the owner's visits to whoever
 * holds it: that asks for the same fresh confirmation as the CSV of every lead (decision 0041).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const visits = requireVisits(context);
  const form = Object.fromEntries(
    [...(await request.formData()).entries()].map(([name, value]) => [name, String(value)]),
  );
  if (form.intent === "informe") {
    const outcome = await visits.afterVisit(form.consulta ?? "", form.visita ?? "", "informe");
    if (outcome === "marked") return { ...(await pageData(context)), reportDelivered: true };
    return data({ ...(await pageData(context)), problem: afterCopy.closed }, { status: 409 });
  }
  if (form.intent === "recordatorio") {
    const sent = await visits.sendWhatsAppReminder(form.id ?? "");
    if (sent) return { ...(await pageData(context)), reminderSent: true };
    return data({ ...(await pageData(context)), problem: remindCopy.alreadySent }, { status: 409 });
  }
  if (form.intent === "calendario") {
    await requireConfirmation(request, context, "datos");
    const newFeed = await visits.replaceCalendarFeed();
    return { ...(await pageData(context)), newFeed };
  }
  const { problem } = await visits.saveAgenda(form);
  return data({ ...(await pageData(context)), saved: !problem, problem }, { status: problem ? 422 : 200 });
}

const field = "min-h-11 rounded-md border border-line bg-white px-3 py-2 text-base text-ink";

export default function Agenda({ loaderData, actionData }: Route.ComponentProps) {
  const { agenda, reminders, feed, reports, newFeed, saved, problem, reminderSent, reportDelivered } =
    actionData ?? loaderData;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-semibold md:text-4xl">{copy.heading}</h1>
        <p className="max-w-3xl text-ink-muted">{copy.lead}</p>
      </header>
      {reminderSent ? (
        <p role="status" className="rounded-md border border-water p-3 font-semibold">
          {remindCopy.marked}
        </p>
      ) : null}
      {saved ? (
        <p role="status" className="rounded-md border border-water p-3 font-semibold">
          {copy.saved}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="rounded-md border border-red-800 p-3 font-semibold text-red-800">
          {problem}
        </p>
      ) : null}
      {reportDelivered ? (
        <p role="status" className="rounded-md border border-water p-3 font-semibold">
          {afterCopy.marked.informe}
        </p>
      ) : null}
      <section aria-labelledby="informes" className="flex max-w-2xl flex-col gap-3">
        <h2 id="informes" className="text-2xl font-semibold">
          {reportsCopy.heading}
        </h2>
        <p className="text-ink-muted">{reportsCopy.lead}</p>
        {reports.length === 0 ? (
          <p>{reportsCopy.none}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {reports.map((report) => (
              <li
                key={report.visitId}
                className={`flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4 ${report.state === "late" ? "border-2 border-red-800" : "border border-line"}`}
              >
                <div className="flex flex-col">
                  <p className={report.state === "late" ? "font-semibold text-red-800" : "font-semibold"}>
                    {report.state === "late" ? reportsCopy.late : reportsCopy.due} ·{" "}
                    {afterCopy.report(report)}
                  </p>
                  <p>
                    <Link to={leadVisitPath(report.leadId)} className="text-water underline">
                      {report.clientName}
                    </Link>{" "}
                    · {reportsCopy.visit} {report.visitText}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="informe" />
                  <input type="hidden" name="visita" value={report.visitId} />
                  <input type="hidden" name="consulta" value={report.leadId} />
                  <button
                    type="submit"
                    aria-label={`${reportsCopy.deliver}: ${report.clientName}`}
                    className={buttonStyles.primary}
                  >
                    {reportsCopy.deliver}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="recordatorios" className="flex max-w-2xl flex-col gap-3">
        <h2 id="recordatorios" className="text-2xl font-semibold">
          {remindCopy.heading}
        </h2>
        <p className="text-ink-muted">{remindCopy.lead}</p>
        {reminders.length === 0 ? (
          <p>{remindCopy.none}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {reminders.map((reminder) => (
              <li
                key={reminder.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-white p-4"
              >
                <p className="flex flex-col">
                  <span className="font-semibold">{reminder.clientName}</span>
                  <span>
                    {reminder.visitText} · {reminder.kindText}
                  </span>
                </p>
                <WhatsAppReminderActions id={reminder.id} whatsappUrl={reminder.whatsappUrl} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="calendario" className="flex max-w-2xl flex-col gap-3">
        <h2 id="calendario" className="text-2xl font-semibold">
          {feedCopy.heading}
        </h2>
        <p className="text-ink-muted">{feedCopy.lead}</p>
        {newFeed ? (
          <div role="status" className="flex flex-col gap-3 rounded-xl border border-water bg-white p-4">
            <p className="font-semibold">{feedCopy.ready}</p>
            <p>{feedCopy.readyNote}</p>
            <label className="flex flex-col gap-1.5 text-sm font-medium">
              {feedCopy.address}
              <input readOnly value={newFeed.httpsUrl} className={`${field} font-mono text-sm`} />
            </label>
            <p>
              <a href={newFeed.webcalUrl} className={buttonStyles.secondary}>
                {feedCopy.subscribeHere}
              </a>
            </p>
          </div>
        ) : (
          <p>{feed ? feedCopy.since(feed.createdAtText) : feedCopy.none}</p>
        )}
        <Form method="post" className="flex flex-col gap-2">
          <input type="hidden" name="intent" value="calendario" />
          <p className="text-sm text-ink-muted">{feedCopy.confirmNote}</p>
          <p>
            <button type="submit" className={feed ? buttonStyles.secondary : buttonStyles.primary}>
              {feed ? feedCopy.replace : feedCopy.create}
            </button>
          </p>
        </Form>
        <div className="grid gap-4 sm:grid-cols-2">
          {(
            [
              [feedCopy.iphone, feedCopy.iphoneSteps],
              [feedCopy.google, feedCopy.googleSteps],
            ] as const
          ).map(([title, steps]) => (
            <div key={title} className="rounded-xl border border-line bg-white p-4">
              <h3 className="font-semibold">{title}</h3>
              <ol className="mt-2 list-decimal space-y-1 pl-5">
                {steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </div>
          ))}
        </div>
      </section>
      <Form method="post" className="flex max-w-2xl flex-col gap-6">
        <fieldset className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4">
          <legend className="px-1 text-xl font-semibold">{copy.week}</legend>
          {agenda.days.map((day) => (
            <div key={day.weekday} className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <label className="flex min-h-11 w-full items-center gap-2 font-semibold sm:w-32">
                <input
                  type="checkbox"
                  name={`dia-${day.weekday}`}
                  value="si"
                  defaultChecked={day.on}
                  className="size-5"
                />
                {day.name}
              </label>
              <label className="flex items-center gap-2">
                <span className="sr-only">
                  {day.name}: {copy.opens}
                </span>
                <input type="time" name={`desde-${day.weekday}`} defaultValue={day.opens} className={field} />
              </label>
              <span aria-hidden="true">–</span>
              <label className="flex items-center gap-2">
                <span className="sr-only">
                  {day.name}: {copy.closes}
                </span>
                <input
                  type="time"
                  name={`hasta-${day.weekday}`}
                  defaultValue={day.closes}
                  className={field}
                />
              </label>
            </div>
          ))}
        </fieldset>
        <fieldset className="grid gap-4 rounded-xl border border-line bg-white p-4 sm:grid-cols-2">
          <legend className="px-1 text-xl font-semibold">{copy.rules}</legend>
          {(
            [
              ["buffer", copy.buffer, agenda.bufferMinutes],
              ["aviso", copy.notice, agenda.noticeHours],
              ["duracion", copy.duration, agenda.durationMinutes],
              ["vigencia", copy.offerHours, agenda.offerHours],
            ] as const
          ).map(([name, label, value]) => (
            <label key={name} className="flex flex-col gap-1.5 text-sm font-medium">
              {label}
              <input type="number" name={name} min={0} required defaultValue={value} className={field} />
            </label>
          ))}
        </fieldset>
        <label className="flex flex-col gap-1.5 rounded-xl border border-line bg-white p-4 text-sm font-medium">
          <span className="text-xl font-semibold">{copy.exceptions}</span>
          <span className="font-normal text-ink-muted">{copy.exceptionsHelp}</span>
          <textarea name="excepciones" rows={4} defaultValue={agenda.exceptions} className={field} />
        </label>
        <p>
          <button type="submit" className={buttonStyles.primary}>
            {copy.save}
          </button>
        </p>
      </Form>
    </div>
  );
}

/**
 * wa.me opens in a new tab with the message written; with scripts, that same tap records the
 * reminder as sent. Without them, «Ya lo envié» records it (a form cannot go on to wa.me: the
 * inbox's form-action allows only this origin).
 */
function WhatsAppReminderActions({ id, whatsappUrl }: { id: string; whatsappUrl: string }) {
  const fetcher = useFetcher();
  return (
    <div className="flex flex-wrap gap-2">
      <a
        href={whatsappUrl}
        target="_blank"
        rel="noopener noreferrer"
        className={buttonStyles.primary}
        onClick={() => void fetcher.submit({ intent: "recordatorio", id }, { method: "post" })}
      >
        {remindCopy.send}
      </a>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="recordatorio" />
        <input type="hidden" name="id" value={id} />
        <button type="submit" className={buttonStyles.secondary}>
          {remindCopy.markSent}
        </button>
      </fetcher.Form>
    </div>
  );
}
