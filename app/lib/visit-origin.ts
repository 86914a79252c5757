/**
 * Where the visit began, kept for the tab only (decision 0016): the page it
 * landed on, the referring site's host (never its address), the landing
 * address's campaign parameters and whether it is a phone. Captured once, at
 * the first page of the tab, in sessionStorage (gone when the tab closes; no
 * cookie); the lead forms send it with the lead, under these field names.
 */
export type VisitOrigin = {
  landing: string;
  referrer: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
  device: "phone" | "computer";
};

/** The reserved form fields that carry the origin to the lead service. */
export const originFields: Record<keyof VisitOrigin, string> = {
  landing: "_origen_pagina",
  referrer: "_origen_sitio",
  utmSource: "_utm_source",
  utmMedium: "_utm_medium",
  utmCampaign: "_utm_campaign",
  device: "_dispositivo",
};

/** Where the tab keeps its origin (sessionStorage): the one key that stays after a hand-off. */
export const originStorageKey = "origen-visita";

/** Phones and tablets by their browser's own word (the same test the service applies without scripts). */
export const phonePattern = /Mobi|Android|iPhone|iPad/i;

/** The tab's origin: the one stored at landing, or this page's (stored now) when it is the first. */
export function captureOrigin(
  location: Pick<Location, "pathname" | "search" | "host">,
  referrer: string,
  userAgent: string,
  storage: Pick<Storage, "getItem" | "setItem"> | undefined,
): VisitOrigin {
  const stored = readStored(storage);
  if (stored) return stored;
  const query = new URLSearchParams(location.search);
  const utm = (name: string) => (query.get(name) ?? "").trim().slice(0, 100);
  let referrerHost = "";
  try {
    const host = referrer ? new URL(referrer).host : "";
    if (host !== location.host) referrerHost = host;
  } catch {
    // An unreadable referrer is no referrer.
  }
  const origin: VisitOrigin = {
    landing: location.pathname,
    referrer: referrerHost,
    utmSource: utm("utm_source"),
    utmMedium: utm("utm_medium"),
    utmCampaign: utm("utm_campaign"),
    device: phonePattern.test(userAgent) ? "phone" : "computer",
  };
  try {
    storage?.setItem(originStorageKey, JSON.stringify(origin));
  } catch {
    // Storage refused (private mode, full): the origin lives for this page only.
  }
  return origin;
}

function readStored(storage: Pick<Storage, "getItem"> | undefined): VisitOrigin | undefined {
  try {
    const stored = JSON.parse(storage?.getItem(originStorageKey) ?? "null") as VisitOrigin | null;
    return stored && typeof stored.landing === "string" ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** The origin of the current tab in the browser; undefined during prerendering. */
export function tabOrigin(): VisitOrigin | undefined {
  if (typeof window === "undefined") return undefined;
  let storage: Storage | undefined;
  try {
    storage = window.sessionStorage;
  } catch {
    storage = undefined;
  }
  return captureOrigin(window.location, document.referrer, navigator.userAgent, storage);
}
