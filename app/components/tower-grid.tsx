import { MapPin, Sparkles } from "lucide-react";
import type { ReactNode } from "react";

import { catalogue } from "../content/es/common.ts";
import type { Tower } from "../content/towers.ts";
import { CatalogueImage } from "./catalogue-image.tsx";

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
          <li
            key={tower.slug}
            className="flex flex-col overflow-hidden rounded-lg border border-line bg-white"
          >
            <CatalogueImage
              kind="tower"
              slug={tower.slug}
              alt={catalogue.towerImageAlt(tower.nombre)}
              className="aspect-[16/10] h-auto w-full bg-sand-50 object-cover"
            />
            <div className="flex flex-1 flex-col p-5">
              <h3 id={headingId} className="font-display text-xl font-semibold text-ink">
                {tower.nombre}
              </h3>
              <p className="mt-2 flex gap-2 text-sm text-ink-muted">
                <MapPin aria-hidden="true" focusable="false" className="mt-0.5 size-4 shrink-0 text-water" />
                <span>
                  <span className="sr-only">{catalogue.addressLabel}: </span>
                  {tower.direccion}
                </span>
              </p>
              <p className="mt-2 flex gap-2 text-sm text-ink-muted">
                <Sparkles
                  aria-hidden="true"
                  focusable="false"
                  className="mt-0.5 size-4 shrink-0 text-brass"
                />
                <span>
                  <span className="sr-only">{catalogue.amenitiesLabel}: </span>
                  {tower.amenities}
                </span>
              </p>
              <div className="mt-auto pt-5">{renderAction(tower, headingId)}</div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
