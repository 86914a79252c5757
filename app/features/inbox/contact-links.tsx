import { Mail, MessageCircle, Phone } from "lucide-react";

import { lead as copy } from "../../content/es/inbox.ts";
import { telHref, whatsappDigits } from "./phone.ts";

const action =
  "inline-flex min-h-11 items-center gap-2 rounded-md border border-ink/30 bg-white px-3 font-semibold text-ink no-underline hover:border-ink";

/**
 * The ways to answer a lead, phone first: WhatsApp and a call for the number
 * as typed, then the e-mail. The visitor's text only ever ends up in an
 * attribute React escapes, behind a fixed scheme.
 */
export function ContactLinks({
  name,
  phone,
  email,
}: {
  name: string | null;
  phone: string | null;
  email: string | null;
}) {
  const whatsapp = phone ? whatsappDigits(phone) : null;
  const tel = phone ? telHref(phone) : null;
  const who = name ?? phone ?? "";
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      {phone && (
        <div className="flex flex-wrap items-center gap-2">
          <span className="mr-1 font-semibold break-all">{phone}</span>
          {whatsapp && (
            <a
              href={`https://wa.me/${whatsapp}`}
              target="_blank"
              rel="noopener noreferrer"
              className={action}
              aria-label={`${copy.whatsapp}: ${who}`}
            >
              <MessageCircle aria-hidden="true" className="size-5" />
              {copy.whatsapp}
            </a>
          )}
          {tel && (
            <a href={tel} className={action} aria-label={`${copy.call}: ${who}`}>
              <Phone aria-hidden="true" className="size-5" />
              {copy.call}
            </a>
          )}
        </div>
      )}
      {email && (
        <a
          href={`mailto:${encodeURIComponent(email).replace(/%40/g, "@")}`}
          className="inline-flex min-h-11 items-center gap-2 break-all text-water"
        >
          <Mail aria-hidden="true" className="size-5 shrink-0" />
          {email}
        </a>
      )}
    </div>
  );
}
