import { useEffect } from "react";
import { useNavigation, useRevalidator } from "react-router";

import { publicationProgress as copy } from "../../content/es/inbox.ts";
import type { PublicationProgressView } from "./inbox-service.ts";

/** How often an open page asks again while a publication builds (with JavaScript). */
const pollEveryMs = 1_000;

/**
 * What a publication or preview started on /bandeja/sitio is doing, read out as it
 * changes (a polite live region present from the first paint, so each change is
 * announced). The text comes from the server's progress; while the form is being
 * sent, from the button pressed.
 */
export function PublicationStatus({ progress }: { progress: PublicationProgressView | null }) {
  const sending = useSentWork();
  const revalidator = useRevalidator();
  const underWay = progress?.state === "en-curso";
  useEffect(() => {
    if (!underWay) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, pollEveryMs);
    return () => clearInterval(timer);
  }, [underWay, revalidator]);

  const text = sending ? sendingText(sending) : progress ? progressText(progress) : "";
  const failed = !sending && progress?.state === "fallo";
  return (
    <p
      id="progreso"
      aria-live="polite"
      aria-atomic="true"
      className={
        text
          ? `scroll-mt-24 rounded-xl border-2 p-4 font-semibold ${failed ? "border-red-700 bg-white text-red-800" : "border-water bg-white"}`
          : "sr-only"
      }
    >
      {text}
    </p>
  );
}

/** «Publicar» and «Ver vista previa» are off while one builds, or while the press is being sent. */
export function usePublicationBusy(building: boolean): boolean {
  const sent = useSentWork();
  return building || sent !== undefined;
}

function useSentWork(): "publicar" | "vista-previa" | undefined {
  const navigation = useNavigation();
  const intent = navigation.state === "idle" ? undefined : navigation.formData?.get("intent");
  return intent === "publicar" || intent === "vista-previa" ? intent : undefined;
}

function sendingText(work: "publicar" | "vista-previa"): string {
  return work === "publicar" ? copy.starting : copy.startingPreview;
}

function progressText(progress: PublicationProgressView): string {
  const preview = progress.work.kind === "vista-previa";
  if (progress.state === "en-curso")
    return preview ? copy.previewing(progress.seconds) : copy.publishing(progress.seconds);
  if (progress.state === "fallo")
    return preview ? copy.notPreviewed(progress.message ?? "") : copy.notPublished(progress.message ?? "");
  return preview
    ? copy.previewed(progress.pages ?? 0, progress.seconds)
    : copy.published(progress.number ?? 0, progress.seconds);
}
