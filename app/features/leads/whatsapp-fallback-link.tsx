import { MessageCircle } from "lucide-react";
import type { ReactNode, Ref } from "react";

import { buttonStyles } from "../../components/button-styles.ts";

/**
 * A real link carrying a lead's WhatsApp URL, for when the browser refused to
 * open the tab itself or the form service failed: the visitor's own tap opens it.
 */
export function WhatsAppFallbackLink({
  href,
  children,
  onClick,
  ref,
}: {
  href: string;
  children: ReactNode;
  onClick?: () => void;
  ref?: Ref<HTMLAnchorElement>;
}) {
  return (
    <a
      ref={ref}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onClick}
      className={buttonStyles.whatsapp}
    >
      <MessageCircle aria-hidden="true" focusable="false" className="size-5 shrink-0" strokeWidth={2} />
      {children}
    </a>
  );
}
