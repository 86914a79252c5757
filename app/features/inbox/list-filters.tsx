import { Form, Link } from "react-router";

import { list as copy, statusLabels } from "../../content/es/inbox.ts";
import { InboxField } from "./inbox-field.tsx";
import type { LeadQuery, LeadStatus } from "./inbox-service.ts";
import { isFiltered, isNarrowed } from "./query.ts";
import { inboxRoot } from "./paths.ts";

const selectClass =
  "min-h-11 w-full rounded-md border border-ink-muted bg-white px-3 py-2 text-base text-ink focus-visible:border-water";

/** Search, form and status: a GET form, so every filtered view has its own address. */
export function ListFilters({
  query,
  forms,
}: {
  query: LeadQuery;
  forms: readonly { id: string; title: string }[];
}) {
  return (
    <Form
      method="get"
      role="search"
      aria-label={copy.filters.legend}
      className="rounded-xl border border-line bg-white p-4"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <InboxField
          label={copy.filters.search}
          hint={copy.filters.searchHint}
          name="q"
          type="search"
          defaultValue={query.search}
          // Keyed so that a new address resets what the field shows.
          key={query.search ?? ""}
          className="grow"
        />
        <button
          type="submit"
          className="inline-flex min-h-11 cursor-pointer items-center justify-center rounded-md bg-ink px-5 font-semibold text-white hover:bg-water sm:mt-7"
        >
          {copy.filters.apply}
        </button>
        {isFiltered(query) && (
          <Link to={inboxRoot} className="inline-flex min-h-11 items-center text-water sm:mt-7">
            {copy.filters.clear}
          </Link>
        )}
      </div>
      <details open={isNarrowed(query)} className="mt-3">
        <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-water">
          {copy.filters.more}
        </summary>
        <div className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:items-end">
          <Select label={copy.filters.form} name="formulario" value={query.formId ?? ""}>
            <option value="">{copy.filters.anyForm}</option>
            {forms.map((form) => (
              <option key={form.id} value={form.id}>
                {form.title}
              </option>
            ))}
          </Select>
          <Select label={copy.filters.status} name="estado" value={query.status ?? ""}>
            <option value="">{copy.filters.anyStatus}</option>
            {(Object.keys(statusLabels) as LeadStatus[]).map((status) => (
              <option key={status} value={status}>
                {statusLabels[status]}
              </option>
            ))}
          </Select>
          <div className="flex flex-col">
            <Checkbox label={copy.filters.toCallBack} name="llamar" checked={query.toCallBack} />
            <Checkbox label={copy.filters.thisWeek} name="semana" checked={query.thisWeek} />
          </div>
        </div>
      </details>
    </Form>
  );
}

/** A yes/no filter: sent as `name=1` when ticked, absent otherwise. */
function Checkbox({ label, name, checked = false }: { label: string; name: string; checked?: boolean }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3">
      <input
        type="checkbox"
        name={name}
        value="1"
        defaultChecked={checked}
        // Keyed so that a new address resets what the box shows.
        key={String(checked)}
        className="size-5 accent-water"
      />
      {label}
    </label>
  );
}

function Select({
  label,
  name,
  value,
  children,
}: {
  label: string;
  name: string;
  value: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`filtro-${name}`} className="text-sm font-medium text-ink">
        {label}
      </label>
      <select id={`filtro-${name}`} name={name} defaultValue={value} key={value} className={selectClass}>
        {children}
      </select>
    </div>
  );
}
