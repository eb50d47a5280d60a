"""Pieces every table screen shares (the table against bots or in a room, pass and play): the bar above
the table, the modal dialogs, arrow keys through the hand, the live region. Functions of the page's
nodes; the state stays with the screens (tapete.ui.table_screen, tapete.ui.passplay_screen)."""

from __future__ import annotations

from pyscript import document, window

from .bar import BAR_OPEN, table_bar
from .browser import store_get, store_set
from .hand import STORE_SORT, parse_sort
from .log import LOG_OPEN
from .sound import STORE_MUTED


def game_title(game_id: str) -> str:
    return str(window.tapeteShell.t("game." + game_id))


def bar(app, game_id: str, ui: dict, hint: str = "") -> str:
    """Menu (leave, with a confirmation), the game's name, Mute, How to play and the settings, above
    every table. On a phone (CSS, ≤ 480 px) the settings (the animation speed) fold behind a ⚙
    toggle (``btn-bar-more``, ``ui:bar-more``) and Mute shows only its speaker; wider, all is in a row.
    ``hint``: the Hint button (a table against bots only)."""
    return table_bar(app.lang, game_title(game_id), game_id, store_get(STORE_MUTED) == "1",
                     app.motion.speed_setting(app.lang), bool(ui.get(BAR_OPEN)), hint)


def open_dialogs(root) -> None:
    """Round and result dialogs are modal: showModal() makes the table inert and focuses the
    dialog's autofocus button (the heading names the dialog: aria-labelledby)."""
    for dialog in root.querySelectorAll("dialog[data-modal]"):
        if not dialog.open:
            dialog.showModal()
            moves = dialog.querySelector('[data-testid="round-log"]')
            if moves:                            # the whole round opens on its newest moves
                moves.scrollTop = moves.scrollHeight


def move_focus(root, step: int) -> None:
    """Arrow keys: focus the previous / next card of the hand (or the grid), round the end."""
    cards = list(root.querySelectorAll('[data-testid="hand"] .card, [data-testid="my-grid"] .card'))
    if not cards:
        return
    current = document.activeElement
    index = next((i for i, c in enumerate(cards) if c == current), -1)
    cards[(index + step) % len(cards)].focus()


def announce(text: str) -> None:
    """Tell screen readers what the other players just did, in the persistent live region."""
    node = document.getElementById("announcer")
    if node and text:
        node.textContent = text


def table_key(event, root) -> str | None:
    """The key of a key press for the table; None when it is not the table's (a form field, a modifier)
    or was an arrow key, which moved the focus through the hand here."""
    tag_name = str(event.target.tagName).lower() if event.target else ""
    if tag_name in ("input", "select", "textarea") or event.ctrlKey or event.metaKey or event.altKey:
        return None
    key = str(event.key)
    if key in ("ArrowLeft", "ArrowRight"):
        move_focus(root, -1 if key == "ArrowLeft" else 1)
        event.preventDefault()
        return None
    return key


def fold_action(ui: dict, action: str) -> bool:
    """What only this page shows: the hand's order (remembered by this browser), the result and the
    whole round's moves folded or open. True if ``action`` was one (the caller renders again)."""
    if parse_sort(action) is not None:
        ui["sort"] = parse_sort(action)
        store_set(STORE_SORT, ui["sort"])
    elif action in ("ui:result-close", "ui:result-open"):
        ui["result_closed"] = action == "ui:result-close"
    elif action in ("ui:log-open", "ui:log-close"):      # the whole round's moves (tapete.ui.log)
        ui[LOG_OPEN] = action == "ui:log-open"
    else:
        return False
    return True


def choice_action(ui: dict, action: str, module) -> bool:
    """A half-made choice (a wild's colour, the game's own ``ui:`` choices: selected cards...); True if
    ``action`` was one (the caller renders again)."""
    if action.startswith("ui:"):
        local = getattr(module, "local_action", None)
        if local is not None:
            local(ui, action)
    elif action.startswith("wild "):
        ui["wild"] = action.split(" ", 1)[1]
    else:
        return False
    ui["message"] = ""
    return True
