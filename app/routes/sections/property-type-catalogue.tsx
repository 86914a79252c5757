import { buttonStyles } from "../../components/button-styles.ts";
import { PropertyTypeGrid } from "../../components/property-type-grid.tsx";
import { Section, SectionHeading } from "../../components/section.tsx";
import { propertyTypes } from "../../content/property-types.ts";
import type { SectionIntro } from "../../content/types.ts";
import { useSiteCopy } from "../../lib/site-copy.tsx";
import { LeadButton } from "../../features/leads/markup/lead-button.tsx";
import type { ModalFormId } from "../../features/leads/forms/catalogue.ts";

type PropertyTypeCatalogueProps = {
  id: string;
  copy: SectionIntro;
  /** The form each type's button opens, with the type preselected. */
  form: ModalFormId;
  buttonLabel: (tipo: string) => string;
  showZone?: boolean;
  tone?: "plain" | "tint";
};

/** The six property types, each with a "Tasar {tipo}" button that opens `form`. */
export function PropertyTypeCatalogue({
  id,
  copy,
  form,
  buttonLabel,
  showZone,
  tone = "plain",
}: PropertyTypeCatalogueProps) {
  const { propertyTypeText } = useSiteCopy().catalogueText;
  return (
    <Section id={id} labelledBy={`${id}-titulo`} tone={tone}>
      <SectionHeading id={`${id}-titulo`} {...copy} />
      <PropertyTypeGrid
        types={propertyTypes}
        showZone={showZone}
        renderAction={(type) => (
          <LeadButton form={form} preset={type.tipo} className={buttonStyles.card}>
            {buttonLabel(propertyTypeText[type.slug]?.tipo ?? type.tipo)}
          </LeadButton>
        )}
      />
    </Section>
  );
}
