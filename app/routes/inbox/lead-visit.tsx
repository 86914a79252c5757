import { data, Form, Link } from "react-router";

import type { Route } from "./+types/lead-visit";
import { buttonStyles } from "../../components/button-styles.ts";
import { afterVisit as afterCopy, proposeVisit as copy } from "../../content/es/inbox-visits.ts";
import { inboxMeta } from "../../features/inbox/meta.ts";
import { inboxPaths, leadPath } from "../../features/inbox/paths.ts";
import { AfterVisitActions } from "../../features/visits/after-visit.tsx";
import {
  afterVisitIntents,
  requireVisits,
  type AfterVisitIntent,
  type OfferMade,
} from "../../features/visits/agenda-service.ts";

export const meta: Route.MetaFunction = ({ matches }) => inboxMeta(copy.heading, matches);

export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await requireVisits(context).forLead(params.id);
  return data(
    {
      view: view ?? null,
      made: undefined as OfferMade | undefined,
      problem: undefined as string | undefined,
      marked: undefined as AfterVisitIntent | undefined,
    },
    { status: view ? 200 : 404 },
  );
}

/** «Visita hecha», «No vino», «Reprogramada», «Informe entregado» (decision 0043). */
async function afterVisit(
  params: Route.ActionArgs["params"],
  context: Route.ActionArgs["context"],
  form: FormData,
) {
  const visits = requireVisits(context);
  const intent = String(form.get("intent")) as AfterVisitIntent;
  const outcome = await visits.afterVisit(params.id, String(form.get("visita") ?? ""), intent);
  const view = (await visits.forLead(params.id)) ?? null;
  if (outcome === "marked") return { view, made: undefined, problem: undefined, marked: intent };
  return data(
    {
      view,
      made: undefined,
      problem: outcome === "not-started" ? afterCopy.notStarted : afterCopy.closed,
      marked: undefined,
    },
    { status: outcome === "not-started" ? 422 : 409 },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const visits = requireVisits(context);
  const form = await request.formData();
  if (afterVisitIntents.includes(form.get("intent") as AfterVisitIntent))
    return afterVisit(params, context, form);
  const windows = [1, 2, 3]
    .map((row) => ({
      date: String(form.get(`fecha-${row}`) ?? ""),
      start: String(form.get(`hora-${row}`) ?? ""),
      minutes: Number(form.get(`minutos-${row}`) ?? 0),
    }))
    .filter((window) => window.date && window.start);
  const result = await visits.propose(params.id, windows);
  const view = await visits.forLead(params.id);
  if ("problem" in result)
    return data(
      { view: view ?? null, made: undefined, problem: result.problem, marked: undefined },
      { status: 422 },
    );
  return { view: view ?? null, made: result, problem: undefined, marked: undefined };
}

const field = "min-h-11 rounded-md border border-line bg-white px-3 py-2 text-base text-ink";

export default function LeadVisit({ params, loaderData, actionData }: Route.ComponentProps) {
  const { view, made, problem, marked } = actionData ?? loaderData;
  if (!view) return <h1 className="font-display text-3xl font-semibold">{copy.notFound}</h1>;
  return (
    <div className="flex flex-col gap-6">
      <Link to={leadPath(params.id)} className="self-start text-water">
        ← {view.leadName}
      </Link>
      <header className="flex flex-col gap-2">
        <h1 className="font-display text-3xl font-semibold md:text-4xl">{copy.heading}</h1>
        <p className="max-w-3xl text-ink-muted">
          {copy.lead(view.lang === "en" ? copy.english : copy.spanish)}{" "}
          <Link to={inboxPaths.agenda} className="text-water underline">
            {copy.agendaLink}
          </Link>
        </p>
      </header>
      {made ? (
        <section
          aria-labelledby="oferta-lista"
          className="flex flex-col gap-3 rounded-xl border-2 border-water bg-white p-4"
        >
          <h2 id="oferta-lista" className="text-xl font-semibold">
            {copy.ready}
          </h2>
          <ul className="list-disc pl-5">
            {made.windows.map((window) => (
              <li key={window}>{window}</li>
            ))}
          </ul>
          {made.whatsappUrl ? (
            <p>
              <a
                href={made.whatsappUrl}
                rel="noopener noreferrer"
                target="_blank"
                className={buttonStyles.whatsapp}
              >
                {copy.sendWhatsApp}
              </a>
            </p>
          ) : null}
          <p className="text-ink-muted">{copy.mailed[made.emailed]}</p>
          <p className="text-sm break-all">
            {copy.link}:{" "}
            <a href={made.link} className="underline">
              {made.link}
            </a>
          </p>
        </section>
      ) : null}
      {marked ? (
        <p role="status" className="rounded-md border border-water p-3 font-semibold">
          {afterCopy.marked[marked]}
        </p>
      ) : null}
      {problem ? (
        <p role="alert" className="rounded-md border border-red-800 p-3 font-semibold text-red-800">
          {problem}
        </p>
      ) : null}
      {view.offers.length > 0 ? (
        <section aria-labelledby="ofertas" className="rounded-xl border border-line bg-white p-4">
          <h2 id="ofertas" className="text-xl font-semibold">
            {copy.offers}
          </h2>
          <ul className="mt-2 flex flex-col gap-3">
            {view.offers.map((offer) => (
              <li key={offer.createdAtText + offer.windows.join()}>
                <p className="font-semibold">
                  {offer.stateText} · {copy.sent} {offer.createdAtText} · {copy.expires} {offer.expiresAtText}
                </p>
                <p className="text-ink-muted">{offer.visitText ?? offer.windows.join(" · ")}</p>
                {offer.visit ? <AfterVisitActions visit={offer.visit} name={view.leadName} /> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Form
        method="post"
        className="flex max-w-2xl flex-col gap-4 rounded-xl border border-line bg-white p-4"
      >
        {[1, 2, 3].map((row) => (
          <fieldset key={row} className="flex flex-wrap items-end gap-3">
            <legend className="mb-1 font-semibold">{copy.window(row)}</legend>
            <label className="flex flex-col gap-1 text-sm">
              {copy.date}
              <input type="date" name={`fecha-${row}`} required={row === 1} className={field} />
            </label>
            <label className="flex flex-col gap-1 text-sm">
              {copy.start}
              <input type="time" name={`hora-${row}`} required={row === 1} className={field} />
            </label>
            <label className="flex flex-col gap-1 text-sm">
              {copy.minutes}
              <input
                type="number"
                name={`minutos-${row}`}
                min={15}
                max={480}
                step={15}
                defaultValue={view.durationMinutes}
                className={`${field} w-24`}
              />
            </label>
          </fieldset>
        ))}
        <p>
          <button type="submit" className={buttonStyles.primary}>
            {copy.submit}
          </button>
        </p>
      </Form>
      {view.offeredElsewhere.length > 0 ? (
        <section aria-labelledby="ya-ofrecidos" className="rounded-xl border border-line bg-white p-4">
          <h2 id="ya-ofrecidos" className="text-xl font-semibold">
            {copy.offeredElsewhere}
          </h2>
          <ul className="mt-2 list-disc pl-5">
            {view.offeredElsewhere.map((window) => (
              <li key={window}>{window}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
