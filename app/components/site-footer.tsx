import { Clock, Mail, MapPin, Phone, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";

import { site } from "../config/site.ts";
import { useSiteCopy } from "../lib/site-copy.tsx";
import { pathIn, privacyPath } from "../site-map.ts";

const linkClass = "text-paper underline decoration-sand/50 underline-offset-4 hover:decoration-sand";

/** Business facts and every section, on every page. */
export function SiteFooter() {
  const { lang, common, legal } = useSiteCopy();
  const { footer, pageLinks } = common;
  const { authorityLegend } = legal;
  const tel = `tel:+${site.whatsappNumber}`;
  return (
    <footer data-tone="dark" className="border-t-4 border-sand/70 bg-ink-deep text-[#c9d2dc]">
      <div className="container-page grid gap-10 py-14 md:grid-cols-[1.3fr_1fr_1fr]">
        <div>
          <p className="font-display text-2xl font-semibold text-paper">{site.businessName}</p>
          <p className="mt-1 text-sm font-medium text-sand">{footer.registration}</p>
          <p className="mt-4 max-w-sm leading-relaxed">{footer.tagline}</p>
        </div>
        <div>
          <h2 className="text-sm font-semibold tracking-widest text-sand uppercase">{footer.contactTitle}</h2>
          <ul className="mt-4 space-y-3">
            <ContactItem icon={Phone} label={footer.phoneLabel}>
              <a href={tel} className={linkClass}>
                {site.phoneDisplay}
              </a>
            </ContactItem>
            <ContactItem icon={Mail} label={footer.emailLabel}>
              <a href={`mailto:${site.email}`} className={`${linkClass} [overflow-wrap:anywhere]`}>
                {site.email}
              </a>
            </ContactItem>
            <ContactItem icon={MapPin} label={footer.addressLabel}>
              {footer.address}
            </ContactItem>
            <ContactItem icon={Clock} label={footer.hoursLabel}>
              {footer.hours}
            </ContactItem>
          </ul>
        </div>
        <nav aria-labelledby="footer-servicios">
          <h2 id="footer-servicios" className="text-sm font-semibold tracking-widest text-sand uppercase">
            {footer.servicesTitle}
          </h2>
          <ul className="mt-4 space-y-1">
            {pageLinks.map((item) => (
              <li key={item.path}>
                <Link to={item.path} className={`${linkClass} inline-flex min-h-11 items-center md:min-h-9`}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <div className="container-page flex flex-col gap-3 py-5 text-sm">
          <p className="flex flex-wrap items-center gap-x-6 gap-y-1">
            <span>{footer.rights}</span>
            <Link
              to={pathIn(lang, privacyPath)}
              className={`${linkClass} inline-flex min-h-11 items-center md:min-h-9`}
            >
              {footer.privacy}
            </Link>
          </p>
          {/* Disposición 10/2008: the data-protection notice, visible on every page of the site. */}
          <p className="max-w-4xl text-xs leading-relaxed text-[#aab6c3]">{authorityLegend.join(" ")}</p>
        </div>
      </div>
    </footer>
  );
}

/** One contact fact: a decorative icon, a label for screen readers, the value. */
function ContactItem({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-3">
      <Icon aria-hidden="true" focusable="false" className="mt-0.5 size-5 shrink-0 text-sand" />
      <span>
        <span className="sr-only">{label}: </span>
        {children}
      </span>
    </li>
  );
}
