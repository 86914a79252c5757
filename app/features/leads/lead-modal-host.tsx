import { lazy, Suspense, useEffect, useRef, useState } from "react";

import { isModalFormId, type ModalFormId } from "./forms/catalogue.ts";
import type { ModalRequest } from "./modal-request.ts";
import { replayInlineSubmit, takePendingLead } from "./pending-intent.ts";

// The modal and the form definitions stay out of the page's initial JavaScript.
const loadModal = () => import("./lead-modal.tsx");
const LeadModal = lazy(loadModal);

function openerFrom(target: EventTarget | null): HTMLElement | null {
  const opener = target instanceof Element ? target.closest("[data-lead-form]") : null;
  return opener instanceof HTMLElement ? opener : null;
}

/**
 * Opens the lead form modals for every LeadButton on the page: one delegated
 * click listener reads the opener's data attributes. (A tap made before
 * hydration has already followed the link to the page's own form.) An in-page
 * submit the boot loader held back is replayed once, on mount.
 */
export function LeadModalHost() {
  const [request, setRequest] = useState<ModalRequest | null>(null);
  const [open, setOpen] = useState(false);
  const sequence = useRef(0);

  useEffect(() => {
    function openForm(form: ModalFormId, preset: string | null, opener: HTMLElement | null) {
      sequence.current += 1;
      setRequest({ form, preset, opener, sequence: sequence.current });
      setOpen(true);
    }
    function onClick(event: MouseEvent) {
      // A new tab or window (Ctrl, Cmd, Shift, middle button) follows the link to the page's form.
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      const opener = openerFrom(event.target);
      const form = opener?.dataset.leadForm;
      if (!opener || !isModalFormId(form)) return;
      event.preventDefault();
      openForm(form, opener.dataset.leadPreset ?? null, opener);
    }
    // Fetch the modal's code as soon as the visitor heads for an opener.
    function warm(event: Event) {
      if (openerFrom(event.target)) void loadModal();
    }

    document.addEventListener("click", onClick);
    document.addEventListener("pointerover", warm, { passive: true });
    document.addEventListener("focusin", warm);

    const pending = takePendingLead();
    if (pending) replayInlineSubmit(pending.submit);

    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("pointerover", warm);
      document.removeEventListener("focusin", warm);
    };
  }, []);

  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <LeadModal request={request} open={open} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
