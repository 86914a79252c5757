import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router";

import { site } from "../config/site.ts";
import { footer, nav, serviceLinks } from "../content/es/common.ts";

const linkClass = "text-paper underline decoration-sand/50 underline-offset-4 hover:decoration-sand";
const iconClass = "mt-0.5 size-5 shrink-0 text-sand";

/** Business facts and every section, on every page. */
export function SiteFooter() {
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
            <li className="flex gap-3">
              <Phone aria-hidden="true" focusable="false" className={iconClass} />
              <span>
                <span className="sr-only">{footer.phoneLabel}: </span>
                <a href={tel} className={linkClass}>
                  {site.phoneDisplay}
                </a>
              </span>
            </li>
            <li className="flex gap-3">
              <Mail aria-hidden="true" focusable="false" className={iconClass} />
              <span>
                <span className="sr-only">{footer.emailLabel}: </span>
                <a href={`mailto:${site.email}`} className={`${linkClass} [overflow-wrap:anywhere]`}>
                  {site.email}
                </a>
              </span>
            </li>
            <li className="flex gap-3">
              <MapPin aria-hidden="true" focusable="false" className={iconClass} />
              <span>
                <span className="sr-only">{footer.addressLabel}: </span>
                {footer.address}
              </span>
            </li>
            <li className="flex gap-3">
              <Clock aria-hidden="true" focusable="false" className={iconClass} />
              <span>
                <span className="sr-only">{footer.hoursLabel}: </span>
                {footer.hours}
              </span>
            </li>
          </ul>
        </div>
        <nav aria-labelledby="footer-servicios">
          <h2 id="footer-servicios" className="text-sm font-semibold tracking-widest text-sand uppercase">
            {footer.servicesTitle}
          </h2>
          <ul className="mt-4 space-y-1">
            {[nav[0]!, ...serviceLinks].map((item) => (
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
        <p className="container-page py-5 text-sm">{footer.rights}</p>
      </div>
    </footer>
  );
}
