import { MessageCircle } from "lucide-react";
import type { ReactNode } from "react";

import { buttonStyles } from "../../../components/button-styles.ts";
import { formAttributes, type FormState } from "../../../lib/form-protocol.ts";

/**
 * A real link carrying a lead's WhatsApp URL, for when the browser refused to
 * open the tab itself or the form service failed: the visitor's own tap opens
 * it. Rendered hidden with the bare chat address; the island shows it with the
 * lead's message (`data-whatsapp-fallback`).
 */
export function WhatsAppFallbackLink({
  href,
  children,
  hidden,
  "data-show": show,
}: {
  href: string;
  children: ReactNode;
  hidden?: boolean;
  "data-show"?: FormState;
}) {
  return (
    <a
      href={href}
      hidden={hidden}
      {...{ [formAttributes.show]: show, [formAttributes.whatsappFallback]: "" }}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonStyles.whatsapp}
    >
      <MessageCircle aria-hidden="true" focusable="false" className="size-5 shrink-0" strokeWidth={2} />
      {children}
    </a>
  );
}
