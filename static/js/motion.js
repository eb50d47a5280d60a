/* Tapete: the table is patched, not re-created, and what moved is animated (docs/shell.md,
 * "Keyed updates and motion").
 *
 * Python (py/tapete/ui/motion.py) renders the table's HTML and a plan: groups of moves derived from
 * the update's events. tapeteMotion.update(root, html, plan):
 *   1. measures every element a move starts from (before the patch) and clones the ones a ghost needs;
 *   2. patches #app with morphdom (vendored), keyed by data-key (cards, seats, log lines): an element
 *      that survives keeps its node, its focus and any running animation;
 *   3. puts the last-move marks back (the patch resets attributes to the HTML's);
 *   4. starts the plan's animations (Web Animations API, FLIP), group after group (delays), and the
 *      cards of my hand that moved slide to their new places (FLIP, with the first group), and
 *      returns a promise that resolves when they have finished, or at a safety cap.
 * Plain script (CSP: script-src 'self'), no module, no inline code.
 */
(function () {
  "use strict";

  var STORE = "tapete.speed";
  var SPEEDS = { slow: 300, normal: 220, fast: 140, instant: 0 };    // ms per move (issue: <= 300)
  var CAP_EXTRA = 400;                                                 // ms past the planned end
  var CAP_MAX = 4000;                                                  // never wait longer than this
  var TIMING_KEPT = 1000;                                              // updates timed (a whole game)
  var urlSpeed = null;
  try {
    urlSpeed = new URLSearchParams(window.location.search).get("speed");
  } catch (e) { /* no URL: keep the stored speed */ }
  if (!(urlSpeed in SPEEDS)) urlSpeed = null;

  function stored() {
    try {
      var v = window.localStorage.getItem(STORE);
      return v in SPEEDS ? v : null;
    } catch (e) { return null; }
  }

  function speed() { return urlSpeed || stored() || "normal"; }

  function setSpeed(name) {
    if (!(name in SPEEDS)) return speed();
    urlSpeed = null;                          // a choice made on the page wins over the URL's
    try { window.localStorage.setItem(STORE, name); } catch (e) { /* private mode: this page only */ }
    return name;
  }

  function reduced() {
    return !!(window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches);
  }

  function key(node) {
    if (node.nodeType !== 1) return undefined;
    return node.getAttribute("data-key") || node.id || undefined;
  }

  function find(root, sel) {
    if (!sel) return null;
    var list = Array.isArray(sel) ? sel : [sel];
    for (var i = 0; i < list.length; i++) {
      var el = root.querySelector(list[i]);
      if (el) return el;
    }
    return null;
  }

  function rectOf(el) {
    if (!el) return null;
    var r = el.getBoundingClientRect();
    if (!r.width && !r.height) return null;
    return { x: r.left, y: r.top, w: r.width, h: r.height };
  }

  function centreOffset(from, to) {
    return [from.x + from.w / 2 - (to.x + to.w / 2), from.y + from.h / 2 - (to.y + to.h / 2)];
  }

  function name(sel) {                          // "seat-2" from '[data-testid="seat-2"]' (for ids and logs)
    var s = Array.isArray(sel) ? sel[0] : String(sel || "");
    var m = /data-testid="([^"]+)"/.exec(s);
    return m ? m[1] : s;
  }

  var log = [];                                 // the last moves started (tests and bench read it)
  function remember(entry) {
    log.push(entry);
    if (log.length > 200) log.shift();
  }

  /* ----- the patch ---------------------------------------------------------------------------- */
  function morph(root, html) {
    if (!window.morphdom) {                     // the vendored file failed to load: still usable
      root.innerHTML = html;
      return;
    }
    window.morphdom(root, "<main>" + html + "</main>", {
      childrenOnly: true,
      getNodeKey: key,
      onBeforeElUpdated: function (fromEl, toEl) {
        if (fromEl.isEqualNode(toEl)) return false;
        if (fromEl.tagName === "DIALOG" && fromEl.open) toEl.setAttribute("open", "");   // keep it modal
        return true;
      },
    });
  }

  function mark(root, last) {
    var i, old = root.querySelectorAll(".last-move, .last-player");
    for (i = 0; i < old.length; i++) old[i].classList.remove("last-move", "last-player");
    if (!last) return;
    var card = find(root, last.card), seat = find(root, last.seat);
    if (card) card.classList.add("last-move");
    if (seat) seat.classList.add("last-player");
  }

  /* ----- measuring before the patch ----------------------------------------------------------- */
  function measure(root, plan) {
    var before = { rects: {}, clones: {}, keys: {} };
    (plan.groups || []).forEach(function (group) {
      group.forEach(function (move) {
        var from = Array.isArray(move.from) ? move.from : [move.from];
        from.forEach(function (sel) {
          if (!sel || sel in before.rects) return;
          var el = root.querySelector(sel);
          before.rects[sel] = rectOf(el);
          if (move.ghost === "before" && el) before.clones[sel] = el.cloneNode(true);
        });
        if (move.kind === "enter" && !(move.to in before.keys)) {
          var box = root.querySelector(move.to), seen = {};
          if (box) {
            var kids = box.querySelectorAll("[data-key]");
            for (var i = 0; i < kids.length; i++) seen[kids[i].getAttribute("data-key")] = true;
          }
          before.keys[move.to] = seen;
        }
      });
    });
    return before;
  }

  function fromRect(root, before, sel) {
    var list = Array.isArray(sel) ? sel : [sel];
    for (var i = 0; i < list.length; i++) {
      if (before.rects[list[i]]) return { rect: before.rects[list[i]], sel: list[i] };
    }
    for (i = 0; i < list.length; i++) {           // not there before (e.g. a seat that was just drawn)
      var r = rectOf(root.querySelector(list[i]));
      if (r) return { rect: r, sel: list[i] };
    }
    return null;
  }

  /* ----- the animations ----------------------------------------------------------------------- */
  var layer = null;
  function overlay() {
    if (!layer || !layer.isConnected) {
      layer = document.createElement("div");
      layer.className = "motion-layer";
      layer.setAttribute("aria-hidden", "true");
      document.body.appendChild(layer);
    }
    return layer;
  }

  function ghostNode(move, before, fromSel, target) {
    var node;
    if (move.ghost === "before" && before.clones[fromSel]) {
      node = before.clones[fromSel];
    } else if (move.ghost === "target" && target) {
      node = target.cloneNode(true);
    } else {
      node = document.createElement("div");
      if (move.html) node.innerHTML = move.html;          // built by Python from public cards only
      else if (move.text) node.textContent = move.text;
    }
    node.removeAttribute && node.removeAttribute("data-testid");
    node.removeAttribute && node.removeAttribute("data-key");
    node.removeAttribute && node.removeAttribute("id");
    var wrap = document.createElement("div");
    wrap.className = "motion-ghost" + (move.cls ? " " + move.cls : "");
    wrap.appendChild(node);
    return wrap;
  }

  /* Reads first (every rect of every move, one layout), then writes (ghosts, animations): adding a
   * ghost between two reads would force a layout per move. */
  function locate(root, before, move) {
    var to = find(root, move.to);
    var src = move.from ? fromRect(root, before, move.from) : null;
    var spot = { move: move, to: to, src: src, toRect: rectOf(to), kids: [] };
    if (move.kind === "enter" && src) {                         // new children of a box, from the pile
      var box = root.querySelector(move.to);
      var seen = before.keys[move.to] || {};
      var kids = box ? box.querySelectorAll(move.all ? (move.children || "[data-key]") : "[data-key]") : [];
      for (var i = 0; i < kids.length; i++) {
        if (!move.all && seen[kids[i].getAttribute("data-key")]) continue;
        var r = rectOf(kids[i]);
        if (r) spot.kids.push({ el: kids[i], rect: r });
      }
    }
    return spot;
  }

  function start(spot, before, delay, ms, anims) {
    var move = spot.move, to = spot.to, src = spot.src, toRect = spot.toRect;
    var id = "motion:" + move.kind + ":" + (src ? name(src.sel) : "") + "->" + name(move.to);
    var opts = { duration: ms, delay: delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "backwards", id: id };
    var entry = { id: id, kind: move.kind, from: src ? name(src.sel) : null, to: name(move.to),
                  fromRect: src ? src.rect : null, toRect: toRect, delay: delay, duration: ms,
                  update: serial, at: updateAt };
    var a = null;
    if (move.kind === "fly" && to && src && toRect) {            // FLIP: the element itself, from there
      var d = centreOffset(src.rect, toRect);
      var s = Math.max(0.4, Math.min(1.6, src.rect.w / toRect.w || 1));
      a = to.animate([{ transform: "translate(" + d[0] + "px," + d[1] + "px) scale(" + s + ")" },
                      { transform: "none" }], opts);
    } else if (move.kind === "ghost" && src && (toRect || move.fade)) {   // a copy that travels and goes
      var g = ghostNode(move, before, src.sel, to);
      g.style.left = src.rect.x + "px";
      g.style.top = src.rect.y + "px";
      g.style.width = (move.text ? Math.max(32, src.rect.w / 2) : src.rect.w) + "px";
      g.style.height = (move.text ? 32 : src.rect.h) + "px";
      g.style.opacity = "0";                      // unseen while it waits for its turn in the chain
      overlay().appendChild(g);
      var end = toRect ? centreOffset(toRect, src.rect) : [0, -40];
      var last = { transform: "translate(" + end[0] + "px," + end[1] + "px)", opacity: move.fade ? 0 : 1 };
      opts.fill = "none";
      a = g.animate([{ transform: "none", opacity: 1 }, last], opts);
      a.finished.then(function () { g.remove(); }, function () { g.remove(); });
      entry.ghost = true;
    } else if (move.kind === "turn" && to) {                    // a card turned over where it lies
      a = to.animate([{ transform: "scaleX(0)" }, { transform: "none" }], opts);
    } else if (move.kind === "enter" && src) {
      var step = Math.round(ms / 6);
      spot.kids.forEach(function (kid, n) {
        var dk = centreOffset(src.rect, kid.rect);
        anims.push(kid.el.animate([{ transform: "translate(" + dk[0] + "px," + dk[1] + "px) scale(.6)" },
                                   { transform: "none" }],
                                  { duration: ms, delay: delay + n * step, easing: opts.easing, fill: "backwards",
                                    id: id + "#" + n }));
      });
      entry.count = spot.kids.length;
      remember(entry);
      return spot.kids.length ? delay + (spot.kids.length - 1) * step + ms : delay;
    }
    if (!a) return delay;
    remember(entry);
    anims.push(a);
    return delay + ms;
  }

  /* ----- my hand closing up or making room (FLIP) ---------------------------------------------- *
   * A card drawn into a sorted hand, a card played from its middle, or a new sort order moves the
   * other cards: each card that kept its node and moved slides from where it was. It animates the
   * individual `translate` property, so the CSS `transform` that lifts a playable card (and its
   * transition) is left alone. */
  var HAND = '[data-testid="hand"]', HAND_CARDS = HAND + " [data-key]";
  var SLIDE_MIN = 2;                            // px: a card that moved less does not slide

  function within(rect, box) {                  // a card's place inside the hand (the hand itself may move)
    return rect && box ? { x: rect.x - box.x, y: rect.y - box.y, w: rect.w, h: rect.h } : null;
  }

  function handPlaces(root) {
    var out = {}, cards = root.querySelectorAll(HAND_CARDS), box = rectOf(root.querySelector(HAND));
    for (var i = 0; i < cards.length; i++) {
      out[cards[i].getAttribute("data-key")] = { el: cards[i], rect: within(rectOf(cards[i]), box) };
    }
    return out;
  }

  /* Reads only: the cards that moved inside the hand, and by how much. The hand box moving (the
   * controls above it changing height) is not a card moving: nothing slides for that. */
  function slides(root, places) {
    var out = [], cards = root.querySelectorAll(HAND_CARDS), box = rectOf(root.querySelector(HAND));
    for (var i = 0; i < cards.length; i++) {
      var was = places[cards[i].getAttribute("data-key")];
      if (!was || was.el !== cards[i] || !was.rect) continue;
      var now = within(rectOf(cards[i]), box);
      if (!now) continue;
      var d = centreOffset(was.rect, now);
      if (Math.abs(d[0]) >= SLIDE_MIN || Math.abs(d[1]) >= SLIDE_MIN) out.push({ el: cards[i], d: d });
    }
    return out;
  }

  function slide(moved, ms, anims) {            // writes: one animation per moved card, together
    moved.forEach(function (m) {
      m.el.getAnimations().forEach(function (a) { if ((a.id || "").indexOf("motion:slide:") === 0) a.cancel(); });
      var id = "motion:slide:hand->" + m.el.getAttribute("data-key");
      anims.push(m.el.animate([{ translate: m.d[0] + "px " + m.d[1] + "px" }, { translate: "0px 0px" }],
                              { duration: ms, easing: "cubic-bezier(.2,.7,.3,1)", id: id }));
      remember({ id: id, kind: "slide", from: "hand", to: "hand", delay: 0, duration: ms, update: serial, at: updateAt });
    });
    return moved.length ? ms : 0;
  }

  var running = Promise.resolve(0);
  var serial = 0, updateAt = 0;                 // which update started a move, and when (the log's entries)
  var timing = [];          // [measure ms, patch ms, Python's render ms] of the last updates (bench/feel.py)

  function update(root, html, planJson) {
    var plan = typeof planJson === "string" ? JSON.parse(planJson) : (planJson || {});
    var ms = plan.instant || reduced() ? 0 : SPEEDS[speed()];
    var groups = ms ? plan.groups || [] : [];
    var t0 = performance.now();
    var before = groups.length ? measure(root, { groups: groups }) : null;
    var places = ms ? handPlaces(root) : null;
    var t1 = performance.now();
    morph(root, html);
    mark(root, plan.last || null);
    var t2 = performance.now();
    timing.push([t1 - t0, t2 - t1, plan.render_ms || 0]);
    if (timing.length > TIMING_KEPT) timing.shift();
    var moved = places ? slides(root, places) : [];
    if (!groups.length && !moved.length) {
      running = Promise.resolve(0);
      return running;
    }
    serial++;
    updateAt = t0;
    var spots = groups.map(function (group) {             // every read before the first write
      return group.map(function (move) { return locate(root, before, move); });
    });
    var anims = [], at = 0;
    var slid = slide(moved, ms, anims);                    // the hand makes room while the first group runs
    spots.forEach(function (group) {
      var end = at;
      group.forEach(function (spot, i) {
        end = Math.max(end, start(spot, before, at + i * Math.round(ms / 5), ms, anims));
      });
      at = end;
    });
    at = Math.max(at, slid);
    var cap = Math.min(CAP_MAX, at + CAP_EXTRA);
    var done = Promise.all(anims.map(function (a) { return a.finished.catch(function () {}); }));
    running = Promise.race([done, new Promise(function (ok) { setTimeout(ok, cap); })]).then(function () {
      return at;
    });
    return running;
  }

  window.tapeteMotion = {
    SPEEDS: Object.keys(SPEEDS),
    speed: speed,
    setSpeed: setSpeed,
    reduced: reduced,
    update: update,
    morph: morph,
    mark: mark,
    log: log,
    timing: timing,
    running: function () { return running; },
  };
})();
