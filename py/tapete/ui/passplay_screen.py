"""The pass-and-play screen (issue 32): several people share this device at one table, bots fill the rest.

A standalone screen object (:class:`PassPlayScreen`: its own state, ``render``, ``act``, ``on_key`` and
``close``) over :class:`tapete.net.passplay.PassAndPlay`, which decides who may see what; the app opens it
through its router (:meth:`PassPlayScreen.start`, :meth:`PassPlayScreen.resume`) and hands it the
actions. What it shows, by the controller's ``screen``:

- ``handover``: "Pass to Ana" and one button, "I am Ana: show my cards". Nothing of anyone's hand, no
  card face at all (not even public ones: the moves are in the log of the next table), no chooser: just
  the seats' names and card counts and the shouts anyone at the table may make (a forgotten last-card
  call caught, Ana's own ¡DOS!...). The DOM is replaced whole (no keyed patch) so nothing of the previous
  person's table survives in it.
- ``play`` / ``done``: the holder's own table (the game's renderer with the holder's update), under a
  strip naming them; ``done`` adds "Done: hide my cards". A poll (Super Taki's +3 breaker) offers only
  "Break" and "No".
- ``bots``, ``round``, ``over``: the public table (the renderer with the seat-less public update: no hand).

The log is built from the controller's public updates only and said with the public update (every seat
by name, never "you"). The table is saved after every change under the controller's own save kind
(``localStorage["tapete.passplay.<game>"]``) and the picker offers to resume it after a reload; a resumed
table opens on a hand-over (never on someone's cards).
"""

from __future__ import annotations

import asyncio

from pyscript import document, window

from ..core import TapeteError
from ..core.errors import BadOptions, BadState
from ..net.deal import mix, new_secret
from ..net.passplay import PassAndPlay, store_key
from . import tables
from .bar import BAR_OPEN
from .browser import int_param, store_del, store_get, store_set
from .hand import STORE_SORT
from .html import button, escape, tag
from .i18n import Said, refusal, resay, t
from .log import announcement, say_new
from .log import record as record_move
from .sheet import record_round
from .table_view import announce, bar, choice_action, fold_action, open_dialogs, table_key

ACTION = "pp:"                               # this screen's own actions
CHOICE_KEYS = ("wild",)                      # half-made choices (plus every "<game>_..." key)

# The word each game says for a person's own call (its ``call``/``dos``/``ultima`` action).
CALL_WORDS = {"es": {"ultima": "¡última!", "call": "¡me queda una!", "dos": "¡DOS!"},
              "en": {"ultima": "last card!", "call": "last card!", "dos": "DOS!"}}
FRANCESA_CALL = {"es": "¡chúpate 2!", "en": "draw two!"}


pt = t                                       # its texts are in tapete.ui.i18n (PASSPLAY_TEXTS)


def call_word(lang: str, game_id: str, action: str) -> str:
    if game_id == "francesa" and action == "call":
        return FRANCESA_CALL.get(lang, FRANCESA_CALL["es"])
    words = CALL_WORDS.get(lang, CALL_WORDS["es"])
    return words.get(action.split(" ", 1)[0], action)


# ----- the screen --------------------------------------------------------------------------------------
class PassPlayScreen:
    """One pass-and-play table on this page (see the module's docstring). ``close()`` ends its bot pump."""

    name = "passplay"                          # App.screen while this screen is up (a history entry)

    def __init__(self, app, game_id: str, *, seats: list[dict] | None = None, options: dict | None = None,
                 saved: str | None = None):
        self.app = app
        self.game_id = game_id
        self.module = tables.table_for(game_id)
        self.ui = {"log": [], "message": "", "wild": None, "timer": None, "ranking": None, "rounds": [],
                   "sort": store_get(STORE_SORT) or ""}
        self.closed = False
        self.pumping = False
        self.shown_turn = None                     # turn_id of the screen last rendered
        self.renders = 0                           # renders so far (data-render: tests wait for the next one)
        callbacks = {"on_change": self._on_change, "on_public": self._on_public}
        if saved is not None:
            self.table = PassAndPlay.resume(saved, game_id, **callbacks)
        else:
            seed = int_param("seed", None)          # test hook, as for games against bots
            if seed is None:
                seed = mix(new_secret(), [])
            options = dict(options or {})
            if "turn_timer" in options:
                options["turn_timer"] = 0            # a hand-over would eat the time
            self.table = PassAndPlay(game_id, seats, seed, options, **callbacks)
        public = self.table.public
        if public:
            self._remember(public)
        self.save()

    # ----- opening (through the app's router) ------------------------------------------------------
    @classmethod
    def start(cls, app, game_id: str, seats: list[dict], options: dict) -> None:
        """A new pass-and-play table on this page (replacing whatever was shown)."""
        app.stop_game()
        app.game_id = game_id
        cls(app, game_id, seats=seats, options=options).open()

    @classmethod
    def resume(cls, app, game_id: str) -> bool:
        """The saved table of ``game_id``, on a hand-over (never on someone's cards); a bad save is dropped
        and the picker says so. False if there is no save (nothing shown)."""
        text = store_get(store_key(game_id))
        if text is None:
            return False
        try:
            screen = cls(app, game_id, saved=text)
        except (BadState, BadOptions) as err:
            store_del(store_key(game_id))
            window.console.warn(f"tapete: pass-and-play save of {game_id} dropped: {err}")
            app.picker.note = pt(app.lang, "pp.dropped", game=app.game_title(game_id))
            app.show_picker()
            return True
        app.stop_game()
        app.game_id = game_id
        screen.open()
        return True

    def open(self) -> None:
        app = self.app
        app.router.open(self)
        app.router.push()
        self.render()
        self.pump()

    # ----- the controller's callbacks --------------------------------------------------------------
    def _on_public(self, update: dict) -> None:
        self._remember(update)
        announce(announcement(update, self.app.lang, self.module.event_text))

    def _remember(self, update: dict) -> None:
        self.ui["log"] = record_move(self.ui.get("log") or [], update.get("events") or [])
        self.ui["rounds"] = record_round(self.ui.get("rounds") or [], update["view"],
                                         getattr(self.module, "round_points", None))

    def _on_change(self, table) -> None:
        if self.closed:
            return
        self.save()
        self.render()
        self.pump()

    def save(self) -> None:
        key = store_key(self.game_id)
        if self.table.host.state.get("over"):
            store_del(key)
        else:
            store_set(key, self.table.snapshot())

    def close(self) -> None:
        self.closed = True

    def set_lang(self, lang: str) -> None:
        if self.ui.get("message"):
            self.ui["message"] = resay(self.ui["message"], lang)

    # ----- the bots ------------------------------------------------------------------------------
    def pump(self) -> None:
        if not self.pumping and not self.closed and self.table.bot_pending():
            self.pumping = True
            asyncio.ensure_future(self._pump())

    async def _pump(self) -> None:
        try:
            while not self.closed and self.table.bot_pending():
                await asyncio.sleep(self.app.bot_delay)
                if self.closed:
                    return
                for _ in self.table.bot_steps():     # a slicing bot: the page paints between slices
                    await asyncio.sleep(0)
                    if self.closed:
                        return
        finally:
            self.pumping = False

    # ----- intents -------------------------------------------------------------------------------
    def clear_choices(self) -> None:
        for key in list(self.ui):
            if key in CHOICE_KEYS or key.startswith(self.game_id + "_"):
                self.ui[key] = None

    def say_refusal(self, code: str, words: str) -> None:
        explain = getattr(self.module, "refusal_text", refusal)
        self.ui["message"] = Said.of(self.app.lang, lambda lang: t(lang, "refused", reason=explain(lang, code, words)))

    def act(self, action: str) -> bool:
        """Every action while this screen is up is its own (True)."""
        table = self.table
        try:
            if action == "pp:reveal":
                self.ui["message"] = ""
                table.reveal()
            elif action == "pp:hide":
                self.clear_choices()
                self.ui["message"] = ""
                table.hide()
            elif action.startswith("pp:shout "):
                _, seat, verb = action.split(" ", 2)
                table.public_act(int(seat), verb)
            elif action in ("next", "continue") and table.screen == "round":
                table.next_round()
            elif action in ("leave", "menu"):          # the table stays saved: the picker offers to resume it
                self.app.show_picker()
                self.app.router.push()
            elif action == "again":
                seats = [{"name": s.name, "bot": s.bot} for s in table.host.seats]
                PassPlayScreen.start(self.app, self.game_id, seats, dict(table.host.state["options"]))
            elif action == "ui:bar-more":
                self.ui[BAR_OPEN] = not self.ui.get(BAR_OPEN)
                self.render()
            elif fold_action(self.ui, action):
                self.render()
            elif table.screen not in ("play", "done"):
                return True                              # no private screen: nothing else to do
            elif choice_action(self.ui, action, self.module):
                self.render()
            else:
                self.clear_choices()
                self.ui["message"] = ""
                rejection = table.act(action)
                if rejection is not None:
                    self.say_refusal(rejection.get("code", ""), rejection.get("message", ""))
                    self.render()
        except TapeteError as err:                        # a click on a screen that has moved on
            window.console.warn(f"tapete: pass-and-play: {err}")
            self.render()
        return True

    def on_key(self, event) -> None:
        if self.ui.get(BAR_OPEN) and str(event.key) == "Escape":
            self.ui[BAR_OPEN] = False
            self.render()
            return
        if self.table.update is None:
            return
        key = table_key(event, self.app.root)
        if key is None:
            return
        keys = tables.keys_of(self.module)
        action = keys.get(key.lower())
        if action and action in self.table.legal:
            self.act(action)
            event.preventDefault()

    # ----- rendering -----------------------------------------------------------------------------
    def render(self) -> None:
        if self.closed:
            return
        table, lang = self.table, self.app.lang
        screen = table.screen
        if table.turn_id != self.shown_turn:
            self.clear_choices()
        public = table.public
        if public is not None:
            say_new(self.ui.get("log") or [], public, lang, self.module.event_text)   # by name, never "you"
        head = bar(self.app, self.game_id, self.ui)
        self.renders += 1
        attrs = {"class_": f"passplay {self.game_id} pp-{screen}", "data_testid": "passplay",
                 "data_screen": screen, "data_turn_id": table.turn_id,
                 "data_version": table.host.state["version"], "data_render": self.renders}
        if screen == "handover":
            body = self.render_handover(lang)
            attrs["data_next"] = table.next_person
            attrs["data_reason"] = table.reason
        elif screen in ("play", "done"):
            body = self.render_private(lang)
            attrs["data_holder"] = table.holder
        else:
            body = self.render_public(lang)
        html = head + tag("div", body, **attrs)
        fresh = table.turn_id != self.shown_turn or screen == "handover"
        self.shown_turn = table.turn_id
        if fresh:                         # a new owner: replace the DOM whole, nothing of the last one stays
            self.app.root.innerHTML = html
        else:
            self.app.motion.patch(html, self.ui.get("last_move"))
        open_dialogs(self.app.root)
        if fresh:
            first = (self.app.root.querySelector('[data-testid="btn-reveal"]')
                     or self.app.root.querySelector('[data-testid="pp-heading"]'))
            if first and not document.querySelector("dialog[open]"):
                first.focus()

    def render_handover(self, lang: str) -> str:
        table = self.table
        body = tag("h2", escape(pt(lang, "pp.pass_to", name=table.name(table.next_person))), id="pp-title",
                   data_testid="pp-heading", tabindex="-1")
        if table.reason == "poll":
            body += tag("p", escape(pt(lang, "pp.poll", name=table.name(table.next_person))), data_testid="pp-poll")
        body += tag("p", escape(pt(lang, "pp.only", name=table.name(table.next_person))), class_="pp-only")
        body += button(escape(pt(lang, "pp.reveal", name=table.name(table.next_person))), "pp:reveal",
                       "btn-reveal", "btn primary pp-reveal")
        body += self.render_shouts(lang) + self.render_seats(lang)
        return tag("section", body, class_="pp-handover", data_testid="passplay-handover",
                   aria_labelledby="pp-title")

    def render_seats(self, lang: str) -> str:
        """Names and card counts only (public facts); never a card face."""
        view = self.table.public["view"] if self.table.public else {}
        counts = view.get("counts") or []
        turn = view.get("turn")
        items = []
        for seat, spec in enumerate(self.table.host.seats):
            text = escape(spec.name)
            if seat < len(counts):
                count = counts[seat]
                text += " — " + escape(t(lang, "card1") if count == 1 else t(lang, "cards", n=count))
            if seat == turn:
                text += " " + tag("span", "(" + escape(pt(lang, "pp.on_turn")) + ")", class_="pp-turn")
            items.append(tag("li", text, data_testid=f"pp-seat-{seat}"))
        return tag("section", tag("h3", escape(pt(lang, "pp.seats"))) + tag("ul", "".join(items), class_="pp-seats"),
                   class_="pp-table", aria_label=pt(lang, "pp.seats"))

    def render_shouts(self, lang: str) -> str:
        shouts = self.table.public_actions()
        if not shouts:
            return ""
        buttons = []
        for shout in shouts:
            seat, action, target = shout["seat"], shout["action"], shout["target"]
            if shout["kind"] == "catch":
                label = pt(lang, "pp.catch", name=self.table.name(target))
                testid = f"shout-catch-{target}"
            else:
                label = pt(lang, "pp.call", name=self.table.name(seat), call=call_word(lang, self.game_id, action))
                testid = f"shout-call-{seat}"
            buttons.append(button(escape(label), f"pp:shout {seat} {action}", testid, "btn shout"))
        return tag("div", tag("p", escape(pt(lang, "pp.shouts")), class_="pp-shouts-title") + "".join(buttons),
                   class_="pp-shouts", data_testid="pp-shouts", role="group", aria_label=pt(lang, "pp.shouts"))

    def render_private(self, lang: str) -> str:
        table = self.table
        update = dict(table.update)
        update["legal"] = table.legal
        name = table.name(table.holder)
        strip = tag("h2", escape(pt(lang, "pp.cards_of", name=name)), data_testid="pp-heading", tabindex="-1",
                    class_="pp-who")
        if table.polling:
            strip += tag("p", escape(pt(lang, "pp.poll_ask")), data_testid="pp-poll-ask")
            # "Break" is the table's own button (btn-break, only if she holds one); "No" is always there
            strip += tag("div", button(escape(pt(lang, "pp.no")), "pp:hide", "btn-hide", "btn"),
                         class_="actions pp-strip")
        elif table.screen == "done":
            strip += tag("p", escape(pt(lang, "pp.turn_over", name=name)), data_testid="pp-turn-over")
            strip += tag("div", button(escape(pt(lang, "pp.hide")), "pp:hide", "btn-hide", "btn primary"),
                         class_="actions pp-strip")
        return tag("div", strip, class_="pp-private") + self.module.render_table(update, lang, self.ui)

    def render_public(self, lang: str) -> str:
        table = self.table
        update = table.public
        strip = ""
        if table.screen == "bots":
            strip = tag("p", escape(pt(lang, "pp.bots_play")), class_="pp-who", data_testid="pp-bots-play",
                        role="status")
        strip += self.render_shouts(lang)
        return tag("div", strip, class_="pp-public") + self.module.render_table(update, lang, self.ui)
