import { ChevronRight } from "lucide-react";
import { Link } from "react-router";

export type Crumb = { name: string; path: string };

/** Inicio › Torres › {name}: the way back up, the last step being this page. */
export function Breadcrumbs({ crumbs, label }: { crumbs: readonly Crumb[]; label: string }) {
  return (
    <nav aria-label={label} className="container-page pt-6 text-sm">
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-1 text-ink-muted">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.path} className="flex items-center gap-1">
              {last ? (
                <span aria-current="page" className="font-medium text-ink">
                  {crumb.name}
                </span>
              ) : (
                <>
                  <Link
                    to={crumb.path}
                    className="inline-flex min-h-11 items-center text-water underline underline-offset-4 hover:text-ink md:min-h-0"
                  >
                    {crumb.name}
                  </Link>
                  <ChevronRight aria-hidden="true" focusable="false" className="size-4 shrink-0" />
                </>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
