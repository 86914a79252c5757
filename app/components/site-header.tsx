import { Menu, X } from "lucide-react";
import { Link, NavLink, useLocation } from "react-router";

import { site } from "../config/site.ts";
import { useSiteCopy } from "../lib/site-copy.tsx";
import { notFoundPaths, twinOf, type Lang } from "../site-map.ts";
import { buttonStyles } from "./button-styles.ts";
import { WhatsAppLink } from "./whatsapp-link.tsx";

const menuId = "menu-principal";
const linkBase =
  "inline-flex min-h-11 items-center rounded-md px-3 text-[0.9375rem] font-medium no-underline transition-colors";
const desktopLink = ({ isActive }: { isActive: boolean }) =>
  `${linkBase} ${
    isActive
      ? "text-ink font-semibold underline decoration-brass decoration-2 underline-offset-[0.6rem]"
      : "text-ink-muted hover:text-ink"
  }`;
const mobileLink = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-12 items-center border-l-4 px-4 text-lg no-underline ${
    isActive
      ? "border-brass bg-sand-50 font-semibold text-ink"
      : "border-transparent text-ink hover:bg-sand-50"
  }`;

/**
 * The fixed top bar. Below the md breakpoint the links fold into a menu built
 * on the Popover API: the toggle works in the static HTML, and the browser
 * closes it on Escape or a tap outside and returns focus to the toggle. Once
 * the page's island runs (menu-island.ts), the button also carries
 * aria-expanded and names what it does; before that the browser exposes the state itself.
 * NavLink marks the current page with aria-current="page". The home link of
 * each language ("/", "/en") is current only on itself, matched by hand: the
 * prerenderer renders each page at "/path/", which an exact match would miss.
 */
export function SiteHeader() {
  const { pathname } = useLocation();
  const { lang, common } = useSiteCopy();
  const { header, nav, whatsappTexts } = common;
  const home = nav[0]!.path;
  const atHome = (pathname.replace(/\/+$/, "") || "/") === home;

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-paper/95 backdrop-blur supports-[backdrop-filter]:bg-paper/85">
      <div className="container-page flex h-16 items-center gap-3">
        <Link
          to={home}
          aria-label={header.homeLabel}
          className="mr-auto line-clamp-2 min-w-0 font-display text-base leading-tight font-semibold tracking-tight text-ink no-underline sm:text-xl"
        >
          {site.businessName}
        </Link>
        <nav aria-label={header.navLabel} className="hidden md:block">
          <ul className="flex items-center gap-1">
            {nav.map((item) => (
              <li key={item.path}>
                {item.path === home ? (
                  <Link
                    to={item.path}
                    aria-current={atHome ? "page" : undefined}
                    className={desktopLink({ isActive: atHome })}
                  >
                    {item.label}
                  </Link>
                ) : (
                  <NavLink to={item.path} className={desktopLink}>
                    {item.label}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitch pathname={pathname} lang={lang} />
        <WhatsAppLink
          text={whatsappTexts.contact}
          hint={header.contactHint}
          className={`${buttonStyles.whatsapp} shrink-0 px-3 sm:px-4`}
        >
          {header.contact}
        </WhatsAppLink>
        <button
          type="button"
          popoverTarget={menuId}
          aria-controls={menuId}
          aria-label={header.menuOpen}
          data-menu-toggle=""
          data-label-open={header.menuOpen}
          data-label-close={header.menuClose}
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-md border border-ink/20 text-ink hover:bg-sand-50 md:hidden"
        >
          <Menu aria-hidden="true" focusable="false" className="size-6" />
          {/* Shown while the menu is open (menu-island.ts). */}
          <X aria-hidden="true" focusable="false" className="hidden size-6" />
        </button>
      </div>
      <div
        id={menuId}
        popover="auto"
        className="inset-x-0 top-16 bottom-auto m-0 h-auto w-full max-w-none border-0 border-b border-line bg-paper p-0 text-ink shadow-lg backdrop:bg-ink/20 md:hidden"
      >
        <nav aria-label={header.menuTitle} className="py-2">
          <ul>
            {nav.map((item) => (
              <li key={item.path}>
                {item.path === home ? (
                  <Link
                    to={item.path}
                    aria-current={atHome ? "page" : undefined}
                    className={mobileLink({ isActive: atHome })}
                  >
                    {item.label}
                  </Link>
                ) : (
                  <NavLink to={item.path} className={mobileLink}>
                    {item.label}
                  </NavLink>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}

/** What the switch says, each language in its own words. */
const switchLabels: Record<Lang, { name: string; short: string; hint: string }> = {
  es: { name: "Español", short: "ES", hint: "Ver esta página en español" },
  en: { name: "English", short: "EN", hint: "View this page in English" },
};

/**
 * The same page in the other language (product decision 18); where a page has
 * no twin (an unknown path), the other language's home page. A plain link:
 * the visitor chooses, the site never switches by itself.
 */
function LanguageSwitch({ pathname, lang }: { pathname: string; lang: Lang }) {
  const other: Lang = lang === "es" ? "en" : "es";
  const label = switchLabels[other];
  const target = twinOf(pathname) ?? (other === "en" ? "/en" : "/");
  const isErrorPage = Object.values(notFoundPaths).includes(pathname.replace(/\/$/, ""));
  return (
    <Link
      to={isErrorPage ? (other === "en" ? "/en" : "/") : target}
      hrefLang={other === "es" ? "es-AR" : "en"}
      lang={other === "es" ? "es-AR" : "en"}
      title={label.hint}
      data-language-switch=""
      className="inline-flex min-h-11 shrink-0 items-center rounded-md px-2 text-[0.9375rem] font-semibold text-ink-muted underline decoration-line underline-offset-4 hover:text-ink"
    >
      <span className="sm:hidden" aria-hidden="true">
        {label.short}
      </span>
      <span className="max-sm:sr-only">{label.name}</span>
    </Link>
  );
}
