import type { ReactNode, Ref } from "react";

/** A real link to WhatsApp, for when the browser refused to open the tab itself. */
export function WhatsAppLink({
  href,
  children,
  onClick,
  ref,
}: {
  href: string;
  ref?: Ref<HTMLAnchorElement>;
  children: ReactNode;
  onClick?: () => void;
}) {
  return (
    <a
      ref={ref}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onClick}
      className="inline-flex min-h-11 items-center justify-center rounded-md bg-whatsapp px-5 py-2.5 text-base font-semibold text-ink no-underline hover:bg-whatsapp-hover"
    >
      {children}
    </a>
  );
}
