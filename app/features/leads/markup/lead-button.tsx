import type { ComponentProps } from "react";

import { useLang } from "../../../lib/lang.ts";
import { leadFormHref } from "./form-pages.ts";
import type { ModalFormId } from "../forms/catalogue.ts";
import { formAttributes } from "../../../lib/form-protocol.ts";

type LeadButtonProps = Omit<ComponentProps<"a">, "href"> & {
  /** Which lead form the opener opens in a modal. */
  form: ModalFormId;
  /** Value preselected in the form: a tower, a property type, 'Consulta general'... */
  preset?: string;
};

/**
 * Opens a lead form. It is a real link to the form (its section on the page,
 * or a tower's own page), so it works without JavaScript; with JavaScript one delegated listener
 * (LeadModalHost) opens the form in a modal instead, reading the intent from
 * the data attributes. A tap before hydration follows the link (the boot
 * loader applies the preset to a form on the same page).
 */
export function LeadButton({ form, preset, children, ...props }: LeadButtonProps) {
  return (
    <a
      href={leadFormHref(form, preset, useLang())}
      {...{ [formAttributes.opener]: form, [formAttributes.openerPreset]: preset }}
      {...props}
    >
      {children}
    </a>
  );
}
