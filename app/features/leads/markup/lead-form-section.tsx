import { useLocalPath } from "../../../lib/lang.ts";
import { formPages, formSectionId } from "./form-pages.ts";
import type { ModalFormId } from "../forms/catalogue.ts";
import { modalForms } from "./form-registry.ts";
import { InlineWhatsAppForm } from "./inline-whatsapp-form.tsx";
import { formAttributes } from "../../../lib/form-protocol.ts";

/**
 * The page's own copy of its modal form, where every opener's link leads: a
 * visitor without JavaScript (or whose scripts have not arrived yet) fills and
 * posts it in the page. Hidden until its link is followed (`:target`); with
 * JavaScript the openers open the modal instead.
 */
export function LeadFormSection({ form }: { form: ModalFormId }) {
  const page = useLocalPath()(formPages(form));
  return (
    <div
      id={formSectionId}
      {...{ [formAttributes.section]: form }}
      className="hidden bg-sand-50 py-16 target:block md:py-24"
    >
      <div className="container-page">
        <div className="mx-auto max-w-3xl">
          <InlineWhatsAppForm definition={modalForms[form]} page={page} />
        </div>
      </div>
    </div>
  );
}
