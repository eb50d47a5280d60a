/* Tapete shell, player side: the friendly error toast, the "How to play" dialog and the picker texts.
 *
 * Plain script loaded right after shell.js (it extends window.tapeteShell), before PyScript starts, so
 * the rules can be read while Python loads and no developer banner ever reaches a player.
 *   tapeteShell.toast()             show the one dismissable "something went wrong" toast
 *                                   (data-testid="error-toast"), in the current language
 *   tapeteShell.openRules(game)     show dist/rules/<game>.<lang>.html (built by scripts/build.py from
 *                                   py/tapete/ui/rules.py) in the modal dialog #rules-dialog
 * Any element with data-rules="<game>" opens that game's rules when clicked.
 * After boot (<html data-ready="1">) every uncaught JS error, rejected promise and PyScript error banner
 * (.py-error, which PyScript 0.7 appends to <body> for stderr and for "Uncaught PythonError") is removed
 * from the page, written to the console and turned into the toast. Before boot, shell.js's boot error box
 * handles them (a page that never started has nothing else to show).
 */
(function () {
  "use strict";

  var shell = window.tapeteShell;
  if (!shell) return;
  var root = document.documentElement;
  var UI_STRINGS = {
    es: {
      "toast.text": "Algo ha fallado. Si la mesa deja de responder, vuelve al menú o recarga la página.",
      "toast.close": "Cerrar aviso",
      "rules.open": "Cómo se juega",
      "rules.close": "Cerrar",
      "rules.loading": "Cargando reglas…",
      "rules.failed": "No se pudieron cargar las reglas.",
      "pitch.chupate": "Deshazte de tus cartas antes que nadie; cuidado con el +2 y el +4.",
      "pitch.skypo": "Doce cartas boca abajo: gana quien menos suma.",
      "pitch.francesa": "La versión con baraja francesa doble: el 7 hace robar, la sota cambia el palo.",
      "pitch.taki": "Suelta varias cartas de un color con el TAKI y para el +3.",
      "pitch.dos": "Empareja números y sumas con la fila central.",
      "meta.chupate": "2–4 jugadores · rápida 5 min, a puntos 20+ min",
      "meta.skypo": "2–8 jugadores · 10–30 min",
      "meta.francesa": "2–5 jugadores · 10–20 min",
      "meta.taki": "2–10 jugadores · 5–10 min",
      "meta.dos": "2–4 jugadores · 10–30 min"
    },
    en: {
      "toast.text": "Something went wrong. If the table stops responding, go back to the menu or reload the page.",
      "toast.close": "Close notice",
      "rules.open": "How to play",
      "rules.close": "Close",
      "rules.loading": "Loading the rules…",
      "rules.failed": "The rules could not be loaded.",
      "pitch.chupate": "Get rid of your cards first; watch out for +2 and +4.",
      "pitch.skypo": "Twelve cards face down: the lowest total wins.",
      "pitch.francesa": "With a double French deck: a 7 makes the next draw, a Jack changes the suit.",
      "pitch.taki": "Shed a whole colour with a TAKI and stop the +3.",
      "pitch.dos": "Match numbers and sums against the centre row.",
      "meta.chupate": "2–4 players · quick 5 min, for points 20+ min",
      "meta.skypo": "2–8 players · 10–30 min",
      "meta.francesa": "2–5 players · 10–20 min",
      "meta.taki": "2–10 players · 5–10 min",
      "meta.dos": "2–4 players · 10–30 min"
    }
  };
  for (var lang in UI_STRINGS) {
    shell.strings[lang] = shell.strings[lang] || {};
    for (var key in UI_STRINGS[lang]) shell.strings[lang][key] = UI_STRINGS[lang][key];
  }
  shell.applyTexts();

  function $(id) { return document.getElementById(id); }
  function ready() { return root.getAttribute("data-ready") === "1"; }

  // ----- the error toast ---------------------------------------------------------------------------
  var toastCount = 0;
  shell.toast = function () {
    var box = $("error-toast");
    if (!box) return;
    toastCount += 1;
    box.setAttribute("data-count", String(toastCount));
    box.querySelector(".toast-text").textContent = shell.t("toast.text");
    box.querySelector(".toast-close").setAttribute("aria-label", shell.t("toast.close"));
    box.hidden = false;       // one toast at most: later errors only bump data-count
  };
  function closeToast() {
    var box = $("error-toast");
    if (box) box.hidden = true;
  }
  document.addEventListener("click", function (ev) {
    if (ev.target && ev.target.closest && ev.target.closest(".toast-close")) closeToast();
  });

  function report(what, detail) {
    console.error("[tapete] " + what + ":", detail);
    shell.toast();
  }
  window.addEventListener("error", function (ev) {
    if (!ready()) return;                          // shell.js: the boot error box
    var target = ev.target;
    if (target && target !== window && (target.src || target.href)) return;   // a failed resource load
    report("uncaught error", ev.error || ev.message);
  }, true);
  window.addEventListener("unhandledrejection", function (ev) {
    if (ready()) report("unhandled rejection", ev.reason);
  });
  new MutationObserver(function (records) {
    for (var i = 0; i < records.length; i++) {
      var added = records[i].addedNodes;
      for (var j = 0; j < added.length; j++) {
        var node = added[j];
        if (node.nodeType === 1 && node.classList.contains("py-error") && ready()) {
          var text = node.textContent || "";
          node.remove();                               // never a traceback on the player's screen
          // "Uncaught PythonError" banners repeat an error event already reported above
          if (/^Uncaught PythonError/.test(text)) continue;
          if (/Traceback|Error|\(PY\d+\)/.test(text)) report("python error", text);
          else console.warn("[tapete] stderr:", text);
        }
      }
    }
  }).observe(document.body, { childList: true });

  // ----- the rules dialog ---------------------------------------------------------------------------
  var rulesGame = null;
  var opener = null;          // {el, testid}: focus goes back there (or to its re-rendered twin)

  function loadRules(game) {
    var dialog = $("rules-dialog"), body = $("rules-body");
    body.textContent = shell.t("rules.loading");
    dialog.querySelector(".dialog-close").textContent = shell.t("rules.close");
    var want = game + "." + shell.lang;
    fetch("./rules/" + want + ".html").then(function (res) {
      if (!res.ok) throw new Error("HTTP " + res.status);
      return res.text();
    }).then(function (html) {
      if (rulesGame + "." + shell.lang !== want) return;
      body.innerHTML = html;
      var heading = body.querySelector("h2");
      if (heading) {
        heading.id = "rules-title";
        dialog.setAttribute("aria-labelledby", "rules-title");
      }
    }).catch(function (err) {
      console.warn("[tapete] rules", want, err);
      body.textContent = shell.t("rules.failed");
    });
  }

  shell.openRules = function (game) {
    var dialog = $("rules-dialog");
    if (!dialog) return;
    var active = document.activeElement;
    opener = active && active !== document.body
      ? { el: active, testid: active.getAttribute("data-testid") } : null;
    rulesGame = game;
    dialog.setAttribute("data-rules-game", game);   // not data-game: that opens a setup
    loadRules(game);
    if (!dialog.open) dialog.showModal();
    dialog.querySelector(".dialog-close").focus();
  };

  var dialog = $("rules-dialog");
  if (dialog) {
    dialog.addEventListener("close", function () {
      rulesGame = null;
      if (!opener) return;
      var back = document.contains(opener.el) ? opener.el
        : opener.testid && document.querySelector('[data-testid="' + opener.testid + '"]');
      if (back) back.focus();
      opener = null;
    });
    dialog.querySelector(".dialog-close").addEventListener("click", function () { dialog.close(); });
  }
  document.addEventListener("click", function (ev) {
    var node = ev.target && ev.target.closest ? ev.target.closest("[data-rules]") : null;
    if (node) shell.openRules(node.getAttribute("data-rules"));
  });
  document.addEventListener("tapete:lang", function () {
    if (rulesGame) loadRules(rulesGame);
    var box = $("error-toast");
    if (box) {
      box.querySelector(".toast-text").textContent = shell.t("toast.text");
      box.querySelector(".toast-close").setAttribute("aria-label", shell.t("toast.close"));
    }
  });
})();
