import type { Jobs } from "../../jobs.ts";
import { buildReport, type Report, type ReportRows } from "../../insight/results.ts";
import type { Handles, SummaryItem } from "../../storage/store.ts";
import { unlinkable } from "./answers.ts";
import { composeMail, siteLink, type Mail, type MailLine, type MailSite } from "../../mail/mail.ts";
import { RetryQueue, type Backoff } from "./retry-queue.ts";
import {
  buenosAiresDay,
  buenosAiresTime,
  dayText,
  startOfWeekInBuenosAires,
} from "#app/lib/buenos-aires-time.ts";
import { inboxRoot, leadPath } from "#app/features/inbox/paths.ts";

/**
 * The owner's weekly summary (decision 0016): every Monday from 08:00 in
 * Buenos Aires, last week's visits and leads, the best pages and sources, and
 * the leads still waiting. One row per week in `weekly_summaries` (queued once,
 * whichever process gets there first), delivered by the outbox's retry queue
 * (retry-queue.ts: 30 s, 1 min … 6 h; given up after 15 tries). A server that was down
 * on Monday sends it when it starts, in the same week.
 */
export const summaryHour = 8;
const dayMs = 24 * 60 * 60_000;

export type SummarySender = (email: Mail) => Promise<void>;

export class WeeklySummaryJob {
  private readonly queue: RetryQueue<SummaryItem>;

  constructor(options: {
    store: ReportRows & Handles<"weeklySummaries">;
    send: SummarySender;
    /** Read when the summary is written: the name the site is published under then. */
    site: () => MailSite;
    backoff?: Backoff;
    now?: () => Date;
    jobs?: Jobs;
  }) {
    const { store, send, site } = options;
    const now = options.now ?? (() => new Date());
    this.queue = new RetryQueue({
      name: "Resumen semanal",
      jobs: options.jobs,
      rows: store.weeklySummaries,
      backoff: options.backoff,
      now,
      // This week's summary is queued once its hour has come.
      async beforeRound(at) {
        const monday = startOfWeekInBuenosAires(at);
        if (at.getTime() >= monday.getTime() + summaryHour * 3_600_000)
          await store.weeklySummaries.queue(mondayKey(monday), at);
      },
      async deliver(item) {
        // The summary of the week before the row's Monday.
        const to = new Date(`${item.week}T03:00:00.000Z`);
        const from = new Date(to.getTime() - 7 * dayMs);
        const report = await buildReport(store, "semana", now(), { from, to });
        await send(composeWeeklySummary(report, site()));
      },
    });
  }

  /** Checks now and then every `pollMs` (a minute by default). */
  start(pollMs = 60_000): void {
    this.queue.start(pollMs);
  }

  stop(): Promise<void> {
    return this.queue.stop();
  }

  /** Queues this week's summary once its hour has come, and delivers what is due. */
  tick(): Promise<void> {
    this.queue.kick();
    return this.queue.idle();
  }
}

/** Monday 00:00 in Buenos Aires as its date, "2026-05-04". */
const mondayKey = (monday: Date) => buenosAiresDay(monday);

const count = new Intl.NumberFormat("es-AR");
const percent = new Intl.NumberFormat("es-AR", { style: "percent", maximumFractionDigits: 1 });
/** How many pages and sources the summary names. */
const bestCount = 5;

export function composeWeeklySummary(report: Report, site: MailSite): Mail {
  const { totals } = report;
  const conversion = totals.conversion === null ? "—" : percent.format(totals.conversion);
  const best = (rows: Report["pages"], name = (key: string) => key) =>
    rows
      .filter((row) => row.leads > 0 || row.visits > 0)
      .sort((a, b) => b.leads - a.leads || b.visits - a.visits)
      .slice(0, bestCount)
      .map(
        (row) =>
          `${name(row.key)}: ${count.format(row.leads)} ${row.leads === 1 ? "consulta" : "consultas"} de ${count.format(row.visits)} ${row.visits === 1 ? "visita" : "visitas"}` +
          (row.conversion === null ? "" : ` (${percent.format(row.conversion)})`),
      );
  const sections: [string, MailLine[]][] = [
    [
      "La semana",
      [
        `Visitas: ${count.format(totals.visits)}`,
        `Formularios abiertos: ${count.format(totals.formsOpened)}`,
        `Consultas: ${count.format(totals.leads)} (a WhatsApp: ${count.format(totals.leadsToWhatsApp)})`,
        `Conversión (consultas / visitas): ${conversion}`,
      ],
    ],
    ["Las páginas que más consultas trajeron", best(report.pages)],
    ["Los orígenes que más consultas trajeron", best(report.sources, unlinkable)],
    [
      `Consultas sin contactar después de 48 h: ${count.format(report.waitingTotal)}`,
      report.waiting.slice(0, 10).map((lead) => ({
        text: `${lead.contact.name ?? "(sin nombre)"}, recibida el ${buenosAiresTime(lead.receivedAt)}`,
        href: siteLink(site, leadPath(lead.id)),
      })),
    ],
  ];
  const heading = `Resumen de la semana del ${dayText(report.fromDay)} al ${dayText(report.toDay)}`;
  return composeMail(site, {
    subject: `Resumen semanal: ${count.format(totals.visits)} visitas, ${count.format(totals.leads)} consultas (${dayText(report.fromDay)} al ${dayText(report.toDay)})`,
    blocks: [
      { paragraph: `${heading} (días de Buenos Aires).` },
      ...sections.flatMap(([title, lines]) => [{ heading: title }, { list: lines }]),
      { paragraph: { text: "Todo, semana por semana", href: siteLink(site, `${inboxRoot}/resultados`) } },
    ],
  });
}
