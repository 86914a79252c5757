import { data, Form } from "react-router";

import type { Route } from "./+types/agenda";
import { buttonStyles } from "../../components/button-styles.ts";
import { agenda as copy } from "../../content/es/inbox-visits.ts";
import { inboxMeta } from "../../features/inbox/meta.ts";
import { requireVisits } from "../../features/visits/agenda-service.ts";

export const meta: Route.MetaFunction = ({ matches }) => inboxMeta(copy.heading, matches);

export async function loader({ context }: Route.LoaderArgs) {
  return {
    agenda: await requireVisits(context).agenda(),
    saved: false,
    problem: undefined as string | undefined,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const visits = requireVisits(context);
  const form = Object.fromEntries(
    [...(await request.formData()).entries()].map(([name, value]) => [name, String(value)]),
  );
  const { problem } = await visits.saveAgenda(form);
  return data({ agenda: await visits.agenda(), saved: !problem, problem }, { status: problem ? 422 : 200 });
}

const field = "min-h-11 rounded-md border border-line bg-white px-3 py-2 text-base text-ink";

export default function Agenda({ loaderData, actionData }: Route.ComponentProps) {
  const { agenda, saved, problem } = actionData ?? loaderData;
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-semibold md:text-4xl">{copy.heading}</h1>
        <p className="max-w-3xl text-ink-muted">{copy.lead}</p>
      </header>
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
