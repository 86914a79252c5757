import { modalForms } from "./form-registry.ts";
import type { ModalFormId } from "./forms/catalogue.ts";
import { InlineWhatsAppForm } from "./inline-whatsapp-form.tsx";

/** A modal form rendered in its page's own section (loaded on demand by LeadFormSection). */
export default function SectionForm({ form, page }: { form: ModalFormId; page: string }) {
  return <InlineWhatsAppForm definition={modalForms[form]} page={page} />;
}
