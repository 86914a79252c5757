import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts } from "react-router";
import interFont from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import frauncesFont from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";

import type { Route } from "./+types/root";
import { SiteFooter } from "./components/site-footer.tsx";
import { SiteHeader } from "./components/site-header.tsx";
import { header, lang } from "./content/es/common.ts";
import { LeadModalHost } from "./features/leads/lead-modal-host.tsx";
import "./styles/app.css";

// Both faces paint above the fold on every page: fetch them with the CSS, not after it.
export const links: Route.LinksFunction = () => [
  { rel: "preload", href: interFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "preload", href: frauncesFont, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  // The language comes from the URL's section of the site (only Spanish today), never from the browser.
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0c2340" />
        <Meta />
        <Links />
      </head>
      <body>
        <a
          href="#contenido"
          className="sr-only z-50 rounded-md bg-ink px-4 py-3 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          {header.skipLink}
        </a>
        {children}
        <LeadModalHost />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // Tests and the boot script read this to know the page is interactive.
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
  }, []);
  return (
    <>
      <SiteHeader />
      <main id="contenido" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}
