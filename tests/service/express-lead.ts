import type { LeadValues } from "../../app/features/leads/forms/types.ts";
import { expressForm } from "../../app/features/leads/markup/site-forms.ts";
import { contactOf } from "../../server/leads/forms.ts";
import type { NewLead } from "../../server/storage/store.ts";

/** A lead of the express form as the endpoint would store it: `values` are its answers. */
export function expressLead(values: LeadValues, overrides: Partial<NewLead> = {}): NewLead {
  return {
    receivedAt: new Date(),
    formId: "express",
    page: "/",
    values,
    handoff: "tab-opened",
    clientAddress: "127.0.0.9",
    userAgent: null,
    spam: false,
    contact: contactOf(expressForm, values),
    notify: [],
    ...overrides,
  };
}

/**
 * Express leads from different people, numbered: the n-th is `${name} n` at `${street} n`, with
 * the phone `${phone} 000n` and the e-mail `${email}n@example.com`, so a restore can be checked
 * lead by lead. Another name may be given for one lead (an intruder's).
 */
export function numberedExpressLeads(person: { name: string; street: string; phone: string; email: string }) {
  let count = 0;
  return (name = person.name): NewLead => {
    const n = ++count;
    return expressLead({
      tipoPropiedad: "Departamento",
      direccion: `${person.street} ${n}`,
      superficie: "70",
      ambientes: "2 ambientes",
      nombre: `${name} ${n}`,
      telefono: `${person.phone} ${String(n).padStart(4, "0")}`,
      email: `${person.email}${n}@example.com`,
    });
  };
}
