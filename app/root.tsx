import { useEffect } from "react";
import { Links, Meta, Outlet, Scripts } from "react-router";

import { LeadModalHost } from "./features/leads/lead-modal-host.tsx";
import "./styles/app.css";

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="es-AR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
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
  return <Outlet />;
}
