"""The bot lab's screen (issue 33, docs/bots-lab.md "The lab screen"): one object, not an App mixin.

``LabScreen(app)`` owns its part of the page (``#app`` while the lab is open): a Python editor
(CodeMirror 6 as PyScript ships it, static/js/lab_editor.mjs, imported on this screen only), the game,
the level and the layout, "Run 200 games" with a progress bar, the win share and its 95% interval, an
SVG chart of the share game after game and the bench's rows, the student's errors with their line
(the line is marked in the editor), "Stop", the bot's file (download / load; the code is kept in
localStorage per game, never read from a link or a room) and "Play against my bot". The games run in
the lab's Web Worker (static/js/lab.mjs), so the page stays responsive. It listens to its own clicks
and changes (``data-lab`` buttons, not the App's ``data-action``), and ``close()`` stops the run, ends
the worker (unless a table takes it over), destroys the editor and releases its proxies.

``LabSeatBot`` is the student's bot at a table: a bot whose ``think`` asks the worker for each move
(``lab.decide``) and yields the waiting future to the App's bot pump, so a bot that never answers
cannot freeze the page; its error is said at the table and an easy bot plays that move for it.
"""

from __future__ import annotations

import asyncio
import json

from ..lab import error_text, template
from ..lab import t as lab_t
from .html import button, escape, tag, void
from .i18n import Said

STORE_CODE = "tapete.lab.code."            # + game id: the student's code, kept in this browser
STORE_PREFS = "tapete.lab.prefs"           # the last game, level and layout
GAMES = ("chupate", "skypo", "francesa", "taki", "dos")
LEVELS = ("easy", "medium", "hard")
LAYOUTS = ("1v3", "2v2", "1v1")
RUN_GAMES = 200
CHART_W, CHART_H = 320, 120
PROGRESS_EVERY = 0.25           # seconds between two drawings of a run's progress

TEXTS: dict[str, dict[str, str]] = {
    "es": {
        "title": "Laboratorio de bots", "back": "Menú", "game": "Juego", "level": "Rivales", "layout": "Mesa",
        "intro": "Escribe en Python la función que elige la jugada de tu bot y prueba cuántas partidas gana. "
                 "La plantilla explica qué ve tu asiento y qué puede devolver. En el editor, Tab sangra; "
                 "Esc y luego Tab sale de él.",
        "editor": "Código de tu bot", "run": "Jugar {n} partidas", "stop": "Parar", "play": "Jugar contra mi bot",
        "download": "Descargar", "load": "Cargar archivo", "reset": "Volver a la plantilla",
        "reset.confirm": "¿Sustituir tu código por la plantilla? (Descárgalo antes si quieres guardarlo.)",
        "progress": "{played} de {games} partidas", "starting": "Arrancando Python en segundo plano…",
        "share": "Tu bot ganó el {share} de las partidas (± {se}; intervalo del 95 %: {low} – {high}). "
                 "Reparto justo: {fair}.",
        "share.none": "Aún no hay partidas jugadas.",
        "stopped.user": "Parado: {played} partidas jugadas.", "done": "Hecho: {played} partidas en {seconds} s.",
        "chart": "Proporción de victorias partida a partida", "chart.fair": "reparto justo",
        "rows": "Filas del banco de pruebas", "row.game": "juego", "row.layout": "mesa", "row.a": "A", "row.b": "B",
        "row.games": "partidas", "row.share": "victorias de A", "row.note": "nota",
        "time.decisions": "decisiones", "time.p50": "p50 ms", "time.p95": "p95 ms", "time.max": "máx. ms",
        "output": "Lo que imprimió tu bot", "output.dropped": "(y {n} líneas más)",
        "error.goto": "Ir a la línea {line}", "error.legal": "Acciones legales: {legal}",
        "error.frame": "{function}, línea {line}", "error.frames": "Dónde: de fuera hacia dentro",
        "file.bad": "No se pudo leer ese archivo (¿más de 200 KB?).", "file.loaded": "Cargado: {name}",
        "editor.plain": "Editor sencillo (el editor con colores no se pudo cargar).",
        "my_bot": "Mi bot", "table.error": "Tu bot falló y un bot fácil jugó por él: {error}",
        "never_link": "Tu código se guarda solo en este navegador.",
    },
    "en": {
        "title": "Bot lab", "back": "Menu", "game": "Game", "level": "Opponents", "layout": "Table",
        "intro": "Write in Python the function that picks your bot's move and see how many games it wins. "
                 "The template says what your seat sees and what it may return. In the editor Tab indents; "
                 "Esc then Tab leaves it.",
        "editor": "Your bot's code", "run": "Run {n} games", "stop": "Stop", "play": "Play against my bot",
        "download": "Download", "load": "Load file", "reset": "Back to the template",
        "reset.confirm": "Replace your code with the template? (Download it first to keep it.)",
        "progress": "{played} of {games} games", "starting": "Starting Python in the background…",
        "share": "Your bot won {share} of the games (± {se}; 95% interval: {low} – {high}). Fair share: {fair}.",
        "share.none": "No game played yet.",
        "stopped.user": "Stopped: {played} games played.", "done": "Done: {played} games in {seconds} s.",
        "chart": "Win share game after game", "chart.fair": "fair share",
        "rows": "The benchmark's rows", "row.game": "game", "row.layout": "layout", "row.a": "A", "row.b": "B",
        "row.games": "games", "row.share": "A's win share", "row.note": "note",
        "time.decisions": "decisions", "time.p50": "p50 ms", "time.p95": "p95 ms", "time.max": "max ms",
        "output": "What your bot printed", "output.dropped": "(and {n} more lines)",
        "error.goto": "Go to line {line}", "error.legal": "Legal actions: {legal}",
        "error.frame": "{function}, line {line}", "error.frames": "Where: outermost first",
        "file.bad": "That file could not be read (over 200 KB?).", "file.loaded": "Loaded: {name}",
        "editor.plain": "Plain editor (the colour editor could not load).",
        "my_bot": "My bot", "table.error": "Your bot failed and an easy bot played for it: {error}",
        "never_link": "Your code is kept in this browser only.",
    },
}


def lt(lang: str, key: str, **values) -> str:
    return TEXTS.get(lang, TEXTS["en"])[key].format(**values)


def pct(value: float | None, lang: str) -> str:
    if value is None:
        return "–"
    text = f"{100 * value:.1f} %" if lang == "es" else f"{100 * value:.1f}%"
    return text.replace(".", ",") if lang == "es" else text


# ----- pure renderers (tested under CPython) ---------------------------------------------------------
def chart_svg(curve: list[float], games: int, fair: float | None, lang: str) -> str:
    """The share after each game as an inline SVG polyline (x: games, y: 0–100 %), the fair share dashed."""
    w, h = CHART_W, CHART_H
    span = max(games, len(curve), 1)
    points = " ".join(f"{(i + 1) * w / span:.1f},{h - v * h:.1f}" for i, v in enumerate(curve))
    body = tag("rect", x=0, y=0, width=w, height=h, class_="lab-chart-bg")
    for frac in (0.25, 0.5, 0.75):
        body += tag("line", x1=0, x2=w, y1=f"{h - frac * h:.1f}", y2=f"{h - frac * h:.1f}", class_="lab-grid")
    if fair is not None:
        body += tag("line", x1=0, x2=w, y1=f"{h - fair * h:.1f}", y2=f"{h - fair * h:.1f}", class_="lab-fair")
    if curve:
        body += tag("polyline", points=points, class_="lab-curve")
    title = lt(lang, "chart")
    return tag("svg", tag("title", escape(title)) + body, viewBox=f"0 0 {w} {h}", role="img",
               aria_label=f"{title}: {pct(curve[-1] if curve else None, lang)}", class_="lab-chart",
               data_testid="lab-chart", data_points=len(curve), preserveAspectRatio="none")


def rows_table(snapshot: dict, lang: str) -> str:
    """The bench's row (bench/bots.py's columns) and the decision-time row, as an HTML table."""
    row, times = snapshot.get("row") or {}, snapshot.get("time_row") or {}
    keys = ("game", "layout", "a", "b", "games", "share", "note")
    heads = ("row.game", "row.layout", "row.a", "row.b", "row.games", "row.share", "row.note")
    html = tag("tr", "".join(tag("th", escape(lt(lang, k)), scope="col") for k in heads))
    html += tag("tr", "".join(tag("td", escape(str(row.get(k, "")))) for k in keys), data_testid="lab-row")
    table = tag("table", tag("caption", escape(lt(lang, "rows"))) + html, class_="scores lab-rows")
    if times.get("decisions"):
        theads = ("time.decisions", "time.p50", "time.p95", "time.max")
        tkeys = ("decisions", "p50_ms", "p95_ms", "max_ms")
        table += tag("table", tag("tr", "".join(tag("th", escape(lt(lang, k)), scope="col") for k in theads))
                     + tag("tr", "".join(tag("td", escape(str(times.get(k, "")))) for k in tkeys),
                           data_testid="lab-time-row"), class_="scores lab-rows")
    return table


def share_text(snapshot: dict, lang: str) -> str:
    if snapshot.get("share") is None:
        return lt(lang, "share.none")
    se = snapshot.get("se") or 0.0
    return lt(lang, "share", share=pct(snapshot["share"], lang), se=pct(se, lang).replace("%", "").strip(),
              low=pct(max(0.0, snapshot["low"]), lang), high=pct(min(1.0, snapshot["high"]), lang),
              fair=pct(snapshot.get("fair"), lang))


def error_html(error: dict, lang: str) -> str:
    """The student's error in words, the line's code, a button to that line, and the legal actions."""
    html = tag("p", escape(error_text(lang, error)), class_="lab-error-text")
    if error.get("code"):
        html += tag("pre", escape(f"{error.get('line', '?')} | {error['code']}"), class_="lab-error-code")
    frames = error.get("frames") or []
    if len(frames) > 1:
        html += tag("p", escape(lt(lang, "error.frames")), class_="lab-frames-title") + tag("ol", "".join(
            tag("li", escape(lt(lang, "error.frame", function=f.get("function", "?"), line=f.get("line", "?"))))
            for f in frames), class_="lab-frames")
    if error.get("line"):
        html += button(lt(lang, "error.goto", line=error["line"]), None, "lab-goto-line", "btn link",
                       data_lab="goto", data_line=error["line"])
    return html


def live_html(snap: dict, lang: str, note: str = "") -> str:
    """What a run's snapshot shows: the progress bar and its words, the share with its interval (a polite
    live region), the chart, the bench's rows and the bot's prints."""
    games, played = snap.get("games") or RUN_GAMES, snap.get("played") or 0
    progress = note or lt(lang, "progress", played=played, games=games)
    html = tag("div", void("progress", max=games, value=played, data_testid="lab-bar", aria_label=progress)
               + tag("span", escape(progress), data_testid="lab-progress-text"), class_="lab-progress")
    html += tag("p", escape(share_text(snap, lang)) if snap else "", class_="lab-result", data_testid="lab-result",
                aria_live="polite", data_played=played,
                data_share="" if snap.get("share") is None else repr(snap["share"]))
    if snap.get("curve"):
        html += tag("div", chart_svg(snap["curve"], games, snap.get("fair"), lang), class_="lab-chart-box")
    if played:
        html += tag("div", rows_table(snap, lang), class_="lab-rows-box", data_testid="lab-rows")
    output = snap.get("output") or []
    if output:
        text = "\n".join(output)
        if snap.get("output_dropped"):
            text += "\n" + lt(lang, "output.dropped", n=snap["output_dropped"])
        html += tag("div", tag("h3", escape(lt(lang, "output"))) + tag("pre", escape(text)), class_="lab-output",
                    data_testid="lab-output")
    return html


def options(values, chosen: str, label) -> str:
    return "".join(tag("option", escape(label(v)), value=v, selected=v == chosen) for v in values)


def render_lab(lang: str, game: str, level: str, layout: str, game_title) -> str:
    """The lab screen's frame; the editor mounts into ``#lab-editor``; the run's parts are filled later."""
    select = lambda name, values, chosen, label: tag(  # noqa: E731
        "label", escape(lt(lang, name)) + " " + tag("select", options(values, chosen, label), name=f"lab-{name}",
                                                     data_testid=f"lab-{name}", data_lab_field=name),
        class_="lab-field")
    controls = (select("game", GAMES, game, game_title)
                + select("level", LEVELS, level, lambda v: lab_t(lang, f"level.{v}"))
                + select("layout", LAYOUTS, layout, lambda v: lab_t(lang, f"layout.{v}")))
    files = (button(lt(lang, "download"), None, "lab-download", data_lab="download")
             + tag("label", escape(lt(lang, "load")) + void("input", type="file", accept=".py,text/x-python,text/plain",
                                                            data_testid="lab-file", data_lab_field="file",
                                                            class_="visually-hidden"),
                   class_="btn lab-load", data_testid="lab-load")
             + button(lt(lang, "reset"), None, "lab-reset", data_lab="reset"))
    runs = (button(lt(lang, "run", n=RUN_GAMES), None, "lab-run", "btn primary", data_lab="run")
            + button(lt(lang, "stop"), None, "lab-stop", "btn danger", disabled=True, data_lab="stop")
            + button(lt(lang, "play"), None, "lab-play", data_lab="play"))
    return tag("section",
               tag("div", button(lt(lang, "back"), None, "lab-back", data_lab="back")
                   + tag("h2", escape(lt(lang, "title")), id="lab-title", tabindex="-1"), class_="lab-head")
               + tag("p", escape(lt(lang, "intro")) + " " + escape(lt(lang, "never_link")), class_="lab-intro")
               + tag("div", controls, class_="lab-controls")
               + tag("div", "", class_="lab-editor", id="lab-editor", data_testid="lab-editor",
                     aria_label=lt(lang, "editor"), role="group")
               + tag("p", "", class_="lab-note", data_testid="lab-note", role="status")
               + tag("div", files, class_="lab-files")
               + tag("div", runs, class_="lab-actions")
               + tag("div", "", class_="lab-error", data_testid="lab-error", role="alert")
               + tag("div", live_html({}, lang), class_="lab-live", data_testid="lab-live"),
               class_="lab", data_testid="lab", data_state="idle", aria_labelledby="lab-title")


# ----- the screen ---------------------------------------------------------------------------------
class LabScreen:
    """The lab's own state, rendering and listeners; ``close()`` ends them all."""

    def __init__(self, app, game: str | None = None) -> None:
        from pyodide.ffi import create_proxy
        from pyscript import document, window
        from .browser import store_get

        self.app, self.window, self.document = app, window, document
        self.lang = app.lang
        prefs = self._prefs(store_get(STORE_PREFS))
        self.game = game if game in GAMES else prefs.get("game", "chupate")
        self.level = prefs.get("level", "easy")
        self.layout = prefs.get("layout", "1v3")
        self.editor = None                 # the JS editor (lab_editor.mjs mount())
        self.editor_js = None              # the lab_editor module
        self.lab = None                    # the lab.mjs module (its worker)
        self.running = False
        self.snapshot: dict | None = None
        self.closed = False
        self.kept_worker = False
        self.mounting = None
        self.pending = None                # the newest progress snapshot's JSON, not drawn yet
        self.drawing = False               # a drawing of it is scheduled
        self._proxies = []
        self._on_click = create_proxy(self.on_click)
        self._on_change = create_proxy(self.on_change)
        self._on_progress = create_proxy(self.on_progress)
        self._ignore = create_proxy(LabScreen._ignore)
        self._proxies += [self._on_click, self._on_change, self._on_progress, self._ignore]
        self._stylesheet()
        self.render()
        self.mounting = asyncio.ensure_future(self.mount_editor())

    @staticmethod
    def _prefs(text) -> dict:
        try:
            prefs = json.loads(text) if text else {}
        except ValueError:
            prefs = {}
        if not isinstance(prefs, dict):
            return {}
        return {k: v for k, v in prefs.items() if (k, v) in {("game", g) for g in GAMES}
                | {("level", lv) for lv in LEVELS} | {("layout", la) for la in LAYOUTS}}

    def _stylesheet(self) -> None:
        """static/css/lab.css, linked once, when the lab first opens (never at boot)."""
        if not self.document.querySelector('link[data-lab-css]'):
            link = self.document.createElement("link")
            link.rel = "stylesheet"
            link.href = "./static/css/lab.css"
            link.setAttribute("data-lab-css", "1")
            self.document.head.appendChild(link)

    @property
    def root(self):
        return self.app.root.querySelector('[data-testid="lab"]')

    def q(self, testid: str):
        root = self.root
        return root.querySelector(f'[data-testid="{testid}"]') if root else None

    # ----- rendering ------------------------------------------------------------------------------
    def render(self) -> None:
        """The frame (again after a language change: the editor is mounted anew with its code)."""
        self.app.root.innerHTML = render_lab(self.lang, self.game, self.level, self.layout, self.app.game_title)
        root = self.root
        root.addEventListener("click", self._on_click)
        root.addEventListener("change", self._on_change)
        if self.snapshot is not None:
            self.show(self.snapshot)

    def set_lang(self, lang: str) -> None:
        code = self.code()
        self.lang = lang
        self._destroy_editor()
        self.render()
        self.mounting = asyncio.ensure_future(self.mount_editor(code))

    def focus_title(self) -> None:
        title = self.app.root.querySelector("#lab-title")
        if title:
            title.focus()

    async def mount_editor(self, code: str | None = None) -> None:
        from .browser import store_get
        if code is None:
            code = store_get(STORE_CODE + self.game) or template(self.game, self.lang)
        if self.editor_js is None:
            self.editor_js = await self.window.tapeteImport("lab_editor.mjs")
        if self.closed:
            return
        holder = self.app.root.querySelector("#lab-editor")
        editor = await self.editor_js.mount(holder, json_obj(self.window, {
            "doc": code, "label": lt(self.lang, "editor"), "storeKey": STORE_CODE + self.game}))
        if self.closed:
            editor.destroy()
            return
        self._destroy_editor()
        self.editor = editor
        self.root.setAttribute("data-editor", str(editor.kind))
        if str(editor.kind) != "codemirror":
            self.note(lt(self.lang, "editor.plain"))
        self.set_running(self.running)
        if self.lab is None:                         # the worker's Python starts while the student reads
            lab = await self._lab()
            if not self.closed:
                lab.ready().catch(self._ignore)

    @staticmethod
    def _ignore(_error) -> None:
        """A failed early start is retried, and reported, by the run itself."""

    def _destroy_editor(self) -> None:
        if self.editor is not None:
            self.editor.destroy()
            self.editor = None

    def code(self) -> str:
        if self.editor is not None:
            return str(self.editor.getCode())
        from .browser import store_get
        return store_get(STORE_CODE + self.game) or template(self.game, self.lang)

    def note(self, text: str) -> None:
        node = self.q("lab-note")
        if node:
            node.textContent = text

    def set_running(self, running: bool) -> None:
        self.running = running
        root = self.root
        if not root:
            return
        root.setAttribute("data-state", "running" if running else "idle")
        for testid, disabled in (("lab-run", running), ("lab-stop", not running), ("lab-play", running),
                                 ("lab-game", running), ("lab-level", running), ("lab-layout", running),
                                 ("lab-reset", running)):
            node = self.q(testid)
            if node:
                node.disabled = disabled

    def show(self, snap: dict) -> None:
        """A snapshot of the run: the bar, the share, the chart, the rows, the prints (one innerHTML), the error."""
        self.snapshot = snap
        live = self.q("lab-live")
        if not live:
            return
        live.innerHTML = live_html(snap, self.lang)
        self.show_error(snap.get("error"))

    def show_error(self, error: dict | None) -> None:
        node = self.q("lab-error")
        if not node:
            return
        if not error:
            node.innerHTML = ""
            node.removeAttribute("data-kind")
            node.removeAttribute("data-line")
            return
        node.innerHTML = error_html(error, self.lang)
        node.setAttribute("data-kind", str(error.get("kind")))
        node.setAttribute("data-line", str(error.get("line") or ""))
        if error.get("line") and self.editor is not None:
            self.editor.markLine(int(error["line"]))

    # ----- events ---------------------------------------------------------------------------------
    def on_click(self, event) -> None:
        node = event.target.closest("[data-lab]") if event.target and getattr(event.target, "closest", None) else None
        if not node or node.hasAttribute("disabled"):
            return
        what = str(node.getAttribute("data-lab"))
        if what == "run":
            asyncio.ensure_future(self.run())
        elif what == "stop":
            asyncio.ensure_future(self.stop())
        elif what == "play":
            asyncio.ensure_future(self.play())
        elif what == "back":                         # after this handler returns: close() ends its proxy
            asyncio.get_event_loop().call_soon(self.app.act, "menu")
        elif what == "download":
            self.editor_js and self.editor_js.download(f"bot_{self.game}.py", self.code())
        elif what == "reset":
            if self.window.confirm(lt(self.lang, "reset.confirm")):
                self.set_code(template(self.game, self.lang))
        elif what == "goto" and self.editor is not None:
            self.editor.markLine(int(node.getAttribute("data-line") or 0))
            self.editor.focus()

    def set_code(self, code: str) -> None:
        if self.editor is not None:
            self.editor.setCode(code)
        else:
            from .browser import store_set
            store_set(STORE_CODE + self.game, code)

    def on_change(self, event) -> None:
        field = event.target.getAttribute("data-lab-field") if event.target else None
        if not field:
            return
        field = str(field)
        if field == "file":
            asyncio.ensure_future(self.load_file(event.target))
            return
        value = str(event.target.value)
        if field == "game" and value in GAMES and value != self.game:
            self.game = value
            self.snapshot = None
            self.show_error(None)
            self.q("lab-live").innerHTML = live_html({}, self.lang)
            self._destroy_editor()
            self.mounting = asyncio.ensure_future(self.mount_editor())
        elif field == "level" and value in LEVELS:
            self.level = value
        elif field == "layout" and value in LAYOUTS:
            self.layout = value
        self._save_prefs()

    def _save_prefs(self) -> None:
        from .browser import store_set
        store_set(STORE_PREFS, json.dumps({"game": self.game, "level": self.level, "layout": self.layout}))

    async def load_file(self, input_) -> None:
        name = str(input_.files[0].name) if input_.files and input_.files.length else ""
        text = await self.editor_js.readFile(input_) if self.editor_js else None
        if not isinstance(text, str):
            self.note(lt(self.lang, "file.bad"))
            return
        self.set_code(text)
        self.note(lt(self.lang, "file.loaded", name=name))

    async def _lab(self):
        if self.lab is None:
            self.lab = await self.window.tapeteImport("lab.mjs")
        return self.lab

    def on_progress(self, _snapshot, text) -> None:
        """After each slice of the run (about 0.1 s): keep the newest snapshot; draw at most every
        PROGRESS_EVERY seconds (one innerHTML: the page's thread stays free for the player)."""
        if self.closed:
            return
        self.pending = str(text)
        if not self.drawing:
            self.drawing = True
            asyncio.get_event_loop().call_later(PROGRESS_EVERY, self._draw_pending)

    def _draw_pending(self) -> None:
        self.drawing = False
        if self.pending is not None and self.running and not self.closed:
            text, self.pending = self.pending, None
            self.show(json.loads(text))

    async def run(self) -> None:
        if self.running:
            return
        if self.mounting is not None and not self.mounting.done():
            await self.mounting
        code = self.code()
        self.set_running(True)
        self.show_error(None)
        if self.editor is not None:
            self.editor.markLine(0)
        self.pending = None
        self.q("lab-live").innerHTML = live_html({}, self.lang, lt(self.lang, "starting"))
        params = {"game": self.game, "level": self.level, "layout": self.layout, "code": code,
                  "games": RUN_GAMES, "lang": self.lang}
        try:
            lab = await self._lab()
            result = await lab.run(json.dumps(params), self._on_progress)
            snap = json.loads(str(self.window.JSON.stringify(result)))
        except Exception as err:  # noqa: BLE001 - the lab could not run (Python failed to start...)
            snap = {"error": {"kind": "internal", "message": str(err)}, "played": 0, "games": RUN_GAMES}
        if self.closed:
            return
        self.show(snap)
        self.set_running(False)
        stopped = snap.get("stopped")
        if stopped == "user":
            self.note(lt(self.lang, "stopped.user", played=snap.get("played", 0)))
        elif not snap.get("error"):
            self.note(lt(self.lang, "done", played=snap.get("played", 0), seconds=f"{snap.get('seconds', 0):.1f}"))
        self.root.setAttribute("data-stopped", str(stopped or "done"))

    async def stop(self) -> None:
        if self.lab is not None and self.running:
            await self.lab.stop()

    async def play(self) -> None:
        """"Play against my bot": a table where the student's bot sits (its moves asked of the worker)."""
        code = self.code()
        lab = await self._lab()
        if self.closed:
            return
        self.kept_worker = True
        self.app.play_lab_bot(self.game, code, lab, lt(self.lang, "my_bot"))

    def close(self) -> None:
        """Stop the run, end the worker (unless a table took it over), destroy the editor, drop listeners."""
        if self.closed:
            return
        self.closed = True
        if self.lab is not None:
            if self.running:
                self.lab.stop()
            if not self.kept_worker:
                self.lab.close()
        self._destroy_editor()
        root = self.root
        if root:
            root.removeEventListener("click", self._on_click)
            root.removeEventListener("change", self._on_change)
        for proxy in self._proxies:
            proxy.destroy()
        self._proxies = []


def json_obj(window, value: dict):
    """A plain JS object from a dict (through JSON: no proxies to release)."""
    return window.JSON.parse(json.dumps(value))


# ----- the student's bot at a table -------------------------------------------------------------------
class LabSeatBot:
    """The student's bot in a seat: each move is asked of the lab's worker (``lab.decide``); ``think``
    yields the waiting future to the App's bot pump (which awaits it), so the page never blocks. An
    error is said at the table (``on_error``) and an easy bot plays that move for it."""

    needs_view = True

    def __init__(self, lab, game: str, code: str, table: str, seat: int, on_error) -> None:
        self.lab, self.game, self.code, self.table, self.seat = lab, game, code, table, seat
        self.on_error = on_error
        self.errors = 0

    async def _ask(self, view: dict, legal: list[str], must: bool) -> dict:
        from pyscript import window
        params = {"game": self.game, "code": self.code, "table": self.table, "seat": self.seat, "view": view,
                  "legal": legal, "mustAct": must}
        try:
            result = await self.lab.decide(json.dumps(params))
            return json.loads(str(window.JSON.stringify(result)))
        except Exception as err:  # noqa: BLE001 - the worker could not start
            return {"action": None, "error": {"kind": "internal", "message": str(err)}}

    def think(self, view: dict, legal: list[str], must: bool, rng):
        future = asyncio.ensure_future(self._ask(view, legal, must))
        while not future.done():
            yield future
        result = future.result()
        action, error = result.get("action"), result.get("error")
        if error:
            self.errors += 1
            self.on_error(error)
            from ..bots import EasyBot
            return EasyBot().choose(view, legal, must, rng)
        if action is not None and action not in legal:        # decide() checks this; never trust blindly
            from ..bots import EasyBot
            return EasyBot().choose(view, legal, must, rng)
        return action

    def choose(self, view, legal, must, rng):
        """Only the pump's ``think`` plays this bot (a synchronous answer would block the page)."""
        from ..bots import EasyBot
        return EasyBot().choose(view, legal, must, rng)


def table_error(lang_of, error: dict) -> Said:
    """The message a table shows when the student's bot failed (said again in a new language)."""
    return Said.of(lang_of(), lambda lang: lt(lang, "table.error", error=error_text(lang, error)))


__all__ = ["GAMES", "LAYOUTS", "LEVELS", "LabScreen", "LabSeatBot", "STORE_CODE", "TEXTS", "chart_svg",
           "error_html", "render_lab", "rows_table", "share_text", "table_error"]
