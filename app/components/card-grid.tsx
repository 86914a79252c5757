import type { ReactNode } from "react";

import type { Card } from "../content/types.ts";
import { Icon } from "./icon.tsx";

type CardGridProps<Item extends Card> = {
  items: readonly Item[];
  /** Prefix for the card headings' ids (actions refer to them). */
  idPrefix: string;
  columns?: 2 | 3 | 4;
  tone?: "light" | "dark";
  /** A large number above the title, e.g. "30%". */
  highlightOf?: (item: Item) => string | undefined;
  /** The card's own action; receives the id of the card heading. */
  renderAction?: (item: Item, headingId: string) => ReactNode;
};

const columnClasses = {
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
} as const;

/** Icon, title and a short text per card; subtle borders, no heavy shadows. */
export function CardGrid<Item extends Card>({
  items,
  idPrefix,
  columns = 3,
  tone = "light",
  highlightOf,
  renderAction,
}: CardGridProps<Item>) {
  const dark = tone === "dark";
  return (
    <ul className={`grid gap-5 ${columnClasses[columns]}`}>
      {items.map((item, index) => {
        const headingId = `${idPrefix}-${index + 1}`;
        const value = highlightOf?.(item);
        return (
          <li
            key={item.title}
            className={`flex flex-col rounded-lg border p-6 ${
              dark ? "border-white/15 bg-white/5" : "border-line bg-white"
            }`}
          >
            <span
              className={`mb-5 inline-flex size-11 items-center justify-center rounded-full ${
                dark ? "bg-white/10 text-sand" : "bg-sand-50 text-water"
              }`}
            >
              <Icon icon={item.icon} />
            </span>
            {value ? (
              <p
                className={`mb-2 font-display text-5xl leading-none font-semibold tracking-tight ${
                  dark ? "text-sand" : "text-brass"
                }`}
              >
                {value}
              </p>
            ) : null}
            <h3 id={headingId} className={`text-lg font-semibold ${dark ? "text-paper" : "text-ink"}`}>
              {item.title}
            </h3>
            <p className={`mt-2 leading-relaxed ${dark ? "text-[#c9d2dc]" : "text-ink-muted"}`}>
              {item.text}
            </p>
            {renderAction ? <div className="mt-auto pt-6">{renderAction(item, headingId)}</div> : null}
          </li>
        );
      })}
    </ul>
  );
}
