import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

import { CatalogueImage, type CatalogueImageProps } from "./catalogue-image.tsx";

type CatalogueCardProps = {
  image: Pick<CatalogueImageProps, "kind" | "slug" | "alt">;
  /** The card's name: text, or a link to the item's own page. */
  title: ReactNode;
  /** Id of the card heading; the action points at it with aria-describedby. */
  headingId: string;
  /** The card's details, e.g. DetailLine rows and a description. */
  children: ReactNode;
  action: ReactNode;
};

/** One card of a catalogue grid (towers, property types): image, name, details, one action. */
export function CatalogueCard({ image, title, headingId, children, action }: CatalogueCardProps) {
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-line bg-white">
      <CatalogueImage {...image} className="aspect-[16/10] bg-sand-50 object-cover" />
      <div className="flex flex-1 flex-col p-5">
        <h3 id={headingId} className="font-display text-xl font-semibold text-ink">
          {title}
        </h3>
        {children}
        <div className="mt-auto pt-5">{action}</div>
      </div>
    </li>
  );
}

type DetailLineProps = {
  icon: LucideIcon;
  /** Read by screen readers before the text (the icon is decorative). */
  label: string;
  children: ReactNode;
  className?: string;
  iconClassName?: string;
};

/** An icon-led detail row of a catalogue card (address, amenities, zone). */
export function DetailLine({ icon: Icon, label, children, className, iconClassName }: DetailLineProps) {
  return (
    <p className={`mt-2 flex gap-2 text-sm ${className ?? "text-ink-muted"}`}>
      <Icon
        aria-hidden="true"
        focusable="false"
        className={`mt-0.5 size-4 shrink-0 ${iconClassName ?? ""}`}
      />
      <span>
        <span className="sr-only">{label}: </span>
        {children}
      </span>
    </p>
  );
}
