// Inlined at the end of every public page (its hash is in the Content-Security-Policy).
// The page is complete HTML; its island (app/island.ts, one small module) is imported
// only once the page has loaded and painted and its web fonts have arrived (then at
// the next idle moment), so that no script competes with the first paint. Before
// that, nothing a visitor does is lost:
// - a form opener is a link to a form: it is followed at once, and when the form
//   is the page's own section the opener's preset (a tower, a type) is applied here,
//   in the page's language;
// - a form posts natively to the lead service; only a form with nowhere to post
//   (no service configured) is held back and replayed by the app once ready
//   (see app/features/leads/browser/pending-intent.ts).
// Either tap also imports the island at once.
(function () {
  var self = document.currentScript;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var island = document.createElement("script");
    island.type = "module";
    island.src = self.getAttribute("data-island");
    document.head.appendChild(island);
  }
  function preselect(opener) {
    var preset = opener.getAttribute("data-lead-preset");
    if (opener.pathname !== location.pathname) return;
    var form = document.querySelector(
      '[data-lead-section="' + opener.getAttribute("data-lead-form") + '"] form',
    );
    var field = preset && form && form.elements.namedItem(form.getAttribute("data-preset-field") || "");
    if (!field || !("value" in field)) return;
    var listed =
      field.tagName !== "SELECT" ||
      [].some.call(field.options, function (option) {
        return option.value === preset;
      });
    // A text field shows the preset in the page's language: on an English page it carries the
    // English of each value an opener can preset (data-preset-labels), as the island shows it.
    var labels = JSON.parse((field.getAttribute && field.getAttribute("data-preset-labels")) || "{}");
    if (listed) field.value = labels[preset] || preset;
  }
  // A form that posts natively carries where the tab's visit began (decision 0016), as the
  // island's post does: the tab kept it in sessionStorage since landing (app/lib/visit-origin.ts;
  // its key and field names are held to these by scripts/build/islands.test.ts).
  var originFields = {
    landing: "_origen_pagina",
    referrer: "_origen_sitio",
    utmSource: "_utm_source",
    utmMedium: "_utm_medium",
    utmCampaign: "_utm_campaign",
    device: "_dispositivo",
  };
  function carryOrigin(form) {
    try {
      var origin = JSON.parse(sessionStorage.getItem("origen-visita"));
      if (typeof origin.landing != "string") return;
      for (var part in originFields) {
        var input =
          form.elements.namedItem(originFields[part]) || form.appendChild(document.createElement("input"));
        input.type = "hidden";
        input.name = originFields[part];
        input.value = origin[part] || "";
      }
    } catch {
      // Nothing kept, or storage refused: the post says only what it shows (server/leads/origin.ts).
    }
  }
  function remember(event) {
    var target = event.target;
    if (target.method == "post") carryOrigin(target);
    if (document.documentElement.hasAttribute("data-hydrated")) return;
    if (event.type === "click") {
      var opener = target.closest && target.closest("a[data-lead-form]");
      if (!opener) return;
      preselect(opener);
    } else {
      if (!target.matches || !target.matches("form[data-lead-inline]")) return;
      if (target.getAttribute("method") !== "dialog") return;
      event.preventDefault();
      window.__pendingLead = { submit: target.getAttribute("data-lead-inline") };
    }
    start();
  }
  addEventListener("click", remember, true);
  addEventListener("submit", remember, true);
  // The web fonts wait for the first contentful paint (docs/decisions/0008-fonts.md),
  // then both download and swap in together over the metric-matched local fonts the
  // page painted with: data-fonts lets the CSS name them once both are here, so no
  // region is ever laid out with one web font and one local font. The swap goes
  // region by region, top first, one per frame (each frame relays out one region,
  // never the whole page in one long task), and ends on <html>.
  var fontsRequested = new Promise(function (resolve) {
    function swapIn() {
      var regions = document.querySelectorAll("body>:not(main,script,template),main>*");
      var next = 0;
      (function swapNext() {
        var region = regions[next++];
        if (!region) {
          document.documentElement.setAttribute("data-fonts", "");
          return resolve();
        }
        region.setAttribute("data-fonts", "");
        requestAnimationFrame(function () {
          setTimeout(swapNext);
        });
      })();
    }
    function useWebFonts() {
      if (!document.fonts || !document.fonts.load) return swapIn();
      Promise.all([
        document.fonts.load('1em "Inter Variable"'),
        document.fonts.load('600 1em "Fraunces Variable"'),
      ]).then(swapIn, swapIn);
    }
    var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (types && types.indexOf("paint") >= 0) {
      new PerformanceObserver(function (list, observer) {
        if (list.getEntriesByName("first-contentful-paint").length === 0) return;
        observer.disconnect();
        useWebFonts();
      }).observe({ type: "paint", buffered: true });
    } else {
      requestAnimationFrame(function () {
        setTimeout(useWebFonts);
      });
    }
  });
  function whenPainted() {
    fontsRequested
      .then(function () {
        return document.fonts && document.fonts.ready;
      })
      .then(function () {
        if (window.requestIdleCallback) requestIdleCallback(start, { timeout: 1000 });
        else setTimeout(start, 50);
      });
  }
  if (document.readyState === "complete") whenPainted();
  else addEventListener("load", whenPainted, { once: true });
})();
