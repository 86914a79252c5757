import { Form, Link, NavLink, Outlet, useLocation } from "react-router";

import type { Route } from "./+types/layout";
import { layout as copy } from "../../content/es/inbox.ts";
import { BackupLine } from "../../features/inbox/backup-line.tsx";
import { FactorChanges } from "../../features/inbox/factor-changes.tsx";
import { ServerFindings } from "../../features/inbox/server-findings.tsx";
import { requireHost } from "../../features/inbox/host.ts";
import {
  ownerContext,
  readCookie,
  requireOwner,
  sessionCookie,
} from "../../features/inbox/session.server.ts";
import "../../styles/inbox.css";
import { inboxPaths, inboxRoot, leadPathPattern } from "../../features/inbox/paths.ts";

/** Every page below needs the owner's session (the login and its helpers live outside this layout). */
export const middleware: Route.MiddlewareFunction[] = [requireOwner];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { inbox } = requireHost(context);
  return {
    factorChanges: await inbox.secondFactor.factorChanges(readCookie(request, sessionCookie)),
    email: context.get(ownerContext).email,
    backup: await inbox.backup(),
    serverFindings: (await inbox.serverFindings?.()) ?? [],
    businessName: inbox.businessName(),
  };
}

const navLink = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-md px-3 font-semibold no-underline ${isActive ? "bg-sand-50 text-ink" : "text-ink-muted hover:text-ink"}`;

export default function InboxLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <>
      <header className="border-b border-line bg-white">
        <div className="container-page flex flex-col gap-2 py-3">
          <div className="flex items-center justify-between gap-4">
            <Link
              to={inboxRoot}
              className="flex flex-col leading-tight text-ink no-underline sm:flex-row sm:items-baseline sm:gap-2"
            >
              <span className="font-display text-xl font-semibold">{copy.title}</span>
              <span className="text-sm text-ink-muted">{loaderData.businessName}</span>
            </Link>
            <div className="flex items-center gap-3 text-sm">
              <span className="hidden text-ink-muted md:inline">
                {copy.signedInAs} {loaderData.email}
              </span>
              <Form method="post" action={inboxPaths.logout}>
                <button
                  type="submit"
                  className="min-h-11 cursor-pointer rounded-md border border-ink/30 px-4 font-semibold hover:border-ink"
                >
                  {copy.logout}
                </button>
              </Form>
            </div>
          </div>
          <nav aria-label={copy.title} className="flex flex-wrap gap-2 text-sm">
            {/* A lead's page belongs to the list. */}
            <NavLink to={inboxRoot} end={!pathname.startsWith(leadPathPattern)} className={navLink}>
              {copy.nav.list}
            </NavLink>
            <NavLink to={inboxPaths.agenda} className={navLink}>
              {copy.nav.agenda}
            </NavLink>
            <NavLink to={inboxPaths.results} className={navLink}>
              {copy.nav.results}
            </NavLink>
            <NavLink to={inboxPaths.dataSubject} className={navLink}>
              {copy.nav.dataSubject}
            </NavLink>
            <NavLink to={inboxPaths.site} className={navLink}>
              {copy.nav.site}
            </NavLink>
            <NavLink to={inboxPaths.security} className={navLink}>
              {copy.nav.security}
            </NavLink>
          </nav>
          <BackupLine backup={loaderData.backup} />
          <ServerFindings findings={loaderData.serverFindings} />
          <FactorChanges changes={loaderData.factorChanges} />
        </div>
      </header>
      <main id="contenido" tabIndex={-1} className="container-page py-6 outline-none md:py-10">
        <Outlet />
      </main>
    </>
  );
}
