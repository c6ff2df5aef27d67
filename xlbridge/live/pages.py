"""The pages of ``xlbridge serve``, rendered on the server as plain HTML: no script at all,
one style sheet served by the app itself (:data:`STYLE`), so they work with no internet.

Every control has a ``name`` and an ``id`` and every button a visible label, so a browser
test drives them by their words. A result is entered with buttons: radio inputs drawn as
buttons (``input:checked + label``), no typing.

>>> "<script" in page("x", "<p>y</p>", "en"), 'lang="fi"' in page("x", "", "fi")
(False, True)
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape

from ..engine import board_dealer, board_vul
from ..kinds import INDIVIDUAL, PAIRS, SWISS_PAIRS, TEAM_EVENT
from ..workbooks.i18n import Labels
from . import forms
from .event import Place
from .journal import Correction, Stored

STYLE = """
body{font-family:system-ui,sans-serif;margin:0 auto;padding:0 .6em 3em;max-width:42em;font-size:17px}
body:has(#grid){max-width:80em}
h1{font-size:1.3em}h2{font-size:1.1em;margin:1.2em 0 .3em}
.msg{padding:.6em;border-radius:.3em;background:#fde2e2;border:1px solid #c33}
.ok{background:#e2f5e2;border-color:#393}
fieldset{border:0;padding:0;margin:.5em 0}legend{font-weight:bold;padding:0 0 .2em}
.pick{display:grid;grid-template-columns:repeat(5,1fr);gap:.35em}
.pick input{position:absolute;opacity:0;width:1px;height:1px}
.pick label{padding:.75em .2em;text-align:center;
border:1px solid #667;border-radius:.3em;background:#f4f4f8;font-size:1.05em}
.pick input:checked+label{background:#1d4ed8;color:#fff;border-color:#1d4ed8}
.pick input:focus-visible+label{outline:3px solid #f59e0b}
button{font-size:1.1em;padding:.7em 1.1em;margin:.4em 0;border-radius:.3em;border:1px solid #1d4ed8;
background:#1d4ed8;color:#fff;min-height:48px}
.board button{width:100%}
button.second,a.button{background:#fff;color:#1d4ed8}
a.button{display:block;padding:.7em 1em;border:1px solid #1d4ed8;border-radius:.3em;text-decoration:none}
input:not([type=radio]){font-size:1em;padding:.4em;min-height:44px;box-sizing:border-box;margin:.15em 0}
table{border-collapse:collapse;margin:.4em 0;display:block;overflow-x:auto;max-width:100%}
td,th{border:1px solid #bbb;padding:.25em .45em;text-align:left}
#grid button{padding:.4em .6em;font-size:.95em}
.red{color:#c00}.board{border-top:2px solid #334;margin-top:1em}
details{margin:.4em 0}summary{cursor:pointer;color:#1d4ed8;padding:.75em 0;min-height:44px;box-sizing:border-box}
"""

_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣", "N": "NT"}


def page(title: str, body: str, lang: str) -> str:
    """A whole page: its title, the style sheet and the body."""
    return (f'<!doctype html><html lang="{escape(lang)}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width,initial-scale=1">'
            f'<link rel="stylesheet" href="/style.css"><title>{escape(title)}</title></head>'
            f"<body>{body}</body></html>")


def message(text: str, ok: bool = False) -> str:
    return f'<p id="msg" class="msg{" ok" if ok else ""}" role="status">{escape(text)}</p>' if text else ""


def hidden(csrf: str, **values: object) -> str:
    """The hidden fields of a form: its CSRF token, a fresh idempotency key and ``values``."""
    fields = {"csrf": csrf, "key": secrets.token_urlsafe(16), **values}
    return "".join(f'<input type="hidden" name="{name}" value="{escape(str(value))}">'
                   for name, value in fields.items())


def buttons(name: str, choices: Iterable[tuple[str, str]], prefix: str, checked: str | None = None) -> str:
    """Radio inputs drawn as buttons: (value, label) each, ``id`` ``{prefix}-{name}-{value}``."""
    out = []
    for value, label in choices:
        ident = f"{prefix}-{name}-{value or 'none'}"
        mark = " checked" if value == checked else ""
        css = ' class="red"' if label in ("♥", "♦") else ""
        out.append(f'<input type="radio" name="{name}" id="{ident}" value="{escape(value)}"{mark}>'
                   f'<label for="{ident}"{css}>{escape(label)}</label>')
    return "".join(out)


def result_text(stored: Stored | None) -> str:
    """An entry as the phone shows it: ``4SXN-1`` (``PASS``), with the lead."""
    if stored is None:
        return "-"
    entry = stored.entry
    played = forms.Play(entry.contract, entry.declarer, entry.tricks).played
    return f"{played}" + (f" ({entry.lead})" if entry.lead else "")


def ns_score(stored: Stored) -> int:
    """North-South's score of an entry on its board's vulnerability (the engine's)."""
    entry = stored.entry
    return forms.Play(entry.contract, entry.declarer, entry.tricks).played.score(entry.board)


def _board_form(t: Labels, view: TableView, action: str, board: int, label: str, stored: Stored | None) -> str:
    prefix = f"b{board}"
    entry = None if stored is None else stored.entry
    level = None if entry is None else ("PASS" if entry.contract == "PASS" else entry.contract[0])
    strain = None if entry is None or entry.contract == "PASS" else entry.contract[1]
    doubling = None if entry is None or entry.contract == "PASS" else entry.contract[2:]
    fields = [
        ("level", t("level"), [(v, v) for v in forms.LEVELS] + [(forms.PASS, t("pass"))], level),
        ("strain", t("strain"), [(v, _SUITS[v]) for v in forms.STRAINS], strain),
        ("doubling", t("doubling"), [("", t("undoubled")), ("X", "X"), ("XX", "XX")], doubling),
        ("declarer", t("declarer"), [(v, v) for v in forms.SEATS], None if entry is None else entry.declarer),
        ("tricks", t("tricks"), [(v, v) for v in forms.TRICKS], None if entry is None else str(entry.tricks)),
    ]
    html = [f'<form method="post" action="/table/{action}" id="{prefix}-{action}">', _hidden(view, board)]
    for name, legend, choices, checked in fields:
        html.append(f'<fieldset class="pick"><legend>{escape(legend)}</legend>'
                    f"{buttons(name, choices, f'{prefix}-{action}', checked)}</fieldset>")
    lead = "" if entry is None else entry.lead
    suits = [("", t("no_lead"))] + [(s, _SUITS[s]) for s in forms.LEAD_SUITS]
    html.append(f'<details><summary>{escape(t("lead"))}</summary><fieldset class="pick">'
                f"{buttons('lead_suit', suits, f'{prefix}-{action}', lead[:1])}"
                f"<br>{buttons('lead_rank', [(r, r) for r in forms.LEAD_RANKS], f'{prefix}-{action}', lead[1:])}"
                "</fieldset></details>")
    html.append(f'<button type="submit" id="{prefix}-{action}-submit">{escape(label)}</button></form>')
    return "".join(html)


@dataclass(frozen=True)
class TableView:
    """What a table's phone shows: its place this round, the boards' entries, the traveller
    lines when shown, and where everyone goes next when the round is done."""

    lang: str
    event: str
    place: Place | None
    round: int | None
    table: int
    names: dict[int, str]
    entries: dict[int, Stored]
    travellers: dict[int, list[Stored]]
    csrf: str
    message: str = ""
    ok: bool = False
    undrawn: bool = False
    """Rounds still to draw (a Swiss team event): every round served closed is not the end."""
    labels: Mapping[int, str] = field(default_factory=dict)
    """A sectioned event's tables as people read them (5: ``B 1``); empty otherwise."""


def _where(view: TableView, place: Place) -> str:
    """The table and round as its players read them: ``Table 3, round 2``, or in a section
    ``Section B, Table 3, round 2`` (the section's own table number)."""
    t = Labels(view.lang, "serve")
    if not place.section:
        return t("title", table=view.table, round=view.round)
    return Labels(view.lang, PAIRS.name)("section_card", section=place.section,
                                         card=t("title", table=place.number, round=view.round))


def table_page(view: TableView) -> str:
    """The table's page: pairs, boards, a form a board, the score, confirm, correct, next."""
    t, cards = Labels(view.lang, "serve"), Labels(view.lang, PAIRS.name)
    common = Labels(view.lang)
    html = [f"<h1>{escape(view.event)}</h1>", message(view.message, view.ok)]
    if view.round is None:
        html.append(f'<p id="over">{escape(t("over_draw" if view.undrawn else "over"))}</p>')
        return page(view.event, "".join(html), view.lang)
    # a table the movement leaves empty this round: it sits out
    place = view.place or Place(view.round, view.table, None, None, ())
    html.append(f'<h2 id="where">{escape(_where(view, place))}</h2>')
    if place.sits_out:
        html.append(f'<p id="sitout">{escape(t("sits_out", round=view.round))}</p>')
    else:
        pairs = [(t("ns_pair", pair=place.ns), view.names.get(place.ns or 0, "")),
                 (t("ew_pair", pair=place.ew), view.names.get(place.ew or 0, ""))]
        if place.seats:  # an individual: the four players, North to West
            pairs = [(f"{seat} {player}", view.names.get(player, ""))
                     for seat, player in zip("NESW", place.seats, strict=True)]
        if place.room:  # a team event: the room and its two teams, each in its direction
            pairs = [(t("room_line", room=Labels(view.lang, TEAM_EVENT.name)(place.room),
                        ns=view.names.get(place.ns or 0, place.ns), ew=view.names.get(place.ew or 0, place.ew)), "")]
        html.append('<p id="pairs">' + "<br>".join(escape(f"{who} {name}".strip()) for who, name in pairs) + "</p>")
        html.append(f'<p id="boards">{escape(t("boards_line", boards=place.boards_text))}</p>')
        for board in place.boards:
            stored = view.entries.get(board)
            state = "open" if stored is None else stored.state
            vul = common.vulnerability(board_vul(board))
            html.append(f'<section class="board" id="board-{board}"><h2>{escape(common("board"))} {board} '
                        f'<small>({escape(common("dealer"))} {board_dealer(board).value}, '
                        f'{escape(common("vul"))} {escape(vul)})</small></h2>'
                        f'<p id="state-{board}" data-state="{state}">{escape(t("state_" + state))}</p>')
            if stored is None:
                html.append(_board_form(t, view, "enter", board, t("enter", board=board), None))
            else:
                html.append(f'<p id="result-{board}"><b>{escape(result_text(stored))}</b> · '
                            f'{escape(t("score", score=ns_score(stored)))}</p>')
                if not stored.confirmed:
                    html.append(f'<form method="post" action="/table/confirm" id="b{board}-confirm">'
                                f"{_hidden(view, board)}<button type=\"submit\" id=\"b{board}-confirm-submit\">"
                                f"{escape(t('confirm', board=board))}</button></form>")
                html.append(f'<details id="b{board}-correct-open"><summary>{escape(t("correct", board=board))}'
                            f"</summary>{_board_form(t, view, 'correct', board, t('correct', board=board), stored)}"
                            "</details>")
                if board in view.travellers:
                    html.append(_traveller(t, board, view.travellers[board], view.labels))
            html.append("</section>")
    done = place.sits_out or all(view.entries.get(b) is not None and view.entries[b].confirmed for b in place.boards)
    if done:  # where next goes first, under the message: it is what the players look for now
        nxt = [f'<h2 id="next">{escape(t("next"))}</h2>']
        if not place.sits_out:
            nxt.append(f'<p id="done">{escape(t("round_done", round=view.round))}</p>')
        going = [(cards(key), value) for key, value in (("boards_next", place.boards_next),
                                                        ("ns_next", place.ns_next), ("ew_next", place.ew_next))]
        if place.seats:  # an individual: each player's next table and seat, as the guide cards say
            going = [(cards("boards"), place.boards_next)] + [(str(player), where)
                                                              for player, where in place.players_next]
        if place.room or place.swiss:  # where each team or pair plays next (its tables), a bye, or the draw to come
            going = [(view.names.get(team or 0, str(team)), where)
                     for team, where in ((place.ns, place.ns_next), (place.ew, place.ew_next))]
        nxt.append('<table id="next-table">' + "".join(
            f"<tr><th>{escape(key)}</th><td>{escape(value or '-')}</td></tr>" for key, value in going) + "</table>")
        # a link, not the browser's reload: this page is often a POST's answer, and reloading
        # that asks the player to send the form again
        nxt.append(f'<p id="wait"><a href="/table" id="reload" class="button">'
                   f'{escape(t("wait", round=view.round))}</a></p>')
        html[3:3] = nxt  # after the table and round
    return page(_where(view, place), "".join(html), view.lang)


def _traveller(t: Labels, board: int, lines: Sequence[Stored], labels: Mapping[int, str]) -> str:
    rows = "".join(f"<tr><td>{escape(labels.get(s.entry.table, str(s.entry.table)))}</td>"
                   f"<td>{escape(result_text(s))}</td><td>{ns_score(s)}</td></tr>" for s in lines)
    return (f'<h2>{escape(t("traveller", board=board))}</h2><table id="traveller-{board}">'
            f"<tr><th>{escape(t('table'))}</th><th>{escape(t('contract').split(' (')[0])}</th>"
            f"<th>NS</th></tr>{rows}</table>")


def _hidden(view: TableView, board: int) -> str:
    """A table form's hidden fields: which round, table and board it is for."""
    return hidden(view.csrf, board=board, round=view.round, table=view.table)


@dataclass(frozen=True)
class DirectorView:
    """What the director's page shows."""

    lang: str
    event: str
    rounds: int
    tables: tuple[int, ...]
    closed: frozenset[int]
    counts: dict[tuple[int, int], tuple[int, int, int]]
    """(round, table): (entered, confirmed, boards)."""
    late: list[int]
    corrections: list[Correction]
    ranking: list[tuple[str, list[tuple[str, int | str, str, str]]]]
    """(title, [(place, pair, names, total)]) for each field (a sectioned event's pair ``A 3``)."""
    show_traveller: bool
    csrf: str
    message: str = ""
    ok: bool = False
    individual: bool = False
    """An individual: the ranking is of players."""
    teams: bool = False
    """A team event: the ranking is of teams, in VPs."""
    swiss: bool = False
    """A Swiss pairs event: the ranking is of pairs, in VPs."""
    labels: Mapping[int, str] = field(default_factory=dict)
    """A sectioned event's tables as people read them (5: ``B 1``); empty otherwise."""
    sections: Mapping[int, str] = field(default_factory=dict)
    """A sectioned event's tables' sections (5: ``B``): the grid a section at a time."""

    def label(self, table: int) -> str:
        return self.labels.get(table, str(table))


def director_page(view: DirectorView) -> str:
    """The director's page: the grid, late tables, the ranking, corrections, the forms."""
    t = Labels(view.lang, "serve")
    html = [f"<h1>{escape(view.event)} · {escape(t('director'))}</h1>", message(view.message, view.ok)]
    head = "".join(f"<th>{r}</th>" for r in range(1, view.rounds + 1))
    html.append(f'<h2>{escape(t("grid"))}</h2><table id="grid"><tr><th>{escape(t("table"))} \\ '
                f"{escape(t('round'))}</th>{head}</tr>")
    section = ""
    for table in view.tables:
        if view.sections.get(table, section) != section:  # a sectioned event: each section's tables under its name
            section = view.sections[table]
            html.append(f'<tr id="grid-section-{escape(section)}"><th colspan="{view.rounds + 1}">'
                        f'{escape(Labels(view.lang, PAIRS.name)("section"))} {escape(section)}</th></tr>')
        cells = []
        for r in range(1, view.rounds + 1):
            entered, confirmed, boards = view.counts.get((r, table), (0, 0, 0))
            cells.append(f'<td id="grid-{r}-{table}">' + ("-" if not boards else f"{confirmed}/{boards}"
                         + (f" (+{entered - confirmed})" if entered > confirmed else "")) + "</td>")
        html.append(f"<tr><th>{escape(view.label(table))}</th>{''.join(cells)}</tr>")
    closing = "".join(f"<td>{escape(t('closed'))}</td>" if r in view.closed else
                      f'<td><form method="post" action="/director/close" id="close-{r}">{hidden(view.csrf, round=r)}'
                      f'<button type="submit" class="second" id="close-{r}-submit">{escape(t("close", round=r))}'
                      "</button></form></td>" for r in range(1, view.rounds + 1))
    html.append(f"<tr><th></th>{closing}</tr></table>")
    late = ", ".join(map(view.label, view.late)) or t("none")
    html.append(f'<h2>{escape(t("late"))}</h2><p id="late">{escape(late)}</p>')
    html.append(f'<h2>{escape(t("ranking"))}</h2>')
    for title, rows in view.ranking:
        if title:
            html.append(f"<h3>{escape(title)}</h3>")
        body = "".join(f"<tr><td>{escape(place)}</td><td>{escape(str(pair))}</td><td>{escape(names)}</td>"
                       f"<td>{escape(total)}</td></tr>" for place, pair, names, total in rows)
        who = Labels(view.lang, INDIVIDUAL.name)("player") if view.individual else t("pair")
        total = t("total")
        if view.teams:  # a team event ranks teams by VPs
            who, total = (Labels(view.lang, TEAM_EVENT.name)(key) for key in ("team", "vp"))
        if view.swiss:  # a Swiss pairs event ranks pairs by VPs
            who, total = (Labels(view.lang, SWISS_PAIRS.name)(key) for key in ("team", "vp"))
        html.append(f'<table class="ranking"><tr><th>{escape(t("place"))}</th><th>{escape(who)}</th>'
                    f"<th>{escape(t('names'))}</th><th>{escape(total)}</th></tr>{body}</table>")
    html.append(f'<h2>{escape(t("edit"))}</h2><form method="post" action="/director/result" id="edit">'
                f"{hidden(view.csrf)}")
    # a sectioned event's table is named by its section and its number there, as the cards show it
    section_field = [("section", Labels(view.lang, PAIRS.name)("section"), 2)] if view.sections else []
    for name, label, size in (("round", t("round"), 3), *section_field, ("table", t("table"), 3),
                              ("board", t("board"), 3),
                              ("contract", t("contract"), 6), ("declarer", t("declarer"), 2),
                              ("tricks", t("tricks"), 3), ("lead", t("lead"), 3)):
        html.append(f'<label for="edit-{name}">{escape(label)}</label> '
                    f'<input name="{name}" id="edit-{name}" size="{size}" autocomplete="off"><br>')
    html.append(f'<button type="submit" id="edit-submit">{escape(t("save"))}</button></form>')
    flag = "no" if view.show_traveller else "yes"
    html.append(f'<form method="post" action="/director/setting" id="setting">{hidden(view.csrf, show=flag)}'
                f'<p>{escape(t("show_traveller"))}: <b id="traveller-setting">'
                f'{escape(t("yes" if view.show_traveller else "no"))}</b> '
                f'<button type="submit" class="second" id="setting-submit">{escape(t(flag))}</button></p></form>')
    html.append(f'<form method="post" action="/director/write" id="write">{hidden(view.csrf)}'
                f'<button type="submit" id="write-submit">{escape(t("write"))}</button></form>')
    rows = "".join(f"<tr><td>{escape(_time(c.at))}</td><td>{escape(_who(view, c.who))}</td><td>{c.round}</td>"
                   f"<td>{escape(view.label(c.table))}</td>"
                   f"<td>{c.board}</td><td>{escape(c.before)}</td><td>{escape(c.after)}</td></tr>"
                   for c in view.corrections)
    html.append(f'<h2>{escape(t("corrections"))}</h2><table id="corrections"><tr><th>{escape(t("when"))}</th>'
                f"<th>{escape(t('who'))}</th><th>{escape(t('round'))}</th><th>{escape(t('table'))}</th>"
                f"<th>{escape(t('board'))}</th><th>{escape(t('before'))}</th><th>{escape(t('after'))}</th></tr>"
                f"{rows}</table>")
    return page(f"{view.event} · {t('director')}", "".join(html), view.lang)


def _who(view: DirectorView, who: str) -> str:
    """Who made a correction: the director, or a table's login (``t5``), which a sectioned
    event shows as its table (``Table B 1``).

    >>> _who(DirectorView("en", "", 1, (5,), frozenset(), {}, [], [], [], False, "", labels={5: "B 1"}), "t5")
    'Table B 1'
    """
    if view.labels and who[:1] == "t" and who[1:].isdigit():
        return f"{Labels(view.lang, 'serve')('table')} {view.label(int(who[1:]))}"
    return who


def _time(at: float) -> str:
    return time.strftime("%H:%M:%S", time.localtime(at))
