import { CircleCheck, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";

import { buttonStyles } from "../../components/button-styles.ts";
import { useFormCopy, useLocalForm } from "./form-copy.ts";
import { modalForms } from "./form-registry.ts";
import type { LeadValues } from "./forms/types.ts";
import { handOff } from "./handoff.ts";
import { LeadForm } from "./lead-form.tsx";
import type { ModalRequest } from "./modal-request.ts";
import { forgetAnswers } from "./saved-answers.ts";
import { WhatsAppFallbackLink } from "./whatsapp-fallback-link.tsx";

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A lead form in a native modal dialog: the page behind is inert and does not
 * scroll, Tab cycles inside, Escape / Cancelar / the close icon close it, and
 * focus returns to the button that opened it. The dialog stays mounted once
 * loaded, so closing by mistake keeps what was typed (same form and preset).
 */
export default function LeadModal({
  request,
  open,
  onClose,
}: {
  request: ModalRequest;
  open: boolean;
  onClose: () => void;
}) {
  const definition = useLocalForm(modalForms[request.form]);
  const { copy } = useFormCopy();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [resets, setResets] = useState(0);
  // The tab WhatsApp should have opened in, when the browser refused it.
  const [refused, setRefused] = useState<{ sequence: number; url: string } | null>(null);
  const refusedUrl = refused?.sequence === request.sequence ? refused.url : null;
  const whatsAppLink = useRef<HTMLAnchorElement>(null);
  // The service did not store the last request: only the WhatsApp message carries it.
  const [notRecorded, setNotRecorded] = useState(false);

  // The form hides behind the "Abrir WhatsApp" panel: focus follows.
  useEffect(() => {
    if (refusedUrl) whatsAppLink.current?.focus();
  }, [refusedUrl]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!open) {
      if (dialog.open) dialog.close();
      const opener = request.opener?.isConnected
        ? request.opener
        : document.querySelector<HTMLElement>(`[data-lead-form="${request.form}"]`);
      opener?.focus();
      return;
    }
    if (!dialog.open) dialog.showModal();
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    // The first field a person fills: not the hidden page field, nor the honeypot Tab skips.
    dialog
      .querySelector<HTMLElement>(
        'form:not([hidden]) :is(input:not([type="hidden"], [tabindex="-1"]), select, textarea)',
      )
      ?.focus();
    return () => {
      root.style.overflow = overflow;
    };
  }, [open, request]);

  function submit(values: LeadValues, form: HTMLFormElement) {
    const { opened, url, recorded } = handOff(definition, values, form);
    setNotRecorded(false);
    void recorded.then((stored) => setNotRecorded(!stored));
    if (opened) {
      handedOff();
      onClose();
    } else setRefused({ sequence: request.sequence, url });
  }

  /** Once the message is on its way: the saved answers go, and the home form starts empty (spec). */
  function handedOff() {
    forgetAnswers(definition.id);
    if (definition.id === "express") setResets((count) => count + 1);
  }

  function trapTab(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab") return;
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>(focusable)].filter(
      (item) => item.getClientRects().length > 0,
    );
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <>
      {/* Once the modal closed on a request the service did not store, the page says so. */}
      {notRecorded && !open && (
        <div
          role="alert"
          data-not-recorded
          className="fixed inset-x-2 bottom-2 z-50 mx-auto flex max-w-xl items-start gap-3 rounded-md border border-red-700/30 bg-red-50 p-4 text-red-800 shadow-xl"
        >
          <p className="font-medium">{copy.notRecorded}</p>
          <button type="button" onClick={() => setNotRecorded(false)} className="shrink-0 underline">
            {copy.close}
          </button>
        </div>
      )}
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        onCancel={(event) => {
          event.preventDefault();
          onClose();
        }}
        onClose={() => {
          if (open) onClose();
        }}
        onKeyDown={trapTab}
        className="m-auto max-h-[calc(100dvh-1rem)] w-[calc(100%-1rem)] max-w-2xl flex-col overflow-hidden rounded-xl bg-white p-0 text-ink shadow-xl backdrop:bg-ink-deep/70 open:flex"
      >
        {/* Only the body scrolls: a field scrolled into view never hides under the title bar. */}
        <div className="flex shrink-0 items-start justify-between gap-4 border-b border-line bg-white px-5 py-4">
          <div>
            <h2 id={titleId} className="font-display text-2xl font-semibold text-ink">
              {definition.title}
            </h2>
            {definition.description && (
              <p className="mt-1 text-sm text-ink-muted">{definition.description}</p>
            )}
          </div>
          <button
            type="button"
            aria-label={copy.close}
            onClick={onClose}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-md text-ink-muted hover:bg-sand-50"
          >
            <X aria-hidden="true" className="size-6" />
          </button>
        </div>
        <div className="overflow-y-auto overscroll-contain px-5 py-5">
          {refusedUrl && (
            <div role="status" className="flex flex-col items-start gap-3">
              <CircleCheck aria-hidden="true" className="size-8 text-water" />
              <h3 className="text-lg font-semibold">{copy.readyTitle}</h3>
              <p className="text-ink-muted">{copy.readyText}</p>
              {notRecorded && <p className="font-medium text-red-800">{copy.notRecorded}</p>}
              <div className="flex w-full flex-col gap-3 sm:flex-row">
                <WhatsAppFallbackLink
                  ref={whatsAppLink}
                  href={refusedUrl}
                  onClick={() => {
                    handedOff();
                    onClose();
                  }}
                >
                  {copy.openWhatsApp}
                </WhatsAppFallbackLink>
                <button type="button" onClick={onClose} className={buttonStyles.secondary}>
                  {copy.close}
                </button>
              </div>
            </div>
          )}
          <LeadForm
            key={`${request.form}|${request.preset ?? ""}|${resets}`}
            hidden={refusedUrl !== null}
            aria-labelledby={titleId}
            definition={definition}
            page={window.location.pathname}
            preset={request.preset}
            onValues={submit}
            actions={
              <button type="button" onClick={onClose} className={buttonStyles.secondary}>
                {copy.cancel}
              </button>
            }
          />
        </div>
      </dialog>
    </>
  );
}
