import { HardHat, MapPin, Sparkles } from "lucide-react";
import type { ReactNode } from "react";

import { Link } from "react-router";

import { isConfirmed, type Tower } from "../content/towers.ts";
import { useSiteCopy } from "../lib/site-copy.tsx";
import { towerPath } from "../site-map.ts";
import { CatalogueCard, DetailLine } from "./catalogue-card.tsx";
import { FactValue } from "./fact-value.tsx";

type TowerGridProps = {
  towers: readonly Tower[];
  /** The card's action (a LeadButton with the tower preselected); gets the card heading's id. */
  renderAction: (tower: Tower, headingId: string) => ReactNode;
};

/** The catalogue of towers: image, name (a link to the tower's page), address and amenities, one action each. */
export function TowerGrid({ towers, renderAction }: TowerGridProps) {
  const { lang, common, towerPage: copy } = useSiteCopy();
  const { catalogue } = common;
  const { addressLine, localTower, towerPage } = copy;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {towers.map((tower) => {
        const headingId = `torre-${tower.slug}`;
        return (
          <CatalogueCard
            key={tower.slug}
            image={{ kind: "tower", slug: tower.slug, alt: catalogue.towerImageAlt(tower.nombre) }}
            title={
              <Link
                to={towerPath(tower.slug, lang)}
                className="inline-block underline decoration-sand underline-offset-4 hover:text-water"
              >
                {tower.nombre}
              </Link>
            }
            headingId={headingId}
            action={renderAction(tower, headingId)}
          >
            <DetailLine icon={MapPin} label={catalogue.addressLabel} iconClassName="text-water">
              <FactValue confirmed={isConfirmed(tower, "direccion") && isConfirmed(tower, "dock")}>
                {addressLine(tower)}
              </FactValue>
            </DetailLine>
            {tower.status === "en construcción" && (
              <DetailLine icon={HardHat} label={catalogue.statusLabel} iconClassName="text-brass">
                <FactValue confirmed={isConfirmed(tower, "status")}>{towerPage.underConstruction}</FactValue>
              </DetailLine>
            )}
            <DetailLine icon={Sparkles} label={catalogue.amenitiesLabel} iconClassName="text-brass">
              <FactValue confirmed={isConfirmed(tower, "amenities")}>{localTower(tower).amenities}</FactValue>
            </DetailLine>
          </CatalogueCard>
        );
      })}
    </ul>
  );
}
