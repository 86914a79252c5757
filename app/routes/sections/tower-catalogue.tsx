import type { ReactNode } from "react";

import { buttonStyles } from "../../components/button-styles.ts";
import { Section, SectionHeading } from "../../components/section.tsx";
import { TowerGrid } from "../../components/tower-grid.tsx";
import type { SectionIntro } from "../../content/types.ts";
import { towers } from "../../content/towers.ts";
import { LeadButton } from "../../features/leads/markup/lead-button.tsx";
import type { ModalFormId } from "../../features/leads/forms/catalogue.ts";

type TowerCatalogueProps = {
  id: string;
  copy: SectionIntro;
  /** The form each tower's button opens, with the tower preselected. */
  form: ModalFormId;
  buttonLabel: string;
  tone?: "plain" | "tint";
  aside?: ReactNode;
};

/** The 26 towers, each with a button that opens `form` for that tower. */
export function TowerCatalogue({ id, copy, form, buttonLabel, tone = "plain", aside }: TowerCatalogueProps) {
  return (
    <Section id={id} labelledBy={`${id}-titulo`} tone={tone}>
      <SectionHeading id={`${id}-titulo`} {...copy} aside={aside} />
      <TowerGrid
        towers={towers}
        renderAction={(tower, headingId) => (
          <LeadButton
            form={form}
            preset={tower.nombre}
            aria-describedby={headingId}
            className={buttonStyles.card}
          >
            {buttonLabel}
          </LeadButton>
        )}
      />
    </Section>
  );
}
