import { MapPin, Sparkles } from "lucide-react";
import type { ReactNode } from "react";

import { catalogue } from "../content/es/common.ts";
import type { Tower } from "../content/towers.ts";
import { CatalogueCard, DetailLine } from "./catalogue-card.tsx";

type TowerGridProps = {
  towers: readonly Tower[];
  /** The card's action (a LeadButton with the tower preselected); gets the card heading's id. */
  renderAction: (tower: Tower, headingId: string) => ReactNode;
};

/** The catalogue of towers: image, name, address and amenities, one action each. */
export function TowerGrid({ towers, renderAction }: TowerGridProps) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {towers.map((tower) => {
        const headingId = `torre-${tower.slug}`;
        return (
          <CatalogueCard
            key={tower.slug}
            image={{ kind: "tower", slug: tower.slug, alt: catalogue.towerImageAlt(tower.nombre) }}
            title={tower.nombre}
            headingId={headingId}
            action={renderAction(tower, headingId)}
          >
            <DetailLine icon={MapPin} label={catalogue.addressLabel} iconClassName="text-water">
              {tower.direccion}
            </DetailLine>
            <DetailLine icon={Sparkles} label={catalogue.amenitiesLabel} iconClassName="text-brass">
              {tower.amenities}
            </DetailLine>
          </CatalogueCard>
        );
      })}
    </ul>
  );
}
