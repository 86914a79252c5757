import { lazy, memo, Suspense } from "react";

import { useLocalPath } from "../../lib/lang.ts";
import { formPages, formSectionId } from "./form-pages.ts";
import type { ModalFormId } from "./forms/catalogue.ts";

/**
 * The page's own copy of its modal form, where every opener's link leads: a
 * visitor without JavaScript (or whose scripts have not arrived yet) fills and
 * posts it in the page. Hidden until its link is followed (`:target`); with
 * JavaScript the openers open the modal instead.
 *
 * In the browser its code loads only once the section is the link's target.
 * Until then React leaves the prerendered form untouched (a suspended boundary
 * is not hydrated, and memo keeps page updates from reaching it), so the
 * page's first JavaScript does not carry the form, and whatever was typed in
 * it stays. (The prerender waits for it and writes it in place: see
 * entry.server.tsx.)
 */
const SectionForm = lazy(() => sectionTargeted().then(() => import("./section-form.tsx")));

function sectionTargeted(): Promise<void> {
  if (typeof window === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    function check() {
      if (window.location.hash !== `#${formSectionId}`) return;
      window.removeEventListener("hashchange", check);
      resolve();
    }
    window.addEventListener("hashchange", check);
    check();
  });
}

export const LeadFormSection = memo(function LeadFormSection({ form }: { form: ModalFormId }) {
  const page = useLocalPath()(formPages(form));
  return (
    <div
      id={formSectionId}
      data-lead-section={form}
      className="hidden bg-sand-50 py-16 target:block md:py-24"
    >
      <div className="container-page">
        <div className="mx-auto max-w-3xl">
          <Suspense fallback={null}>
            <SectionForm form={form} page={page} />
          </Suspense>
        </div>
      </div>
    </div>
  );
});
