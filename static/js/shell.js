/* Tapete app shell: language, boot progress, boot error box, watchdog.
 *
 * Plain script (no module) loaded at the end of <body>, before PyScript starts, so
 * the page is usable and readable at once and every boot failure is shown.
 * Public surface, for the Python UI (via `js.tapeteShell`) and for tests:
 *   tapeteShell.lang                current language, "es" or "en"
 *   tapeteShell.setLang(lang)       switch, persist in localStorage["tapete.lang"],
 *                                   set <html lang>, dispatch "tapete:lang" on document
 *   tapeteShell.t(key)              shell string in the current language
 *   tapeteShell.stage(name)         boot stage: download | start | app | ready
 *   tapeteShell.fail(message)       show the boot error box (data-testid="boot-error")
 * Readiness is signalled by main.py with <html data-ready="1">; then the service worker (sw.js,
 * offline play) is registered, so precaching never slows the first boot.
 */
(function () {
  "use strict";

  var STRINGS = {
    es: {
      "boot.download": "Descargando Python…",
      "boot.start": "Arrancando Python…",
      "boot.app": "Cargando Tapete…",
      "boot.ready": "Listo",
      "boot.timeout": "Python no arrancó en {s} s.",
      "error.title": "No se pudo arrancar Tapete",
      "error.reload": "Recargar",
      "picker.title": "Elige un juego",
      "picker.loading": "cargando…",
      "picker.ready": "jugar",
      "picker.unavailable": "no disponible",
      "game.chupate": "Chúpate 2",
      "game.skypo": "Skypo",
      "game.francesa": "Chúpate 2 con baraja francesa",
      "game.taki": "Super Taki",
      "game.dos": "DOS",
      "lang.other": "EN",
      "lang.other.name": "English"
    },
    en: {
      "boot.download": "Downloading Python…",
      "boot.start": "Starting Python…",
      "boot.app": "Loading Tapete…",
      "boot.ready": "Ready",
      "boot.timeout": "Python did not start within {s} s.",
      "error.title": "Tapete could not start",
      "error.reload": "Reload",
      "picker.title": "Pick a game",
      "picker.loading": "loading…",
      "picker.ready": "play",
      "picker.unavailable": "unavailable",
      "game.chupate": "Chúpate 2",
      "game.skypo": "Skypo",
      "game.francesa": "Chúpate 2 with a French deck",
      "game.taki": "Super Taki",
      "game.dos": "DOS",
      "lang.other": "ES",
      "lang.other.name": "Español"
    }
  };
  var STAGES = { download: 10, start: 55, app: 85, ready: 100 };
  var LANG_KEY = "tapete.lang";
  var root = document.documentElement;
  var params = new URLSearchParams(location.search);
  var timeoutMs = Number(params.get("boot-timeout")) * 1000 || 60000;
  var currentStage = "download";
  var failed = false;

  function $(id) { return document.getElementById(id); }

  function detectLang() {
    var saved = null;
    try { saved = localStorage.getItem(LANG_KEY); } catch (e) { /* storage blocked */ }
    if (saved === "es" || saved === "en") return saved;
    var nav = (navigator.languages && navigator.languages[0]) || navigator.language || "";
    return /^es\b/i.test(nav) ? "es" : "en";
  }

  var shell = {
    strings: STRINGS,
    lang: detectLang(),
    t: function (key) {
      var table = STRINGS[shell.lang] || STRINGS.en;
      return key in table ? table[key] : key;
    },
    applyTexts: function (scope) {
      var nodes = (scope || document).querySelectorAll("[data-i18n]");
      for (var i = 0; i < nodes.length; i++) {
        nodes[i].textContent = shell.t(nodes[i].getAttribute("data-i18n"));
      }
      var toggle = document.querySelector('[data-testid="lang-toggle"]');
      if (toggle) {
        toggle.textContent = shell.t("lang.other");
        // the accessible name starts with the visible label (WCAG 2.5.3), then says the language
        toggle.setAttribute("aria-label", shell.t("lang.other") + ", " + shell.t("lang.other.name"));
      }
    },
    setLang: function (lang) {
      if (!STRINGS[lang]) return;
      shell.lang = lang;
      try { localStorage.setItem(LANG_KEY, lang); } catch (e) { /* ignore */ }
      root.lang = lang;
      shell.applyTexts();
      document.dispatchEvent(new CustomEvent("tapete:lang", { detail: { lang: lang } }));
    },
    stage: function (name) {
      if (!(name in STAGES) || failed) return;
      if (STAGES[name] < STAGES[currentStage]) return; // never go backwards
      currentStage = name;
      try { performance.mark("tapete:" + name); } catch (e) { /* old browsers */ }
      root.setAttribute("data-boot", name === "ready" ? "ready" : "loading");
      var bar = $("boot-bar"), text = $("boot-stage");
      if (bar) bar.value = STAGES[name];
      if (text) {
        text.setAttribute("data-i18n", "boot." + name);
        text.textContent = shell.t("boot." + name);
      }
    },
    fail: function (message) {
      if (root.getAttribute("data-ready") === "1") {
        console.error("[tapete] error after boot:", message);
        return;
      }
      message = String(message || "?");
      var box = $("boot-error"), pre = $("boot-error-message");
      if (!failed && box) {
        failed = true;
        root.setAttribute("data-boot", "error");
        box.hidden = false;
        var progress = $("boot-progress");
        if (progress) progress.hidden = true;
        clearTimeout(watchdog);
        if (pre) pre.textContent = message;
        var notes = document.querySelectorAll("[data-game] .game-note");
        for (var i = 0; i < notes.length; i++) {
          notes[i].setAttribute("data-i18n", "picker.unavailable");
          notes[i].textContent = shell.t("picker.unavailable");
        }
      } else if (pre && pre.textContent.indexOf(message) < 0) {
        pre.textContent += "\n\n" + message;
      }
      console.error("[tapete] boot failed:", message);
    },
    ready: function () {
      if (failed) return;
      clearTimeout(watchdog);
      shell.stage("ready");
      var progress = $("boot-progress");
      if (progress) progress.hidden = true;
      registerServiceWorker();
    }
  };

  // Offline play (docs/shell.md): only on http(s) where the browser offers service workers
  // (secure origins: https, localhost, 127.0.0.1). A failure is logged and changes nothing else.
  function registerServiceWorker() {
    if (!/^https?:$/.test(location.protocol) || !("serviceWorker" in navigator)) return;
    try {
      navigator.serviceWorker.register("./sw.js").catch(function (e) {
        console.warn("[tapete] offline play unavailable (service worker):", e);
      });
    } catch (e) {
      console.warn("[tapete] offline play unavailable (service worker):", e);
    }
  }
  window.tapeteShell = shell;

  // Language: apply at once, before the first paint.
  root.lang = shell.lang;
  shell.applyTexts();
  var toggle = document.querySelector('[data-testid="lang-toggle"]');
  if (toggle) {
    toggle.addEventListener("click", function () {
      shell.setLang(shell.lang === "es" ? "en" : "es");
    });
  }

  // Progress: "download" until the wasm has arrived, then "start" until Python runs
  // main.py (boot.mjs moves to "app" from PyScript's onReady hook).
  try {
    var seen = function (entries) {
      for (var i = 0; i < entries.length; i++) {
        if (/pyodide\.asm\.wasm$/.test(entries[i].name)) shell.stage("start");
      }
    };
    seen(performance.getEntriesByType("resource"));
    new PerformanceObserver(function (list) { seen(list.getEntries()); })
      .observe({ type: "resource", buffered: true });
  } catch (e) { /* no PerformanceObserver: stages still move on hooks */ }

  // Ready: main.py sets <html data-ready="1">.
  new MutationObserver(function () {
    if (root.getAttribute("data-ready") === "1") shell.ready();
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });

  // Failures: uncaught errors, rejected promises, PyScript's error banners.
  window.addEventListener("error", function (ev) {
    var target = ev.target;
    if (target && target !== window && (target.src || target.href)) {
      shell.fail("Failed to load " + (target.src || target.href));
    } else {
      shell.fail(ev.message || (ev.error && ev.error.message) || "error");
    }
  }, true);
  window.addEventListener("unhandledrejection", function (ev) {
    var r = ev.reason;
    shell.fail((r && (r.stack || r.message)) || String(r));
  });
  new MutationObserver(function (records) {
    for (var i = 0; i < records.length; i++) {
      var added = records[i].addedNodes;
      for (var j = 0; j < added.length; j++) {
        var node = added[j];
        if (node.nodeType === 1 && node.classList.contains("py-error")) {
          // PyScript turns every stderr write into a banner: only errors fail the boot,
          // warnings just go to the console.
          var text = node.textContent || "";
          if (/Traceback|Error|\(PY\d+\)/.test(text)) shell.fail(text);
          else console.warn("[tapete] stderr:", text);
        }
      }
    }
  }).observe(document.body, { childList: true, subtree: true });

  var watchdog = setTimeout(function () {
    if (root.getAttribute("data-ready") !== "1") {
      shell.fail(shell.t("boot.timeout").replace("{s}", String(timeoutMs / 1000)));
    }
  }, timeoutMs);
})();
