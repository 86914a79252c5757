import { allFields, type FormDefinition } from "#app/features/leads/forms/types.ts";
import type {
  InboxService,
  LeadDetail,
  LeadQuery,
  LeadSummary,
  SiteEditor,
  SitePhotoEditor,
} from "#app/features/inbox/inbox-service.ts";
import { toCsv } from "#app/lib/csv.ts";
import { serviceFormIds, type ServiceForms } from "../leads/forms.ts";
import { answersOf, handoffText, originFacts } from "../leads/notify/answers.ts";
import {
  callBackHandoffs,
  unknownOrigin,
  type Lead,
  type LeadFilter,
  type Handles,
} from "../storage/store.ts";
import { reportsInThread, type ReportRunner } from "../insight/report-runner.ts";
import { towerRows } from "../insight/results.ts";
import { visitFunnelOf } from "../insight/visit-funnel.ts";
import type { FunnelCount } from "../storage/inspection-visits.ts";
import type { PublishedSite } from "../site/published-site.ts";
import { towerBySlug } from "#app/content/towers.ts";
import type { OwnerAuth } from "./owner-auth.ts";
import { relyingParties } from "./second-factor/relying-party.ts";
import { createSecondFactors, type SecondFactors } from "./second-factor/second-factors.ts";
import { backupGlance } from "./backup-glance.ts";
import { readServerFindings } from "./server-findings.ts";
import type { BackupStatus } from "../backup/backup-state.ts";
import { buenosAiresTime, dayText, startOfWeekInBuenosAires } from "#app/lib/buenos-aires-time.ts";

/**
 * The inbox's data, as the pages show it: leads from the store, labelled with
 * the forms' own definitions (the same labels as the e-mail notification),
 * times on Buenos Aires clocks. Implements the contract the app declares in
 * app/features/inbox/inbox-service.ts.
 */
export type InboxServiceOptions = {
  /** The leads; the results' and the second factors' rows when they are not given built. */
  store: Handles<"leads" | "visits" | "leadSums" | "secondFactors" | "owner" | "loginFailures">;
  auth: OwnerAuth;
  /** Without one (tests of the lead data alone), a second factor that answers only on localhost. */
  secondFactor?: SecondFactors;
  forms: ServiceForms;
  offPlanFormId: string;
  retentionMonths: number;
  /** Where /bandeja/resultados is computed: by default in this thread. */
  reports?: ReportRunner;
  /** The off-site copy, when LEADS_BACKUP_URL is set. */
  backup?: { status(): Promise<BackupStatus> };
  /** The data folder, where deploy/doctor.sh leaves its findings. */
  dataDir?: string;
  /** The site's editor (server/site/), where this server publishes the site. */
  site?: SiteEditor;
  /** The catalogue's photos (/bandeja/sitio/fotos), published by the site editor. */
  sitePhotos?: SitePhotoEditor;
  /**
   * The site published now: its name in the inbox's titles, the towers' names in the results
   * (without it, the catalogue's towers and no name).
   */
  published?: () => Pick<PublishedSite, "towerName" | "site">;
  /**
   * The visits' funnel of a range of leads (decision 0043), when the visits feature runs: its
   * tables are the feature's, so without it the results show no funnel.
   */
  visitFunnel?: (from: string, to: string) => Promise<FunnelCount[]>;
  now?: () => Date;
};

/** The origin's columns in the CSV (decision 0016), labelled as the lead's page shows them. */
const originLabels = originFacts(unknownOrigin).map((fact) => fact.label);

/** Most leads a live update adds at once (more than that, and the owner reloads). */
const liveUpdateLimit = 50;

/** When this process started: the doctor's «service stopped» seen before it no longer holds. */
const serviceStartedAt = new Date(performance.timeOrigin);

export function createInboxService(options: InboxServiceOptions): InboxService {
  const { store, auth, forms } = options;
  const now = options.now ?? (() => new Date());
  const reports = options.reports ?? reportsInThread(store);
  const formIds = serviceFormIds({ offPlanFormId: options.offPlanFormId });
  const definitionOf = (formId: string) => forms(formId)?.definition;
  const towerName = (slug: string) =>
    options.published ? options.published().towerName(slug) : towerBySlug(slug)?.nombre;

  function summary(lead: Lead): LeadSummary {
    return {
      id: lead.id,
      receivedAt: lead.receivedAt.toISOString(),
      receivedAtText: buenosAiresTime(lead.receivedAt),
      formId: lead.formId,
      formTitle: definitionOf(lead.formId)?.title ?? lead.formId,
      name: lead.contact.name,
      phone: lead.contact.phone,
      email: lead.contact.email,
      status: lead.status,
      handoff: lead.handoff,
      handoffText: handoffText[lead.handoff],
    };
  }

  function detail(lead: Lead): LeadDetail {
    const definition = definitionOf(lead.formId);
    const known = new Set(definition ? allFields(definition).map((field) => field.name) : []);
    // Fields the form no longer has (an older version of it) are shown too, by their name.
    const others = Object.entries(lead.values)
      .filter(([name]) => !known.has(name))
      .map(([name, value]) => ({ label: name, value: typeof value === "string" ? value : value.join(", ") }))
      .filter((answer) => answer.value.trim() !== "");
    return {
      ...summary(lead),
      answers: [...(definition ? answersOf(definition, lead.values) : []), ...others].map(
        ({ label, value }) => ({
          label,
          value,
        }),
      ),
      page: lead.page,
      origin: originFacts(lead.origin),
      userAgent: lead.userAgent,
      notification: lead.notification,
    };
  }

  async function csvOf(
    leads: AsyncIterable<Lead> | Iterable<Lead>,
    definitions: FormDefinition[],
  ): Promise<string> {
    // One column per answer label of the forms involved (contact fields have their own columns).
    const labels = [
      ...new Set(
        definitions.flatMap((definition) =>
          allFields(definition)
            .filter(
              (field) => field.type !== "tel" && field.type !== "email" && field.autoComplete !== "name",
            )
            .map((field) => field.label),
        ),
      ),
    ];
    const header = [
      "Recibido",
      "Formulario",
      "Estado",
      "WhatsApp",
      "Nombre",
      "Teléfono",
      "Email",
      "Página",
      ...originLabels,
      ...labels,
    ];
    const rows: string[][] = [];
    for await (const lead of leads) {
      const definition = definitionOf(lead.formId);
      const answers = new Map(
        definition ? answersOf(definition, lead.values).map((a) => [a.label, a.value]) : [],
      );
      rows.push([
        buenosAiresTime(lead.receivedAt),
        definition?.title ?? lead.formId,
        lead.status,
        handoffText[lead.handoff],
        lead.contact.name ?? "",
        lead.contact.phone ?? "",
        lead.contact.email ?? "",
        lead.page ?? "",
        ...originFacts(lead.origin).map((fact) => (fact.value === "—" ? "" : fact.value)),
        ...labels.map((label) => answers.get(label) ?? ""),
      ]);
    }
    return toCsv(header, rows);
  }

  function allDefinitions(): FormDefinition[] {
    return formIds.flatMap((id) => definitionOf(id) ?? []);
  }

  return {
    businessName: () => options.published?.().site.businessName ?? "",
    ownerEmail: () => auth.ownerEmail(),
    login: (attempt) => auth.login(attempt),
    checkSession: (token, check) => auth.checkSession(token, check),
    logout: (token) => auth.logout(token),
    secondFactor:
      options.secondFactor ??
      createSecondFactors({ store, auth, relyingPartyOf: relyingParties([]), issuer: () => "Bandeja", now }),

    forms: formIds.map((id) => ({ id, title: definitionOf(id)?.title ?? id })),
    retentionMonths: options.retentionMonths,
    backup: async () =>
      options.backup ? backupGlance(await options.backup.status(), now()) : { state: "off" },
    serverFindings: async () =>
      options.dataDir ? readServerFindings(options.dataDir, serviceStartedAt) : [],
    site: options.site,
    sitePhotos: options.sitePhotos,

    async list(query, page) {
      const { leads, total } = await store.leads.list(filterOf(query, now()), page);
      return { leads: leads.map(summary), total };
    },
    async receivedSince(query, since) {
      const after = new Date(since);
      if (Number.isNaN(after.getTime())) return [];
      const { leads } = await store.leads.list(
        { ...filterOf(query, now()), receivedAfter: after },
        { limit: liveUpdateLimit, offset: 0 },
      );
      return leads.map(summary);
    },
    counts: () => store.leads.counts(now()),
    async results(period) {
      const report = await reports.build(period, now());
      return {
        period,
        fromText: dayText(report.fromDay),
        toText: dayText(report.toDay),
        totals: report.totals,
        weeks: report.weeks,
        pages: report.pages,
        sources: report.sources,
        towers: towerRows(report.pages, towerName),
        waiting: report.waiting.map(summary),
        waitingTotal: report.waitingTotal,
        funnel: options.visitFunnel
          ? visitFunnelOf(await options.visitFunnel(report.fromAt, report.toAt), towerName)
          : null,
      };
    },
    async lead(id) {
      const lead = await store.leads.get(id);
      return lead && detail(lead);
    },
    setStatus: (ids, status) => store.leads.setStatus(ids, status),
    remove: (ids) => store.leads.deleteByIds(ids),
    async findByContact(contact) {
      return (await store.leads.findByContact(contact)).map(summary);
    },
    async csv(selection) {
      if ("ids" in selection) {
        const leads = (await Promise.all(selection.ids.map((id) => store.leads.get(id)))).filter(
          (lead): lead is Lead => lead !== undefined,
        );
        const definitions = [...new Set(leads.map((lead) => definitionOf(lead.formId)))].filter(
          (definition): definition is FormDefinition => definition !== undefined,
        );
        return csvOf(leads, definitions);
      }
      const definition = selection.query.formId ? definitionOf(selection.query.formId) : undefined;
      return csvOf(
        store.leads.each(filterOf(selection.query, now())),
        definition ? [definition] : allDefinitions(),
      );
    },
  };
}

/** The store's filter for what the owner asked, with the counts' own definitions of each view. */
function filterOf(query: LeadQuery, now: Date): LeadFilter {
  return {
    formId: query.formId,
    status: query.toCallBack ? "nuevo" : query.status,
    search: query.search,
    handoff: query.toCallBack ? callBackHandoffs : undefined,
    receivedFrom: query.thisWeek ? startOfWeekInBuenosAires(now) : undefined,
  };
}
