import { MessageCircle } from "lucide-react";
import type { ReactNode } from "react";

import { site } from "../config/site.ts";
import { buildWhatsAppUrl } from "../lib/whatsapp.ts";
import { buttonStyles } from "./button-styles.ts";

type WhatsAppLinkProps = {
  /** The message the chat opens with. */
  text: string;
  /** Read by screen readers after the visible label, e.g. that a new tab opens. */
  hint?: string;
  className?: string;
  children: ReactNode;
};

/**
 * A real link to the business WhatsApp: it works without JavaScript and opens
 * inside the visitor's own click, so no popup blocker stops it.
 */
export function WhatsAppLink({ text, hint, className = buttonStyles.whatsapp, children }: WhatsAppLinkProps) {
  return (
    <a
      href={buildWhatsAppUrl(site.whatsappNumber, text)}
      target="_blank"
      rel="noopener noreferrer"
      className={className}
    >
      <MessageCircle aria-hidden="true" focusable="false" className="size-5 shrink-0" strokeWidth={2} />
      <span>{children}</span>
      {hint ? <span className="sr-only">({hint})</span> : null}
    </a>
  );
}
