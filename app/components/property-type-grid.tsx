import { MapPin } from "lucide-react";
import type { ReactNode } from "react";

import type { PropertyType } from "../content/property-types.ts";
import { useSiteCopy } from "../lib/site-copy.tsx";
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
  const { common, catalogueText } = useSiteCopy();
  const { catalogue } = common;
  const { propertyTypeText } = catalogueText;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {types.map((spanishType) => {
        // The text in the page's language; the type itself (its `tipo`, the forms' value) is the Spanish one.
        const type = { ...spanishType, ...propertyTypeText[spanishType.slug] };
        const headingId = `tipo-${type.slug}`;
        return (
          <CatalogueCard
            key={type.slug}
            image={{ kind: "property-type", slug: type.slug, alt: catalogue.typeImageAlt(type.tipo) }}
            title={type.tipo}
            headingId={headingId}
            action={renderAction(spanishType, headingId)}
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
