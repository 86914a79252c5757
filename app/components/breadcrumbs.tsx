import { ChevronRight } from "lucide-react";
import { Link } from "react-router";

export type Crumb = { name: string; path: string };

/**
 * Inicio › Torres › {name}: the way back up, the last step being this page.
 * One line, the page's name cut with an ellipsis when it does not fit (the
 * heading below shows it whole): a breadcrumb that wrapped in one font and not
 * in the other would move the page when the web fonts arrive.
 */
export function Breadcrumbs({ crumbs, label }: { crumbs: readonly Crumb[]; label: string }) {
  return (
    <nav aria-label={label} className="container-page pt-6 text-sm">
      <ol className="flex items-center gap-1 text-ink-muted">
        {crumbs.map((crumb, index) => {
          const last = index === crumbs.length - 1;
          return (
            <li key={crumb.path} className={last ? "min-w-0" : "flex shrink-0 items-center gap-1"}>
              {last ? (
                <span aria-current="page" className="block truncate font-medium text-ink">
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
