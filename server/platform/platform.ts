import type { IncomingMessage, ServerResponse } from "node:http";

import type { SiteConfig } from "#app/config/site-config.ts";
import { sendJson } from "../http/reply.ts";
import type { Jobs } from "../jobs.ts";
import { Store, type StorageOptions } from "../storage/store.ts";
import type { Feature, PlatformContext, Registration, Route, Started } from "./feature.ts";

/**
 * The service's one place where features register (decision 0038): it opens the database with
 * every feature's tables, starts each feature, keeps what each registered (routes, jobs, inbox
 * pages, e-mails), answers a request with the feature whose route matches, and closes the
 * features in reverse order before the database.
 */
export class Platform {
  readonly store: Store;
  private readonly context: PlatformContext;
  private readonly started: { name: string; registration: Registration }[] = [];

  private constructor(context: PlatformContext) {
    this.store = context.store;
    this.context = context;
  }

  /**
   * Opens the database once, with the tables of every feature the service will start; a
   * feature started later but not named here has no tables.
   */
  static async open(options: {
    storage: StorageOptions;
    features: readonly Pick<Feature<never, object>, "name" | "tables">[];
    jobs: Jobs;
    site: SiteConfig;
    now?: () => Date;
    /** An already-open store (tests and tools that open their own). */
    store?: Store;
  }): Promise<Platform> {
    const names = options.features.map((feature) => feature.name);
    const repeated = names.find((name, index) => names.indexOf(name) !== index);
    if (repeated) throw new Error(`La función «${repeated}» está registrada dos veces.`);
    const tables = options.features.flatMap((feature) => (feature.tables ? [feature.tables] : []));
    const store = options.store ?? (await Store.open(options.storage, tables));
    return new Platform({
      store,
      jobs: options.jobs,
      site: options.site,
      now: options.now ?? (() => new Date()),
    });
  }

  /** Starts a feature with what it needs from those before it; returns what it gives. */
  async start<Needs, Gives>(feature: Feature<Needs, Gives>, needs: Needs): Promise<Started<Gives>> {
    const started = await feature.start(this.context, needs);
    const paths = new Set(this.routes().map((route) => String(route.path)));
    const clash = started.routes?.find((route) => paths.has(String(route.path)));
    if (clash) throw new Error(`La ruta ${String(clash.path)} ya la registró otra función.`);
    this.started.push({ name: feature.name, registration: started });
    return started;
  }

  /** Every route registered, in the order the features started. */
  routes(): Route[] {
    return this.started.flatMap(({ registration }) => [...(registration.routes ?? [])]);
  }

  /** What each feature registered, by name (the decision's table, the tests). */
  registrations(): {
    name: string;
    routes: string[];
    jobs: string[];
    inboxPages: string[];
    emails: string[];
  }[] {
    return this.started.map(({ name, registration }) => ({
      name,
      routes: (registration.routes ?? []).map((route) => String(route.path)),
      jobs: [...(registration.jobs ?? [])],
      inboxPages: [...(registration.inboxPages ?? [])],
      emails: [...(registration.emails ?? [])],
    }));
  }

  /** The route a path belongs to, if a feature registered it. */
  routeOf(pathname: string): Route | undefined {
    return this.routes().find((route) =>
      typeof route.path === "string" ? route.path === pathname : route.path.test(pathname),
    );
  }

  /**
   * What the HTTP server asks (server/site-server.ts): whether a path is the service's (every
   * /api/ path, answered 404 when no feature registered it, and each feature's own pages), and
   * the answer.
   */
  readonly paths = {
    claims: (pathname: string): boolean =>
      pathname === "/api" || pathname.startsWith("/api/") || this.routeOf(pathname) !== undefined,
    handle: async (request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> => {
      const route = this.routeOf(url.pathname);
      if (!route) return sendJson(response, 404, { ok: false, error: "No existe." });
      return route.handle(request, response, url);
    },
  };

  /** Closes the features, last started first, then the database. */
  async close(): Promise<void> {
    for (const { registration } of [...this.started].reverse()) await registration.close?.();
    await this.store.close();
  }
}

/** The platform's answer to the HTTP server: which paths are the service's, and how each is answered. */
export type ServicePaths = Platform["paths"];

/**
 * Paths for a server that answers /api/ with one handler of its own (the benchmarks and the
 * tools that start a lead endpoint without the platform).
 */
export function apiOnly(handle: ServicePaths["handle"]): ServicePaths {
  return { claims: (pathname) => pathname === "/api" || pathname.startsWith("/api/"), handle };
}
