import { MapPin } from "lucide-react";
import type { ReactNode } from "react";

import { catalogue } from "../content/es/common.ts";
import type { PropertyType } from "../content/property-types.ts";
import { CatalogueImage } from "./catalogue-image.tsx";

type PropertyTypeGridProps = {
  types: readonly PropertyType[];
  /** Show each type's zone (the /tasar-propiedades cards do). */
  showZone?: boolean;
  /** The card's action (a LeadButton with the type preselected); gets the card heading's id. */
  renderAction: (type: PropertyType, headingId: string) => ReactNode;
};

/** The six property types: line illustration, type, description, one action each. */
export function PropertyTypeGrid({ types, showZone = false, renderAction }: PropertyTypeGridProps) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {types.map((type) => {
        const headingId = `tipo-${type.slug}`;
        return (
          <li
            key={type.slug}
            className="flex flex-col overflow-hidden rounded-lg border border-line bg-white"
          >
            <CatalogueImage
              kind="property-type"
              slug={type.slug}
              alt={catalogue.typeImageAlt(type.tipo)}
              className="aspect-[16/10] h-auto w-full bg-sand-50 object-cover"
            />
            <div className="flex flex-1 flex-col p-5">
              <h3 id={headingId} className="font-display text-xl font-semibold text-ink">
                {type.tipo}
              </h3>
              {showZone ? (
                <p className="mt-2 flex gap-2 text-sm font-medium text-water">
                  <MapPin aria-hidden="true" focusable="false" className="mt-0.5 size-4 shrink-0" />
                  <span>
                    <span className="sr-only">{catalogue.zoneLabel}: </span>
                    {type.zona}
                  </span>
                </p>
              ) : null}
              <p className="mt-2 leading-relaxed text-ink-muted">{type.descripcion}</p>
              <div className="mt-auto pt-5">{renderAction(type, headingId)}</div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
