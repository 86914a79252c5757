import { ArrowRight } from "lucide-react";
import { Link } from "react-router";

import type { NavItem } from "../content/types.ts";

/** Large, tappable links to other sections of the site. */
export function LinkList({ links }: { links: readonly NavItem[] }) {
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {links.map((link) => (
        <li key={link.path}>
          <Link
            to={link.path}
            className="group flex min-h-14 items-center justify-between gap-3 rounded-lg border border-line bg-white px-5 py-3 font-semibold text-ink no-underline hover:border-water hover:text-water"
          >
            {link.label}
            <ArrowRight
              aria-hidden="true"
              focusable="false"
              className="size-5 shrink-0 text-water transition-transform group-hover:translate-x-0.5"
            />
          </Link>
        </li>
      ))}
    </ul>
  );
}
