/**
 * Class names for everything that looks like a button: LeadButtons, links to
 * in-page forms and WhatsApp links share them. Every variant is at least 44 px
 * tall. WhatsApp green is only for links that open WhatsApp.
 */
const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-5 py-2.5 text-center text-base font-semibold no-underline transition-colors duration-150 cursor-pointer";

export const buttonStyles = {
  primary: `${base} bg-ink text-white hover:bg-water`,
  secondary: `${base} border border-ink/30 bg-white text-ink hover:border-ink hover:bg-sand-50`,
  onDark: `${base} bg-sand text-ink hover:bg-white`,
  whatsapp: `${base} bg-whatsapp text-ink hover:bg-whatsapp-hover`,
  /** A quieter, full-width action at the foot of a card. */
  card: `${base} w-full border border-ink/30 bg-white text-ink hover:border-ink hover:bg-ink hover:text-white`,
} as const;
