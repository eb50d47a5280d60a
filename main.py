"""Tapete entry point: PyScript runs it (index.html: ``<script type="py" src="./main.py" config=…>``)
once Pyodide is up, tapete.zip is unpacked into the working directory (/home/pyodide: pyscript.toml's
[files] writes it, static/js/boot.mjs unpacks it) and PyScript's own Python package is imported.

Thin on purpose: put the unpacked package on sys.path, start the UI
(`tapete.ui.app.start()`, awaited if it is a coroutine), then mark the page
ready with <html data-ready="1">. Any failure is shown in the shell's error box.

Imports that find nothing are recorded from before PyScript's own (static/js/boot.mjs, through
PyScript's onReady hook): `window.tapeteMissingImports()`.
"""

import inspect
import os
import sys
import traceback

import js  # Pyodide's bridge to the page
from pyscript import document, window

js.performance.mark("tapete:main")   # the boot's milestones: docs/shell.md, "Progress and the watchdog"
APP_MODULE = "tapete.ui.app"


def _enable_picker():
    """Enable the shell's game buttons (used when no Python UI is installed)."""
    shell = window.tapeteShell
    for button in document.querySelectorAll("[data-game]"):
        button.disabled = False
        note = button.querySelector(".game-note")
        if note:
            note.setAttribute("data-i18n", "picker.ready")
            note.textContent = shell.t("picker.ready") if shell else "▶"


async def _boot():
    cwd = os.getcwd()
    if cwd not in sys.path:
        sys.path.insert(0, cwd)
    try:
        import tapete  # noqa: F401  (fails loudly if tapete.zip was not unpacked)
        import importlib

        try:
            app = importlib.import_module(APP_MODULE)
        except ModuleNotFoundError as exc:
            if exc.name != APP_MODULE:
                raise
            app = None
        shell = window.tapeteShell
        shell.handover()          # the shell's pre-boot screens go; #app holds the picker again
        if app is None:
            _enable_picker()
        else:
            result = app.start()
            if inspect.isawaitable(result):
                await result
        shell.replay()            # what the player did before Python was up, done through the UI
    except BaseException as exc:  # noqa: BLE001  - every failure must reach the page
        message = "".join(traceback.format_exception(exc))
        js.console.error(message)
        window.tapeteShell.fail(message)
        return
    document.documentElement.setAttribute("data-ready", "1")


await _boot()  # noqa: F704  (PyScript runs main.py asynchronously: top-level await)
