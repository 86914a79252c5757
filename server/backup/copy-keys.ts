import { generateX25519Identity, identityToRecipient } from "age-encryption";

import type { Handles } from "../storage/store.ts";

/**
 * Who can open the copies (decision 0019): the owner's key, always, and the service's own drill
 * key, with which the drill restores. The drill key is made once and kept in the database, never in
 * a backup; after each verified drill it is turned, so the server can read at most the copies made
 * since then.
 */
export class CopyKeys {
  private readonly store: Handles<"backups" | "kind">;
  private readonly owner: string;
  private drill: { identity: string; recipient: string };

  private constructor(
    store: Handles<"backups" | "kind">,
    owner: string,
    drill: { identity: string; recipient: string },
  ) {
    this.store = store;
    this.owner = owner;
    this.drill = drill;
  }

  /** The drill key in the database, made now if there is none (of two instances, the first one's stays). */
  static async load(store: Handles<"backups" | "kind">, ownerRecipient: string): Promise<CopyKeys> {
    await store.backups.addState("drill-identity", JSON.stringify(await generateX25519Identity()));
    const identity = (await store.backups.state<string>("drill-identity"))!;
    return new CopyKeys(store, ownerRecipient, { identity, recipient: await identityToRecipient(identity) });
  }

  /** Every object is sealed to these: the owner's key and the current drill key. */
  get recipients(): string[] {
    return [this.owner, this.drill.recipient];
  }

  get drillIdentity(): string {
    return this.drill.identity;
  }

  /** The drill key in the database: with PostgreSQL, another instance may have turned it. */
  async refresh(): Promise<void> {
    // One process per SQLite file: the key it turned is the one it holds.
    if (this.store.kind === "sqlite") return;
    const current = await this.store.backups.state<string>("drill-identity");
    if (!current || current === this.drill.identity) return;
    this.drill = { identity: current, recipient: await identityToRecipient(current) };
  }

  /**
   * After a verified drill: a new drill key, and a snapshot sealed to it; the old key is forgotten.
   * What the bucket held before (deleted leads included) is then readable with the owner's key
   * alone. `snapshot` seals to the old key too, so a failure between the two steps leaves the next
   * drill able to read the newest snapshot.
   */
  async turn(snapshot: (recipients: readonly string[]) => Promise<void>): Promise<void> {
    const identity = await generateX25519Identity();
    const recipient = await identityToRecipient(identity);
    await snapshot([...this.recipients, recipient]);
    await this.store.backups.setState("drill-identity", identity);
    this.drill = { identity, recipient };
  }
}
