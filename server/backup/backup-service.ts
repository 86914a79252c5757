import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";

import { Jobs, type Alarm } from "../jobs.ts";
import type { EmailSender } from "../leads/notify/email.ts";
import type { MailSite } from "../mail/mail.ts";
import type { Handles } from "../storage/store.ts";
import { keyOf } from "../storage/backup-tables.ts";
import {
  objectDigest,
  objectName,
  parseObjectName,
  seal,
  sealSnapshot,
  type ChainSeal,
  type ChangeSet,
  type ObjectKind,
} from "./archive.ts";
import {
  backupStatus,
  defaultSchedule,
  type BackupSchedule,
  type BackupSettings,
  type BackupStatus,
  type Drill,
} from "./backup-state.ts";
import { chainKeys, type ChainHead } from "./chain.ts";
import { CopyKeys } from "./copy-keys.ts";
import { alertSender, copiesBehind, drillFailed, oneLine, type OwnerAlert } from "./owner-alerts.ts";
import { restoreBackup } from "./restore.ts";
import { readChangedRows, snapshotRows } from "./object-rows.ts";
import { ObjectExists, openTarget, type BackupTarget } from "./targets.ts";

/**
 * Longest the lease holder may go silent before another instance takes over: a standby resumes
 * the copies of an instance killed mid-cycle within this, well inside the 60 s promise.
 */
const leaseMs = 30_000;
const batchLimit = 1000;
/** How soon after a lead its round starts: leads arriving meanwhile go in the same change set. */
const kickDelayMs = 1_000;
/** Expired objects are looked for at most this often. */
const removalEveryMs = 60 * 60_000;
/** A name found taken (412) is tried again with a new one this many times. */
const nameAttempts = 3;

/**
 * The off-site copy (decision 0019), run on a thread of its own (backup-on-worker.ts): ships
 * queued changes within seconds, takes a full snapshot on a schedule, removes objects past the
 * retention period, restores the latest backup into a temporary folder on a schedule to prove it
 * works (the drill), and tells the owner when copies fall behind or a drill fails. It never
 * touches the path of a lead: a target that is down only makes the queue wait.
 *
 * Several instances on one PostgreSQL share the work through a lease in `backup_state`: one ships,
 * the others stand by and take over when its lease runs out.
 */
export class BackupService {
  private readonly store: Handles<"backups" | "kind">;
  private readonly target: BackupTarget;
  private readonly schedule: BackupSchedule;
  private readonly now: () => Date;
  private readonly alert?: (alert: OwnerAlert) => Promise<void>;
  private readonly log: (line: string) => void;
  private readonly owner = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  private readonly startedAt: Date;
  private readonly ownerRecipient: string;
  private keys: CopyKeys | undefined;
  /** The next round, moved forward by a kick. */
  private readonly nextRound: Alarm;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private failures = 0;
  private turn: Promise<unknown> = Promise.resolve();

  constructor(options: {
    store: Handles<"backups" | "kind">;
    settings: BackupSettings;
    schedule?: Partial<BackupSchedule>;
    /** The owner's e-mail (SMTP_URL and LEADS_NOTIFY_TO), for copies behind and failed drills. */
    send?: EmailSender;
    /** Who the alerts come from: the site published when one is sent. */
    site?: () => Promise<MailSite>;
    now?: () => Date;
    log?: (line: string) => void;
    jobs?: Jobs;
  }) {
    this.store = options.store;
    this.target = openTarget(options.settings.url);
    this.ownerRecipient = options.settings.recipient;
    this.schedule = { ...defaultSchedule, ...options.schedule };
    this.now = options.now ?? (() => new Date());
    this.startedAt = this.now();
    this.log = options.log ?? ((line) => console.error(line));
    this.alert = alertSender(options.send, options.site);
    this.nextRound = (options.jobs ?? new Jobs(this.log)).alarm("Copia fuera del servidor", () => {
      this.running = this.cycle().finally(() => {
        this.running = undefined;
        const retry = Math.min(5 * 60_000, this.schedule.pollMs * 2 ** this.failures);
        this.scheduleRound(
          this.again && this.failures === 0 ? kickDelayMs : this.failures > 0 ? retry : this.schedule.pollMs,
        );
        this.again = false;
      });
      return this.running;
    });
  }

  /** Installs the change capture and the service's drill key, then copies in the background. */
  async start(): Promise<void> {
    await this.store.backups.installCapture();
    // Of two instances starting at once, the first one's id stays (a restored database keeps its own).
    await this.store.backups.addState(chainKeys.deployment, JSON.stringify(randomBytes(16).toString("hex")));
    await this.store.backups.addState(chainKeys.head, "null");
    this.keys = await CopyKeys.load(this.store, this.ownerRecipient);
    this.scheduleRound(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.nextRound.cancel();
    await this.running;
  }

  /**
   * Something changed (a lead stored): copy it within `kickDelayMs` rather than at the next poll.
   * A burst of leads shares one round, so copying never competes with storing lead by lead.
   */
  kick(): void {
    if (this.stopped || this.failures > 0) return;
    if (this.running) this.again = true;
    else if (this.nextRound.waiting && this.nextRound.dueAt > Date.now() + kickDelayMs)
      this.scheduleRound(kickDelayMs);
  }

  private scheduleRound(ms: number): void {
    if (!this.stopped) this.nextRound.in(ms);
  }

  /** One round: what the schedule asks for, if this instance holds the lease. After any round in progress. */
  cycle(): Promise<void> {
    return this.inTurn(() => this.round());
  }

  /** Rounds and drills never overlap: one at a time, in the order asked. */
  private inTurn<T>(work: () => Promise<T>): Promise<T> {
    const next = this.turn.then(work);
    this.turn = next.catch(() => {});
    return next;
  }

  private async round(): Promise<void> {
    try {
      if (!(await this.holdLease())) return;
      await this.copyKeys.refresh();
      const began = this.now();
      // A chain starts with a snapshot: a new installation's, a restored one's, one from before the chain.
      if (!(await this.state<string>("last-snapshot")) || !(await this.state(chainKeys.head)))
        await this.snapshot();
      await this.shipChanges();
      await this.setState("copied-through", began.toISOString());
      // A commit less per round while nothing went wrong: rounds share the lead's thread (SQLite).
      if (await this.state("problem")) await this.setState("problem", null);
      this.failures = 0;
      const lastSnapshot = new Date((await this.state<string>("last-snapshot"))!);
      if (this.now().getTime() - lastSnapshot.getTime() >= this.schedule.snapshotEveryMs)
        await this.snapshot();
      await this.removeExpired();
      const drill = await this.state<Drill>("drill");
      // A failed drill is tried again after an hour, not a week.
      const drillEvery = drill?.ok === false ? this.schedule.alertAfterMs : this.schedule.drillEveryMs;
      if (!drill || this.now().getTime() - new Date(drill.at).getTime() >= drillEvery) await this.runDrill();
    } catch (error) {
      this.failures++;
      const problem = oneLine(error);
      this.log(`Copia fuera del servidor: falló (${problem}); se reintenta.`);
      await this.setState("problem", { at: this.now().toISOString(), message: problem }).catch(() => {});
    }
    await this.alertIfBehind().catch((error: unknown) =>
      this.log(`Aviso de copias atrasadas: ${oneLine(error)}`),
    );
  }

  /**
   * Copies every change queued when it began, a batch per object, and forgets each batch once it
   * is stored; on PostgreSQL, then the rows stamped since the last round. Changes made meanwhile
   * wait for the next round: under steady traffic a round still ends, and `copied-through` moves.
   */
  async shipChanges(): Promise<number> {
    let shipped = 0;
    const upTo = await this.store.backups.newestQueuedId();
    for (;;) {
      const changes = await this.store.backups.queuedChanges(batchLimit, upTo);
      if (changes.length === 0) break;
      await this.putChanges(await readChangedRows(this.store, changes));
      await this.store.backups.forgetChanges(changes.map((change) => change.id));
      shipped += changes.length;
      await this.holdLease();
    }
    if (this.store.kind === "postgres") shipped += await this.shipStamped();
    return shipped;
  }

  /**
   * PostgreSQL: the rows inserted or updated since the mark (see backup-capture.ts), a change set
   * per batch, then the mark moved to this round's horizon. A row the last round copied with the
   * same stamp is skipped, so a row is copied again only when it changed again.
   */
  private async shipStamped(): Promise<number> {
    const mark = await this.store.backups.stampMark();
    if (!mark) throw new Error("falta la marca de la copia (se pone al arrancar con copias activas)");
    const { horizon, ceiling } = await this.store.backups.stampHorizon();
    const seen = new Set(mark.seen);
    const stillAbove: string[] = [];
    let shipped = 0;
    const range = { from: mark.horizon, below: ceiling };
    for await (const { table, rows } of this.store.backups.stampedBatches(range, batchLimit)) {
      const entries: ChangeSet["entries"] = [];
      for (const { stamp, row } of rows) {
        const key = keyOf(table, row);
        const id = `${table.name} ${JSON.stringify(key)} ${stamp}`;
        if (BigInt(stamp) >= BigInt(horizon)) stillAbove.push(id);
        if (!seen.has(id)) entries.push({ table: table.name, key, row });
      }
      if (entries.length === 0) continue;
      await this.putChanges(entries);
      shipped += entries.length;
      await this.holdLease();
    }
    await this.store.backups.setStampMark({ horizon, seen: stillAbove });
    return shipped;
  }

  private async putChanges(entries: ChangeSet["entries"]): Promise<void> {
    // The time after reading: every row in the set is at least this recent (restore orders by it).
    const at = this.now();
    const recipients = this.copyKeys.recipients;
    await this.putInChain("changes", at, (chain) =>
      seal({ kind: "changes", at: at.toISOString(), entries, seal: chain }, recipients),
    );
  }

  /**
   * Writes an object as the next link of the chain (decision 0023): sealed with the installation's
   * id, its number, its own name and the previous object's name and digest; written only if the
   * name is free (a taken name gets a new one, the object is never lost nor replaces another);
   * then the chain's head moves to it with a compare-and-set, so two instances never both extend
   * the same head. A failed set leaves the object as a dead end the restore recognises, and the
   * round fails: its changes stay queued and go in the next link.
   */
  private async putInChain(
    kind: ObjectKind,
    at: Date,
    sealed: (chain: ChainSeal) => Promise<Uint8Array>,
  ): Promise<void> {
    const deployment = (await this.state<string>(chainKeys.deployment))!;
    const headText = (await this.store.backups.stateText(chainKeys.head)) ?? "null";
    const head = JSON.parse(headText) as ChainHead | null;
    // Names sort by time, and the restore reads the chain in that order: after a clock that
    // stepped back (a restart before the server's clock was set), a link is named just after its
    // head, never before it.
    const headAt = head ? parseObjectName(head.name)?.at : undefined;
    const namedAt = headAt && headAt >= at ? new Date(headAt.getTime() + 1) : at;
    for (let attempt = 1; ; attempt++) {
      const name = objectName(kind, namedAt);
      const chain: ChainSeal = {
        deployment,
        sequence: head ? head.sequence + 1 : 0,
        name,
        previous: head && { name: head.name, digest: head.digest },
      };
      const bytes = await sealed(chain);
      try {
        await this.target.put(name, bytes);
      } catch (error) {
        if (!(error instanceof ObjectExists) || attempt === nameAttempts) throw error;
        this.log(`Copia fuera del servidor: ${error.message}; se escribe con otro nombre.`);
        continue;
      }
      const next: ChainHead = { sequence: chain.sequence, name, digest: objectDigest(bytes) };
      if (!(await this.store.backups.swapState(chainKeys.head, headText, JSON.stringify(next))))
        throw new Error(`otra instancia escribió en la cadena a la vez; ${name} queda fuera y se reintenta`);
      return;
    }
  }

  async snapshot(recipients: readonly string[] = this.copyKeys.recipients): Promise<void> {
    // The time before reading: every change after it is in a later change set (see tables.ts).
    const takenAt = this.now();
    // Read as it is sealed (decision 0045): what is held is a batch of rows and the sealed bytes.
    await this.putInChain("snapshots", takenAt, (chain) =>
      sealSnapshot({ takenAt: takenAt.toISOString(), seal: chain }, snapshotRows(this.store), recipients),
    );
    await this.setState("last-snapshot", takenAt.toISOString());
  }

  /**
   * The drill: the latest backup restored into a temporary folder with the service's drill key,
   * verified (integrity, counts, checksums), deleted; the result kept for the inbox and health.
   */
  drill(): Promise<Drill> {
    return this.inTurn(() => this.runDrill());
  }

  private async runDrill(): Promise<Drill> {
    const folder = mkdtempSync(join(tmpdir(), "leads-restore-drill-"));
    let drill: Drill;
    try {
      const report = await restoreBackup({
        target: this.target,
        identity: this.copyKeys.drillIdentity,
        to: { dataDir: folder },
        // The drill's key opens only what came after its last turn.
        opensEverything: false,
      });
      drill = { at: this.now().toISOString(), ok: true, leads: report.rows.leads ?? 0 };
    } catch (error) {
      drill = { at: this.now().toISOString(), ok: false, leads: 0, problem: oneLine(error) };
      this.log(`Restauración de prueba fallida: ${drill.problem}`);
      await this.alert?.(drillFailed(drill)).catch((mailError: unknown) =>
        this.log(`Aviso de restauración fallida: ${oneLine(mailError)}`),
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    await this.setState("drill", drill);
    if (drill.ok) {
      const last = await this.state<Drill>("verified");
      if (!last || last.at < drill.at) await this.setState("verified", drill);
      await this.copyKeys.turn((recipients) => this.snapshot(recipients));
    }
    return drill;
  }

  /** Snapshots and change sets older than the retention period go (a key that may not delete: see docs). */
  async removeExpired(): Promise<number> {
    const last = await this.state<string>("last-removal");
    if (last && this.now().getTime() - new Date(last).getTime() < removalEveryMs) return 0;
    const cutoff = this.now().getTime() - this.schedule.retentionMs;
    let removed = 0;
    for (const kind of ["snapshots", "changes"] as const)
      for (const name of await this.target.list(kind)) {
        const parsed = parseObjectName(name);
        if (!parsed || parsed.at.getTime() >= cutoff) continue;
        await this.target.remove(name);
        removed++;
      }
    await this.setState("last-removal", this.now().toISOString());
    return removed;
  }

  status(): Promise<BackupStatus> {
    return backupStatus(this.store, {
      startedAt: this.startedAt,
      alertAfterMs: this.schedule.alertAfterMs,
      warnAfterMs: this.schedule.warnAfterMs,
      now: this.now(),
    });
  }

  /** One e-mail when copies fall behind the alert threshold; another only after they caught up. */
  private async alertIfBehind(): Promise<void> {
    const status = await this.status();
    const alerted = await this.state<string>("behind-alert");
    if (status.state !== "behind") {
      if (alerted) await this.setState("behind-alert", null);
      return;
    }
    if (alerted || !this.alert) return;
    await this.alert(copiesBehind(status));
    await this.setState("behind-alert", this.now().toISOString());
  }

  /** Takes or renews the lease; false while another instance holds it. */
  private async holdLease(): Promise<boolean> {
    // One process per SQLite file: nobody to share with, and a restart after kill -9 must not wait.
    if (this.store.kind === "sqlite") return true;
    const now = this.now().getTime();
    const mine = JSON.stringify({ owner: this.owner, until: now + leaseMs });
    await this.store.backups.addState("lease", mine);
    const was = (await this.store.backups.stateText("lease"))!;
    const held = JSON.parse(was) as { owner: string; until: number };
    if (held.owner !== this.owner && held.until > now) return false;
    // Compare-and-set: of two instances racing for an expired lease, one wins.
    return this.store.backups.swapState("lease", was, mine);
  }

  /** The keys, once `start` has loaded them. */
  private get copyKeys(): CopyKeys {
    if (!this.keys) throw new Error("la copia fuera del servidor no empezó");
    return this.keys;
  }

  private state<T>(key: string): Promise<T | undefined> {
    return this.store.backups.state<T>(key);
  }

  private setState(key: string, value: unknown): Promise<void> {
    return this.store.backups.setState(key, value);
  }
}
