/**
 * The mobile menu's state for assistive technology (site-header.tsx): the
 * Popover API opens and closes the menu without a script; once this runs the
 * toggle also says whether the menu is open (aria-expanded), names what a tap
 * does, and shows the close icon while open.
 */
export function startMenu(): void {
  const toggle = document.querySelector<HTMLButtonElement>("[data-menu-toggle]");
  const menu = toggle && document.getElementById(toggle.getAttribute("aria-controls") ?? "");
  if (!toggle || !menu) return;
  const update = () => {
    let open = false;
    try {
      open = menu.matches(":popover-open");
    } catch {
      // Browsers without the Popover API reject the selector.
    }
    toggle.setAttribute("aria-expanded", String(open));
    toggle.setAttribute("aria-label", (open ? toggle.dataset.labelClose : toggle.dataset.labelOpen) ?? "");
    const [openIcon, closeIcon] = toggle.querySelectorAll("svg");
    // A class, not the `hidden` attribute, which SVG does not have.
    openIcon?.classList.toggle("hidden", open);
    closeIcon?.classList.toggle("hidden", !open);
  };
  menu.addEventListener("toggle", update);
  update();
}
