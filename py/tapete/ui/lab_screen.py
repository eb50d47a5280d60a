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

Its HTML is drawn by tapete.ui.lab_view (pure); the student's bot at a table is
tapete.ui.lab_seat.LabSeatBot.
"""

from __future__ import annotations

import asyncio
import json

from ..lab import template
from .lab_view import GAMES, LAYOUTS, LEVELS, RUN_GAMES, error_html, live_html, lt, render_lab

STORE_CODE = "tapete.lab.code."            # + game id: the student's code, kept in this browser
STORE_PREFS = "tapete.lab.prefs"           # the last game, level and layout
PROGRESS_EVERY = 0.25           # seconds between two drawings of a run's progress


# ----- the screen ---------------------------------------------------------------------------------
class LabScreen:
    """The lab's own state, rendering and listeners; ``close()`` ends them all."""

    name = "lab"                       # App.screen while it is shown (a history entry: tapete.ui.router)

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


__all__ = ["LabScreen", "PROGRESS_EVERY", "STORE_CODE", "STORE_PREFS", "json_obj"]
