import type { IncomingMessage, ServerResponse } from "node:http";

import type { SiteConfig } from "#app/config/site-config.ts";
import type { Jobs } from "../jobs.ts";
import type { FeatureTables, Store } from "../storage/store.ts";

/**
 * What a feature of the service is (decision 0038): a room of its own under `server/<name>/`
 * that tells the platform, in one object, what it adds to the service — its tables, its HTTP
 * routes, its jobs, its inbox pages and its e-mails — and how it closes. The platform
 * (server/platform/platform.ts) opens the database with every feature's tables, starts the
 * features in the order `server/serve.ts` names, answers each request with the feature that
 * registered its path, and closes them in reverse. Features depend on the platform, never the
 * reverse (eslint.config.js).
 */
export type Feature<Needs = void, Gives = object> = {
  /** The room's name, as the owner's log and the decision say it («Consultas», «Visitas»). */
  name: string;
  /** Its own tables: migrations named after the feature, applied when the service opens. */
  tables?: FeatureTables;
  /**
   * Starts the feature on the open platform; `needs` is what it takes from features started
   * before it (passed by server/serve.ts, the one place that knows them all).
   */
  start(platform: PlatformContext, needs: Needs): Promise<Started<Gives>>;
};

/** A feature once started: what it gives the features after it, and what it registered. */
export type Started<Gives> = Gives & Registration;

/** What a started feature adds to the service. */
export type Registration = {
  /** Its HTTP routes: under /api/, or public pages of its own (such as a client's link). */
  routes?: readonly Route[];
  /** The names of the jobs it runs through server/jobs.ts (shown to tests and the owner's log). */
  jobs?: readonly string[];
  /** Its pages in the owner's inbox (paths under /bandeja, rendered by the inbox's app). */
  inboxPages?: readonly string[];
  /** The e-mails it sends, by what the owner or client reads in the subject. */
  emails?: readonly string[];
  /** Ends its work (a delivery in flight finishes); the database closes after every feature. */
  close?(): Promise<void>;
};

export type RouteHandler = (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<void>;

/** One path a feature answers: exactly, or every path a pattern matches. */
export type Route = { path: string | RegExp; handle: RouteHandler };

/** What every feature is started with: the platform's shared parts, nothing of another feature. */
export type PlatformContext = {
  /** The database, with every registered feature's tables. */
  store: Store;
  /** Where its timers and threads run (decision 0033). */
  jobs: Jobs;
  /** The deployment's configuration. */
  site: SiteConfig;
  /** The service's clock (tests move it). */
  now: () => Date;
};
