/* Tapete app shell: language, boot progress, boot error box, watchdog.
 *
 * Plain script (no module) loaded at the end of <body>, before Python starts, so
 * the page is usable and readable at once and every boot failure is shown.
 * Public surface, for the Python UI (via `js.tapeteShell`) and for tests:
 *   tapeteShell.lang                current language, "es" or "en"
 *   tapeteShell.setLang(lang)       switch, persist in localStorage["tapete.lang"],
 *                                   set <html lang>, dispatch "tapete:lang" on document
 *   tapeteShell.t(key)              shell string in the current language
 *   tapeteShell.stage(name)         boot stage: download | start | app | ready
 *   tapeteShell.received(path, bytes, encoding)   boot.mjs: `bytes` (decoded) of the site file
 *                                   `path` have arrived, sent with that Content-Encoding
 *   tapeteShell.fail(message)       show the boot error box (data-testid="boot-error")
 *   tapeteLoadP2P()                 import static/js/p2p.js (rooms), resolves to its default export
 *   tapeteImport(path)              import a module of this site on demand (the bot lab, the QR code):
 *                                   a path relative to static/js/ or a same-origin URL; Python cannot
 *                                   import() itself (pyodide's run_js evaluates text: the CSP forbids it)
 *   tapeteShell.handover()          main.py, before the UI starts: the shell's pre-boot screens go,
 *                                   #app holds the picker again
 *   tapeteShell.replay()            main.py, once the UI runs: what the player did before Python was
 *                                   up is done again through the UI (game, form values, the button)
 * Before Python is up the game cards work: a click shows that game's setup form (pre-rendered by
 * the build into <template data-setup data-lang>), with "How to play" when the build made
 * rules/<game>.<lang>.html; pressing Start (or a room button) queues it until Python is ready.
 * Progress speaks bytes: "Preparing the cards… 1.2 / 3.9 MB", on the wire (the sizes of each boot
 * file raw, gzip and brotli are written by the build into data-boot-sizes; the encoding the server
 * chose picks which). Watchdog: the error box shows when nothing has arrived for 30 s
 * (`?boot-timeout=<s>`), or when Python has not started 60 s (twice that) after the last byte.
 * If the page becomes ready anyway, the error box goes away.
 * Readiness is signalled by main.py with <html data-ready="1">; then the service worker (sw.js,
 * offline play) is registered, so precaching never slows the first boot.
 */
(function () {
  "use strict";

  var STRINGS = {
    es: {
      "boot.download": "Preparando las cartas…",
      "boot.bytes": "Preparando las cartas… {done} / {total} MB",
      "boot.start": "Barajando…",
      "boot.app": "Poniendo la mesa…",
      "boot.ready": "Listo",
      "boot.stalled": "No llega nada desde hace {s} s: ¿hay conexión?",
      "boot.timeout": "El motor de juego no arrancó en {s} s.",
      "error.title": "No se pudo arrancar Tapete",
      "error.reload": "Recargar",
      "picker.title": "Elige un juego",
      "picker.loading": "cargando…",
      "picker.ready": "jugar",
      "picker.unavailable": "no disponible",
      "picker.lab": "Laboratorio de bots",
      "picker.lab_pitch": "Programa tu propio bot en Python y enfréntalo a los nuestros.",
      "game.chupate": "Chúpate 2",
      "game.skypo": "Skypo",
      "game.francesa": "Chúpate 2 con baraja francesa",
      "game.taki": "Super Taki",
      "game.dos": "DOS",
      "lang.other": "EN",
      "lang.other.name": "English",
      "preboot.queued": "Empezará en cuanto las cartas estén listas…",
    },
    en: {
      "boot.download": "Preparing the cards…",
      "boot.bytes": "Preparing the cards… {done} / {total} MB",
      "boot.start": "Shuffling…",
      "boot.app": "Setting the table…",
      "boot.ready": "Ready",
      "boot.stalled": "Nothing has arrived for {s} s: are you online?",
      "boot.timeout": "The game engine did not start within {s} s.",
      "error.title": "Tapete could not start",
      "error.reload": "Reload",
      "picker.title": "Pick a game",
      "picker.loading": "loading…",
      "picker.ready": "play",
      "picker.unavailable": "unavailable",
      "picker.lab": "Bot lab",
      "picker.lab_pitch": "Write your own bot in Python and play it against ours.",
      "game.chupate": "Chúpate 2",
      "game.skypo": "Skypo",
      "game.francesa": "Chúpate 2 with a French deck",
      "game.taki": "Super Taki",
      "game.dos": "DOS",
      "lang.other": "ES",
      "lang.other.name": "Español",
      "preboot.queued": "Starting as soon as the cards are ready…",
    }
  };
  var STAGES = { download: 10, start: 55, app: 85, ready: 100 };
  var LANG_KEY = "tapete.lang";
  var root = document.documentElement;
  var params = new URLSearchParams(location.search);
  var stallMs = Number(params.get("boot-timeout")) * 1000 || 30000;
  var currentStage = "download";
  var failed = false;
  var watchdog = null;
  var sizes = {};   // path -> [raw, gzip, brotli] bytes (data-boot-sizes)
  var got = {};     // path -> {bytes: decoded so far, encoding}

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
      var bar = $("boot-bar");
      if (bar && name !== "download") bar.value = STAGES[name];
      showStage();
    },
    received: function (path, bytes, encoding) {
      if (!(path in sizes)) { arrived(); return; }
      var known = encoding === "br" || encoding === "gzip" || encoding === "";
      if (!known) encoding = got[path] ? got[path].encoding : undefined;   // (a cached entry tells none)
      else if (served === null) served = encoding;
      got[path] = { bytes: Math.max(bytes, (got[path] || { bytes: 0 }).bytes), encoding: encoding };
      arrived();
      if (currentStage === "download") showStage();
    },
    fail: function (message) {
      if (root.getAttribute("data-ready") === "1" || root.getAttribute("data-boot") === "ready") {
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
        var cards = document.querySelectorAll("[data-game]");
        for (var k = 0; k < cards.length; k++) cards[k].disabled = true;
      } else if (pre && pre.textContent.indexOf(message) < 0) {
        pre.textContent += "\n\n" + message;
      }
      console.error("[tapete] boot failed:", message);
    },
    ready: function () {
      clearTimeout(watchdog);
      if (failed) {            // a slow boot that was declared failed came through after all
        failed = false;
        var box = $("boot-error");
        if (box) box.hidden = true;
      }
      shell.stage("ready");
      var progress = $("boot-progress");
      if (progress) progress.hidden = true;
      registerServiceWorker();
    }
  };

  // --- progress in bytes ---------------------------------------------------------------------
  // The total must not jump while it is shown (issue 31: 6.8 → 14.7 MB on a slow first visit, as files
  // the server sends uncompressed were first counted as brotli). A file whose encoding is not known yet
  // counts as the server sent the files already seen ("served"); the line shows a total only once one
  // encoding is known.
  var served = null;  // the first encoding a boot file came with ("br", "gzip" or "" for none)
  function wireTotal(path) {
    var s = sizes[path], enc = got[path] && got[path].encoding;
    if (enc !== "br" && enc !== "gzip" && enc !== "") enc = served;
    return enc === "br" ? s[2] : enc === "gzip" ? s[1] : enc === "" ? s[0] : s[2];
  }
  function wireSoFar(path) {
    var g = got[path];
    if (!g) return 0;
    return Math.min(1, g.bytes / sizes[path][0]) * wireTotal(path);
  }
  function megabytes(n) {
    return (n / 1e6).toLocaleString(shell.lang === "es" ? "es-ES" : "en-GB",
                                     { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  }
  function showStage() {
    var text = $("boot-stage"), bar = $("boot-bar");
    if (!text) return;
    var done = 0, total = 0;
    for (var path in sizes) { done += wireSoFar(path); total += wireTotal(path); }
    if (currentStage === "download" && total > 0 && served !== null) {
      // called for every chunk of every download: the page changes only when the figures do
      var value = Math.max(2, Math.round(STAGES.start * done / total));
      if (bar && bar.value !== value) bar.value = value;
      var line = shell.t("boot.bytes").replace("{done}", megabytes(done)).replace("{total}", megabytes(total));
      if (text.hasAttribute("data-i18n")) text.removeAttribute("data-i18n");
      if (text.textContent !== line) text.textContent = line;
    } else {
      text.setAttribute("data-i18n", "boot." + currentStage);
      text.textContent = shell.t("boot." + currentStage);
    }
  }
  function allArrived() {
    for (var path in sizes) if (!got[path] || got[path].bytes < sizes[path][0]) return false;
    return true;
  }

  // --- watchdog: silence for stallMs while downloading, or no start 2 × stallMs after the last byte
  function arrived() {
    if (failed || root.getAttribute("data-ready") === "1") return;
    clearTimeout(watchdog);
    var waiting = allArrived() || currentStage === "app";
    var ms = waiting ? 2 * stallMs : stallMs;
    watchdog = setTimeout(function () {
      if (root.getAttribute("data-ready") === "1") return;
      var key = waiting ? "boot.timeout" : "boot.stalled";
      shell.fail(shell.t(key).replace("{s}", String(ms / 1000)));
    }, ms);
  }

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
  // Peer-to-peer play (static/js/p2p.js + Trystero) loads only when a room is opened. Its URL is
  // made at run time: the service worker's precache list (scripts/build.py follows literal
  // imports) leaves rooms out, as they need the network anyway.
  var scriptURL = document.currentScript ? document.currentScript.src : location.href;
  window.tapeteLoadP2P = function () {
    return import(new URL("p2p.js", scriptURL).href).then(function (m) { return m.default; });
  };
  window.tapeteImport = function (path) {
    var target = new URL(path, scriptURL);
    if (target.origin !== location.origin) return Promise.reject(new Error("tapeteImport: not this site: " + path));
    return import(target.href);
  };
  try {
    sizes = JSON.parse(($("boot-progress") || root).getAttribute("data-boot-sizes") || "{}");
  } catch (e) { sizes = {}; }

  // --- before Python: game cards, setup forms, rules, a queued start ------------------------------
  var app = $("app");
  var pickerHTML = app ? app.innerHTML : "";
  var preboot = { game: null, action: null, fields: null, live: true };

  function template(game, lang) {
    return document.querySelector('template[data-setup="' + game + '"][data-lang="' + lang + '"]');
  }
  function readFields() {
    var form = app && app.querySelector('[data-testid="setup"]');
    var fields = [];
    var inputs = app ? app.querySelectorAll("input[name]") : [];
    for (var i = 0; i < inputs.length; i++) {
      var el = inputs[i];
      if (el.type === "radio" || el.type === "checkbox") fields.push([el.name, el.value, el.checked]);
      else fields.push([el.name, el.value, null]);
    }
    return form || fields.length ? fields : null;
  }
  function writeFields(root, fields) {
    if (!fields) return;
    for (var i = 0; i < fields.length; i++) {
      var f = fields[i], nodes = root.querySelectorAll('input[name="' + f[0] + '"]');
      for (var j = 0; j < nodes.length; j++) {
        var el = nodes[j];
        if (f[2] === null) el.value = f[1];
        else if (el.value === f[1]) el.checked = f[2];
      }
    }
  }
  function showSetup(game, fields) {
    var tpl = template(game, shell.lang);
    if (!app || !tpl) return false;
    preboot.game = game;
    app.innerHTML = "";
    app.appendChild(tpl.content.cloneNode(true));
    writeFields(app, fields);
    if (preboot.action) markQueued();
    var first = app.querySelector("input, button");
    if (first) first.focus();
    return true;
  }
  function showPicker() {
    preboot.game = null;
    preboot.action = null;
    if (app) {
      app.innerHTML = pickerHTML;
      shell.applyTexts(app);
    }
    enableCards();
  }
  function enableCards() {
    if (!app || failed) return;
    var cards = app.querySelectorAll("[data-game]");
    for (var i = 0; i < cards.length; i++) {
      if (!template(cards[i].getAttribute("data-game"), shell.lang)) continue;
      cards[i].disabled = false;
      cards[i].setAttribute("data-preboot", "1");
      var note = cards[i].querySelector(".game-note");
      if (note) {
        note.setAttribute("data-i18n", "picker.ready");
        note.textContent = shell.t("picker.ready");
      }
    }
  }
  function markQueued() {
    var actions = app.querySelectorAll("[data-action]");
    for (var i = 0; i < actions.length; i++) {
      if (actions[i].getAttribute("data-action") !== "menu") actions[i].disabled = true;
    }
    if (!$("preboot-queued")) {
      var note = document.createElement("p");
      note.id = "preboot-queued";
      note.className = "note";
      note.setAttribute("role", "status");
      note.setAttribute("data-testid", "preboot-queued");
      note.setAttribute("data-i18n", "preboot.queued");
      note.textContent = shell.t("preboot.queued");
      app.appendChild(note);
    }
  }
  if (app) {
    app.addEventListener("click", function (ev) {
      if (!preboot.live) return;
      var target = ev.target.closest ? ev.target.closest("[data-game],[data-action]") : null;
      if (!target || target.disabled) return;
      var game = target.getAttribute("data-game");
      if (game) {
        showSetup(game, null);
      } else if (target.getAttribute("data-action") === "menu") {
        showPicker();
      } else if (preboot.game) {
        preboot.action = target.getAttribute("data-testid");
        markQueued();
      }
    });
    document.addEventListener("tapete:lang", function () {
      if (!preboot.live) return;
      if (preboot.game) showSetup(preboot.game, readFields());
    });
  }
  shell.handover = function () {
    if (!preboot.live) return;
    preboot.fields = preboot.game ? readFields() : null;
    preboot.live = false;
    if (app) {
      app.innerHTML = pickerHTML;
      shell.applyTexts(app);
    }
  };
  shell.replay = function () {
    var game = preboot.game;
    preboot.game = null;
    if (!game || !app) return;
    var card = app.querySelector('[data-game="' + game + '"]');
    if (!card || card.disabled) return;
    card.click();
    writeFields(app, preboot.fields);
    var action = preboot.action && app.querySelector('[data-testid="' + preboot.action + '"]');
    if (action && !action.disabled) action.click();
  };

  // Language: apply at once, before the first paint.
  root.lang = shell.lang;
  shell.applyTexts();
  var toggle = document.querySelector('[data-testid="lang-toggle"]');
  if (toggle) {
    toggle.addEventListener("click", function () {
      shell.setLang(shell.lang === "es" ? "en" : "es");
      showStage();
    });
  }
  // Forms in the app are read by Python, never sent: Enter in a field must not navigate. (An inline
  // onsubmit="return false" would be blocked by the Content-Security-Policy.)
  document.addEventListener("submit", function (ev) { ev.preventDefault(); }, true);
  var reload = $("boot-error") && $("boot-error").querySelector("button");
  if (reload) reload.addEventListener("click", function () { location.reload(); });
  showStage();
  enableCards();

  // Progress: "download" until every boot file has arrived, then "start" until Python runs
  // main.py (boot.mjs moves to "app" once Pyodide is up). A finished resource counts as arrived
  // (pyodide.asm.mjs is an import(), which boot.mjs cannot count as it streams).
  try {
    var base = new URL("../../", scriptURL);
    var seen = function (entries) {
      for (var i = 0; i < entries.length; i++) {
        var url = new URL(entries[i].name);
        var path = url.pathname.slice(base.pathname.length);
        if (path in sizes && (!got[path] || got[path].bytes < sizes[path][0])) {
          var e = entries[i], enc;         // undefined: the entry does not tell (a cached file: sizes 0)
          if (e.encodedBodySize && e.decodedBodySize && e.encodedBodySize < e.decodedBodySize) {
            enc = Math.abs(e.encodedBodySize - sizes[path][2]) <= Math.abs(e.encodedBodySize - sizes[path][1]) ? "br" : "gzip";
          } else if (e.encodedBodySize && e.encodedBodySize === e.decodedBodySize) {
            enc = "";
          }
          shell.received(path, sizes[path][0], enc);
        } else {
          arrived();
        }
        if (allArrived()) shell.stage("start");
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

  arrived();  // start the watchdog
})();
