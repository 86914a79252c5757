import type { ComponentProps } from "react";

import type { ModalFormId } from "./forms/form-ids.ts";

type LeadButtonProps = Omit<ComponentProps<"button">, "type"> & {
  /** Which lead form the button opens in a modal. */
  form: ModalFormId;
  /** Value preselected in the form: a tower, a property type, 'Consulta general'... */
  preset?: string;
};

/**
 * A plain button that opens a lead form. It carries its intent in data
 * attributes so that one delegated listener (LeadModalHost) handles every
 * opener, and so that a tap made before hydration can be remembered by the
 * page's boot script and replayed once the app is ready.
 */
export function LeadButton({ form, preset, children, ...props }: LeadButtonProps) {
  return (
    <button type="button" data-lead-form={form} data-lead-preset={preset} {...props}>
      {children}
    </button>
  );
}
