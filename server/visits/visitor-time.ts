/**
 * The visitor's own time beside Buenos Aires time on the client's pages (issue 46, decision
 * 0041). The server cannot know the visitor's zone, so the pages say Buenos Aires time (what the
 * visit is in, with scripts or without) and this small script, when it runs, adds the visitor's
 * clock under each window whose time reads differently where the browser is. It is served by
 * the visits feature from this origin (the pages' Content-Security-Policy allows scripts from
 * 'self' only); the public pages' island is not loaded here, so a client's link never starts the
 * page-view beacon with its token in the address.
 */
export const visitorTimePath = "/api/visita-hora.js";

/** Each `<time datetime data-hasta>` gets its window in the browser's zone when that differs. */
export const visitorTimeScript = `(() => {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const english = document.documentElement.lang.startsWith("en");
  const options = { weekday: "long", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit", hourCycle: "h23" };
  const locale = english ? "en-GB" : "es-AR";
  const here = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
  const there = new Intl.DateTimeFormat(locale, { ...options, timeZone: "America/Argentina/Buenos_Aires" });
  const clock = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone });
  for (const time of document.querySelectorAll("time[datetime][data-hasta]")) {
    const start = new Date(time.getAttribute("datetime"));
    const end = new Date(time.getAttribute("data-hasta"));
    if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) continue;
    if (here.format(start) === there.format(start)) continue;
    const note = document.createElement("span");
    note.className = "block text-ink-muted";
    note.textContent = (english ? "Your time: " : "Tu hora: ") + here.format(start) + (english ? " to " : " a ") + clock.format(end) + " (" + zone.replaceAll("_", " ") + ")";
    time.parentElement.append(note);
  }
  // Tests wait for this: the page has compared its zones.
  document.documentElement.dataset.horaLocal = zone;
})();
`;
