"""The part of PyScript's Python API that Tapete uses, without PyScript.

Tapete boots Pyodide directly (static/js/boot.mjs; docs/shell.md says why): PyScript's own start-up
was most of the gap between the page and a bare ``loadPyodide()``. The UI keeps writing
``from pyscript import document, window`` as it would under PyScript, and these names mean the same:

- ``window``: the page's global object (``globalThis``), as a JsProxy;
- ``document``: ``window.document``;
- ``js_import(*urls)``: ``await js_import(url, ...)`` imports JavaScript modules and returns them in
  order (PyScript's ``pyscript.js_import``; relative URLs resolve against the page, not this module).

Nothing else of PyScript is provided (no ``display``, ``when``, ``<py-script>`` tags, error banners):
uncaught Python errors reach the console and the shell's handlers like any JavaScript error.
"""

from __future__ import annotations

import js

window = js.globalThis
document = js.document

__all__ = ["document", "js_import", "window"]


async def js_import(*urls: str) -> list:
    """Import the JavaScript modules at ``urls`` (resolved against the page) and return them."""
    modules = []
    for url in urls:
        absolute = js.URL.new(url, js.document.baseURI).href
        modules.append(await js.tapeteImport(absolute))
    return modules
