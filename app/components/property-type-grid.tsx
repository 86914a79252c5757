import { MapPin } from "lucide-react";
import type { ReactNode } from "react";

import { catalogue } from "../content/es/common.ts";
import type { PropertyType } from "../content/property-types.ts";
import { CatalogueCard, DetailLine } from "./catalogue-card.tsx";

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
          <CatalogueCard
            key={type.slug}
            image={{ kind: "property-type", slug: type.slug, alt: catalogue.typeImageAlt(type.tipo) }}
            title={type.tipo}
            headingId={headingId}
            action={renderAction(type, headingId)}
          >
            {showZone ? (
              <DetailLine icon={MapPin} label={catalogue.zoneLabel} className="font-medium text-water">
                {type.zona}
              </DetailLine>
            ) : null}
            <p className="mt-2 leading-relaxed text-ink-muted">{type.descripcion}</p>
          </CatalogueCard>
        );
      })}
    </ul>
  );
}
