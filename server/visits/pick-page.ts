import { buttonStyles } from "#app/components/button-styles.ts";
import { escapeHtml } from "../leads/pages.ts";
import { buenosAires } from "./agenda.ts";
import { visitorTimePath } from "./visitor-time.ts";
import { buildingLines, type BuildingAccess } from "./building-access.ts";
import { visitAddress } from "./invitation.ts";
import { visitWords } from "./visit-words.ts";
import {
  notesLimit,
  openers,
  type OfferView,
  type Opener,
  type VisitAccess,
  type VisitProperty,
} from "./visit-desk.ts";
import type { VisitWindow } from "./visit-desk.ts";

export type VisitLang = "es" | "en";

/**
 * The visit's facts as the owner's papers name them (Spanish): the day's e-mail, the person's
 * data export. The property's parts and who opens are the client's own words above.
 */
export const visitFactLabels = {
  when: "Cuándo (hora de Buenos Aires)",
  where: visitWords.es.where,
  tower: visitWords.es.tower,
  floor: visitWords.es.floor,
  unit: visitWords.es.unit,
  street: "Dirección",
  opener: "Abre",
  guestList: "Autorizar en la guardia",
  parking: "Cochera",
  occupied: "Habitada",
  notes: "Notas",
  yes: "sí",
  no: "no",
} as const;

const windowFormats = {
  es: new Intl.DateTimeFormat("es-AR", {
    timeZone: buenosAires,
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }),
  en: new Intl.DateTimeFormat("en-GB", {
    timeZone: buenosAires,
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }),
};
const clockFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: buenosAires,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "jueves, 10 de diciembre, 10:00 a 11:00": the same text whatever the server's own zone. */
export function windowText(lang: VisitLang, window: VisitWindow): string {
  const start = windowFormats[lang].format(new Date(window.startsAt));
  const end = clockFormat.format(new Date(window.endsAt));
  return `${start} ${lang === "es" ? "a" : "to"} ${end}`;
}

type PageParts = { lang: VisitLang; siteName: string; stylesheets: readonly string[]; whatsappUrl: string };

function page(parts: PageParts, title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="${parts.lang === "es" ? "es-AR" : "en"}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)} | ${escapeHtml(parts.siteName)}</title>
${parts.stylesheets.join("\n")}
<script type="module" src="${visitorTimePath}"></script>
</head>
<body>
<main class="container-page py-10 md:py-16">
<h1 class="font-display text-3xl leading-tight font-semibold md:text-4xl">${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

const control = "min-h-11 w-full rounded-md border border-line bg-white px-3 py-2 text-base text-ink";
const labelClass = "text-sm font-medium text-ink";

/** The window each radio offers, its Buenos Aires text and the instant in a <time> for machines. */
function windowChoices(lang: VisitLang, windows: VisitWindow[], name: string, checked?: string): string {
  return windows
    .map(
      (window, index) =>
        `<label class="flex min-h-11 items-center gap-3 rounded-md border border-line px-3 py-2"><input type="radio" name="${name}" value="${escapeHtml(window.startsAt)}" required class="size-5"${window.startsAt === checked || (!checked && index === 0) ? " checked" : ""}> <span><time datetime="${escapeHtml(window.startsAt)}" data-hasta="${escapeHtml(window.endsAt)}">${escapeHtml(windowText(lang, window))}</time> <span class="text-ink-muted">(${visitWords[lang].buenosAiresTime})</span></span></label>`,
    )
    .join("\n");
}

export type PickFormState = {
  property: VisitProperty;
  access: VisitAccess;
  problem?: string;
  /** The published building the property's tower names, with what it asks (decision 0044). */
  building?: BuildingAccess | undefined;
};

/** The building's rules as a list under its heading; nothing when no building is known. */
function buildingBlock(lang: VisitLang, building: BuildingAccess | undefined, withPhone: boolean): string {
  const lines = buildingLines(lang, building, { withPhone });
  if (lines.length === 0) return "";
  return `<section aria-labelledby="edificio" class="flex flex-col gap-2 rounded-md border border-line bg-white p-4"><h2 id="edificio" class="text-lg font-semibold">${escapeHtml(visitWords[lang].building.heading)}: ${escapeHtml(building!.name)}</h2><ul class="flex list-disc flex-col gap-1 pl-5">${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")}</ul></section>`;
}

/** The pick form: the windows still free, the property (tower prefilled from the lead) and the access. */
export function pickPage(
  parts: PageParts,
  view: Pick<OfferView, "free">,
  form: PickFormState,
  taken = false,
): string {
  const words = visitWords[parts.lang];
  const { property, access, building } = form;
  const guestsRequired = building?.access.guestListRequired === true;
  const text = (name: string, label: string, value: string, max = 120, autocomplete = "off") =>
    `<div class="flex flex-col gap-1.5"><label for="${name}" class="${labelClass}">${escapeHtml(label)}</label><input id="${name}" name="${name}" type="text" maxlength="${max}" autocomplete="${autocomplete}" value="${escapeHtml(value)}" class="${control}"></div>`;
  const check = (name: string, label: string, on: boolean) =>
    `<label class="flex min-h-11 items-center gap-3"><input type="checkbox" name="${name}" value="si" class="size-5"${on ? " checked" : ""}> ${escapeHtml(label)}</label>`;
  const takenNote = taken
    ? `<p role="alert" class="mt-6 rounded-md border border-red-800 p-4 text-lg font-semibold text-red-800">${escapeHtml(words.taken)}. ${escapeHtml(view.free.length > 0 ? words.takenLeft : words.noneLeft)}</p>`
    : `<p class="mt-4 max-w-xl text-lg leading-relaxed text-ink-muted">${escapeHtml(words.pickIntro)}</p>`;
  const problem = form.problem
    ? `<p role="alert" class="mt-4 font-medium text-red-800">${escapeHtml(form.problem)}</p>`
    : "";
  if (view.free.length === 0)
    return page(
      parts,
      words.pickTitle,
      `${takenNote}<p class="mt-8"><a href="${escapeHtml(parts.whatsappUrl)}" rel="noopener noreferrer" class="${buttonStyles.whatsapp}">${escapeHtml(words.whatsapp)}</a></p>`,
    );
  return page(
    parts,
    words.pickTitle,
    `${takenNote}${problem}
<form method="post" class="mt-8 flex max-w-xl flex-col gap-8">
<input type="hidden" name="accion" value="elegir">
<fieldset class="flex flex-col gap-3"><legend class="${labelClass} mb-2">${escapeHtml(words.windows)}</legend>
${windowChoices(parts.lang, view.free, "ventana")}
</fieldset>
<fieldset class="flex flex-col gap-4"><legend class="font-display mb-2 text-xl font-semibold">${escapeHtml(words.property)}</legend>
${text("torre", words.tower, property.tower)}
<div class="grid grid-cols-2 gap-4">${text("piso", words.floor, property.floor, 10)}${text("unidad", words.unit, property.unit, 10)}</div>
${text("calle", words.street, property.street, 200, "street-address")}
</fieldset>
<fieldset class="flex flex-col gap-4"><legend class="font-display mb-2 text-xl font-semibold">${escapeHtml(words.access)}</legend>
${buildingBlock(parts.lang, building, false)}
<div class="flex flex-col gap-1.5"><label for="abre" class="${labelClass}">${escapeHtml(words.opener)}</label><select id="abre" name="abre" class="${control}">${openers.map((opener) => `<option value="${opener}"${opener === access.opener ? " selected" : ""}>${escapeHtml(words.openers[opener])}</option>`).join("")}</select></div>
<div class="flex flex-col gap-1.5"><label for="autorizados" class="${labelClass}">${escapeHtml(guestsRequired ? visitWords[parts.lang].building.guestListLabel : words.guestList)}</label><textarea id="autorizados" name="autorizados" rows="3" maxlength="500"${guestsRequired ? " required" : ""} class="${control}">${escapeHtml(access.guestList)}</textarea></div>
${check("cochera", words.parking, access.parking)}
${check("ocupada", words.occupied, access.occupied)}
<div class="flex flex-col gap-1.5"><label for="notas" class="${labelClass}">${escapeHtml(words.notes(notesLimit))}</label><textarea id="notas" name="notas" rows="3" maxlength="${notesLimit}" class="${control}">${escapeHtml(access.notes)}</textarea></div>
</fieldset>
<p><button type="submit" class="${buttonStyles.primary}">${escapeHtml(words.confirm)}</button></p>
</form>`,
  );
}

/** The confirmed visit: when, where, and «Reprogramar»/«Cancelar» until the notice, WhatsApp after. */
export function confirmedPage(parts: PageParts, view: OfferView, building?: BuildingAccess): string {
  const words = visitWords[parts.lang];
  const visit = view.visit!;
  const where = visitAddress(parts.lang, visit.property as VisitProperty);
  const others = view.free.filter((window) => window.startsAt !== visit.startsAt);
  const changes = view.changeable
    ? `${
        others.length > 0
          ? `<form method="post" class="mt-8 flex flex-col gap-3"><input type="hidden" name="accion" value="reprogramar"><fieldset class="flex flex-col gap-3"><legend class="${labelClass} mb-2">${escapeHtml(words.rescheduleTo)}</legend>${windowChoices(parts.lang, others, "ventana")}</fieldset><p><button type="submit" class="${buttonStyles.primary}">${escapeHtml(words.reschedule)}</button></p></form>`
          : ""
      }<form method="post" class="mt-6"><input type="hidden" name="accion" value="cancelar"><button type="submit" class="min-h-11 rounded-md border border-ink px-5 py-2 font-semibold text-ink">${escapeHtml(words.cancel)}</button></form>`
    : `<p class="mt-6 text-lg text-ink-muted">${escapeHtml(words.tooLate)}</p>`;
  return page(
    parts,
    words.confirmedTitle,
    `<dl class="mt-6 flex max-w-xl flex-col gap-4 text-lg">
<div><dt class="font-semibold">${escapeHtml(words.when)}</dt><dd><time datetime="${escapeHtml(visit.startsAt)}" data-hasta="${escapeHtml(visit.endsAt)}">${escapeHtml(windowText(parts.lang, visit))}</time> (${escapeHtml(words.buenosAiresTime)})</dd></div>
<div><dt class="font-semibold">${escapeHtml(words.where)}</dt><dd>${escapeHtml(where)}</dd></div>
</dl>
${building ? `<div class="mt-6 max-w-xl">${buildingBlock(parts.lang, building, true)}</div>` : ""}
${changes}
<p class="mt-8"><a href="${escapeHtml(parts.whatsappUrl)}" rel="noopener noreferrer" class="${buttonStyles.whatsapp}">${escapeHtml(words.whatsapp)}</a></p>`,
  );
}

/** A link that no longer works (410) or never did (404). */
export function endedPage(parts: PageParts, kind: "ended" | "not-found"): string {
  const words = visitWords[parts.lang];
  return page(
    parts,
    kind === "ended" ? words.endedTitle : words.notFoundTitle,
    `<p class="mt-6 max-w-xl text-lg leading-relaxed text-ink-muted">${escapeHtml(kind === "ended" ? words.ended : words.notFound)}</p>
<p class="mt-8"><a href="${escapeHtml(parts.whatsappUrl)}" rel="noopener noreferrer" class="${buttonStyles.whatsapp}">${escapeHtml(words.whatsapp)}</a></p>`,
  );
}

/** The answers of a posted pick form, checked; the property needs a tower with floor and unit, or a street. */
export function readPickForm(
  lang: VisitLang,
  form: URLSearchParams,
  buildingOf: (tower: string) => BuildingAccess | undefined = () => undefined,
): PickFormState {
  const field = (name: string, max: number) => (form.get(name) ?? "").trim().slice(0, max);
  const opener = form.get("abre") as Opener;
  const state: PickFormState = {
    property: {
      tower: field("torre", 120),
      floor: field("piso", 10),
      unit: field("unidad", 10),
      street: field("calle", 200),
    },
    access: {
      opener: openers.includes(opener) ? opener : "owner",
      guestList: field("autorizados", 500),
      parking: form.get("cochera") === "si",
      occupied: form.get("ocupada") === "si",
      notes: (form.get("notas") ?? "").trim(),
    },
  };
  const { property, access } = state;
  const building = property.tower ? buildingOf(property.tower) : undefined;
  if (building) state.building = building;
  if (access.notes.length > notesLimit) return { ...state, problem: visitWords[lang].notes(notesLimit) };
  if (!property.street && !(property.tower && property.floor && property.unit))
    return { ...state, problem: visitWords[lang].unitNeeded };
  // The building's guard lets in only the names it was given: without them the visit ends at the lobby.
  if (building?.access.guestListRequired && !access.guestList.trim())
    return { ...state, problem: visitWords[lang].building.guestListMissing };
  return state;
}
