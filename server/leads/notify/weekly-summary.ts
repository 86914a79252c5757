import type { Kysely } from "kysely";

import { buildReport, type Report } from "../../insight/results.ts";
import type { LeadStore } from "../storage/lead-store.ts";
import type { LeadDatabase } from "../storage/schema.ts";
import { escapeHtml } from "../pages.ts";
import { unlinkable } from "./answers.ts";
import type { LeadEmail } from "./email.ts";
import { defaultBackoff, nextAttemptAt, type Backoff } from "./outbox-worker.ts";
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
 * whichever process gets there first), delivered with the outbox's retry
 * schedule (30 s, 1 min … 6 h; given up after 15 tries). A server that was down
 * on Monday sends it when it starts, in the same week.
 */
export const summaryHour = 8;
const dayMs = 24 * 60 * 60_000;

export type SummarySender = (email: LeadEmail) => Promise<void>;

export class WeeklySummaryJob {
  private readonly store: LeadStore;
  private readonly db: Kysely<LeadDatabase>;
  private readonly send: SummarySender;
  private readonly site: { businessName: string; email: string; siteUrl: string };
  private readonly backoff: Backoff;
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(options: {
    store: LeadStore;
    send: SummarySender;
    site: { businessName: string; email: string; siteUrl: string };
    backoff?: Backoff;
    now?: () => Date;
  }) {
    this.store = options.store;
    this.db = options.store.db;
    this.send = options.send;
    this.site = options.site;
    this.backoff = options.backoff ?? defaultBackoff;
    this.now = options.now ?? (() => new Date());
  }

  /** Checks now and then every `pollMs` (a minute by default). */
  start(pollMs = 60_000): void {
    this.timer = setInterval(() => void this.tick(), pollMs);
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Queues this week's summary once its hour has come, and delivers what is due. */
  tick(): Promise<void> {
    this.running ??= this.round()
      .catch(() => {
        // The database is unreachable: the next tick tries again.
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }

  private async round(): Promise<void> {
    const now = this.now();
    const monday = startOfWeekInBuenosAires(now);
    const week = mondayKey(monday);
    if (now.getTime() >= monday.getTime() + summaryHour * 3_600_000)
      await this.db
        .insertInto("weekly_summaries")
        .values({ week, attempts: 0, next_attempt_at: now.toISOString(), created_at: now.toISOString() })
        .onConflict((conflict) => conflict.column("week").doNothing())
        .execute();
    const due = await this.db
      .selectFrom("weekly_summaries")
      .selectAll()
      .where("sent_at", "is", null)
      .where("given_up_at", "is", null)
      .where("next_attempt_at", "<=", now.toISOString())
      .execute();
    for (const row of due) {
      // Claimed like an outbox row: another process that read it too sees it changed and leaves it.
      const claimed = await this.db
        .updateTable("weekly_summaries")
        .set({ next_attempt_at: new Date(now.getTime() + 2 * 60_000).toISOString() })
        .where("week", "=", row.week)
        .where("next_attempt_at", "=", row.next_attempt_at)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      try {
        // The summary of the week before the row's Monday.
        const to = new Date(`${row.week}T03:00:00.000Z`);
        const from = new Date(to.getTime() - 7 * dayMs);
        const report = await buildReport(this.store, "semana", now, { from, to });
        await this.send(composeWeeklySummary(report, this.site));
        await this.db
          .updateTable("weekly_summaries")
          .set({ sent_at: this.now().toISOString(), attempts: row.attempts + 1, last_error: null })
          .where("week", "=", row.week)
          .execute();
      } catch (error) {
        const retryAt = nextAttemptAt(row.attempts + 1, this.now(), this.backoff);
        await this.db
          .updateTable("weekly_summaries")
          .set({
            attempts: row.attempts + 1,
            last_error: (error instanceof Error ? error.message : String(error)).slice(0, 500),
            next_attempt_at: (retryAt ?? this.now()).toISOString(),
            given_up_at: retryAt ? null : this.now().toISOString(),
          })
          .where("week", "=", row.week)
          .execute();
      }
    }
  }
}

/** Monday 00:00 in Buenos Aires as its date, "2026-05-04". */
const mondayKey = (monday: Date) => buenosAiresDay(monday);

const count = new Intl.NumberFormat("es-AR");
const percent = new Intl.NumberFormat("es-AR", { style: "percent", maximumFractionDigits: 1 });
/** How many pages and sources the summary names. */
const bestCount = 5;

export function composeWeeklySummary(
  report: Report,
  site: { businessName: string; email: string; siteUrl: string },
): LeadEmail {
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
  const inbox = `${site.siteUrl}${inboxRoot}`;
  // A line of a section; one with an address is a link in the HTML part and "text: address" in the text part.
  type Line = string | { text: string; href: string };
  const sections: [string, Line[]][] = [
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
        href: `${site.siteUrl}${leadPath(lead.id)}`,
      })),
    ],
  ];
  const heading = `Resumen de la semana del ${dayText(report.fromDay)} al ${dayText(report.toDay)}`;
  const text = [
    `${heading} (días de Buenos Aires).`,
    "",
    ...sections.flatMap(([title, lines]) => [
      title,
      ...(lines.length ? lines : ["(nada)"]).map(
        (line) => `- ${typeof line === "string" ? line : `${line.text}: ${line.href}`}`,
      ),
      "",
    ]),
    `Todo, semana por semana: ${inbox}/resultados`,
    "",
  ].join("\n");
  const html = [
    `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>${escapeHtml(heading)}</title></head>`,
    `<body style="font-family:system-ui,sans-serif">`,
    `<p>${escapeHtml(heading)} (días de Buenos Aires).</p>`,
    ...sections.map(
      ([title, lines]) =>
        `<h2 style="font-size:1em">${escapeHtml(title)}</h2><ul>${(lines.length ? lines : ["(nada)"])
          .map((line) =>
            typeof line === "string"
              ? `<li>${escapeHtml(line)}</li>`
              : `<li><a href="${escapeHtml(line.href)}">${escapeHtml(line.text)}</a></li>`,
          )
          .join("")}</ul>`,
    ),
    `<p><a href="${escapeHtml(`${inbox}/resultados`)}">Todo, semana por semana</a></p>`,
    `</body></html>`,
  ].join("\n");
  return {
    from: { name: site.businessName, address: site.email },
    subject: `Resumen semanal: ${count.format(totals.visits)} visitas, ${count.format(totals.leads)} consultas (${dayText(report.fromDay)} al ${dayText(report.toDay)})`,
    text,
    html,
  };
}
