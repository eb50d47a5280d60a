"""The bot lab's screen as HTML, pure (no browser): its texts in Spanish and English (``TEXTS``, ``lt``),
the page (``render_lab``), the live part a run redraws (``live_html``: progress, win share, the SVG
chart of the share game after game, the bench's rows) and the student's error with its line
(``error_html``). The screen object that draws them is tapete.ui.lab_screen.LabScreen."""

from __future__ import annotations

from ..lab import error_text
from ..lab import t as lab_t
from .html import button, escape, tag, void

GAMES = ("chupate", "skypo", "francesa", "taki", "dos")
LEVELS = ("easy", "medium", "hard")
LAYOUTS = ("1v3", "2v2", "1v1")
RUN_GAMES = 200
CHART_W, CHART_H = 320, 120

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


__all__ = ["CHART_H", "CHART_W", "GAMES", "LAYOUTS", "LEVELS", "RUN_GAMES", "TEXTS", "chart_svg", "error_html",
           "live_html", "lt", "pct", "render_lab", "rows_table", "share_text"]
