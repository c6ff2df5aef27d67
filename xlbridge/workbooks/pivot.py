"""pivot.xlsx: pivot bridge for 4 or 5 players (docs/rules.md §10), seating and standings.

Type the number of players and their names as drawn (1 the pivot, 2 the first partner,
3 at the pivot's left, 4 at the right, 5 sits out first); each round's row shows who sits
North, East, South, West and who sits out, from the engine's schedule (rounds beyond it
repeat it, as :func:`~xlbridge.engine.pivot_seating` does). Type each round's side
totals: a round is four deals scored as Chicago, or one rubber. Each player's net is his
sides' points minus the opponents' over the rounds he played; the highest net wins and
ties share a place, as :func:`~xlbridge.engine.pivot_standings` ranks them.

A round with one total blank counts that side as 0, as the engine does; the standings
stay blank until a round counts. A total that is not a whole number 0 or more is flagged
(``total?``) and its round does not count.

Names: ``PlayerCount``* ``EventName``* ``EventDate``*; ``Player`` (5 rows, the fifth
unused with 4 players) ``PlayerRounds`` ``PlayerScored`` ``PlayerConceded`` ``PlayerNet``
``PlayerPlace``; per round ``RoundNumber`` ``RoundNorth`` ``RoundEast`` ``RoundSouth``
``RoundWest`` ``RoundSitsOut`` (who sits where, by name, or the player's number while his
name is blank) ``RoundNS`` ``RoundEW`` (the inputs) ``RoundCheck`` (a round's flag).
"""

from __future__ import annotations

from openpyxl.styles import Alignment

from ..engine import OptionError, pivot_schedule
from . import formulas as f
from . import styles
from .book import NAME_LENGTH, Book, Rule

NAME = "pivot"
"""The template's name: its file is ``pivot.xlsx``, its labels' namespace in the catalog."""
POSITION = 70
"""Where it is listed among the templates (``xlbridge workbooks`` writes them in this order)."""
INPUTS = ("PlayerCount", "RoundNS", "RoundEW")
"""The defined names of what a director types, read back by ``check``."""
SETUP = ("EventName", "EventDate")
"""The Setup cells ``check`` reads (each optional)."""
SIGNATURE = frozenset({"Player", "PlayerNet"})
"""The defined names that tell a filled book of this template."""

ROUNDS = 15  # three cycles of five players, five of four
MAX_ROUNDS = 60
MAX_TOTAL = 99999
PLAYERS = 5  # rows for players; the fifth is unused with four
FIRST_PLAYER = 6
HEAD = 13  # the rounds' two heading rows
FIRST = HEAD + 2  # first round row

# Visible A-I; J a gap; hidden helpers K-R: player numbers at N E S W and sitting out,
# then the round's status (0 blank, 1 counts, 2 bad total, 3 no player count) and the
# NS and EW totals that count.
WIDTHS = (7, 13, 13, 13, 13, 13, 9, 9, 10, 2, 4, 4, 4, 4, 4, 4, 6, 6)
SEAT_COLUMNS = "KLMNO"  # N E S W, sits out
STATUS, NS_USED, EW_USED = "P", "Q", "R"
COUNT = "$K$3"  # the number of players when it is 4 or 5, else 0
COUNTED = "$L$3"  # rounds that count
SHRINK = Alignment(horizontal="center", vertical="center", shrink_to_fit=True)


def schedule_rows(players: int) -> list[list[int]]:
    """The engine's schedule as lookup rows: N, E, S, W (and who sits out with five).

    >>> schedule_rows(4)[0], schedule_rows(5)[4]
    ([2, 4, 1, 3], [4, 5, 2, 3, 1])
    """
    return [[*r.players, *([r.sits_out] if players == 5 else [])]
            for r in pivot_schedule(players)]


def build(book: Book, *, rounds: int = ROUNDS, players: int = 4) -> None:
    """Lay out ``rounds`` rounds (1-60) for ``players`` players (4 or 5, prefilled)."""
    if not 1 <= rounds <= MAX_ROUNDS:
        raise OptionError(f"rounds {rounds}: must be 1-{MAX_ROUNDS}")
    if players not in (4, 5):
        raise OptionError(f"players {players}: must be 4 or 5")
    t = book.t
    for count in (4, 5):
        book.lookup.add(f"Pivot schedule, {count} players: N E S W"
                        + (" sits out" if count == 5 else ""),
                        schedule_rows(count), {f"tblPivot{count}": (0, count - 1)})
    ws = book.sheet(t("sheet"), WIDTHS)
    rows = range(FIRST, FIRST + rounds)
    last = rows[-1]
    people = range(FIRST_PLAYER, FIRST_PLAYER + PLAYERS)
    label, head = styles.LABEL, styles.HEAD

    # Heading and set-up: event, date, number of players.
    book.event_heading(ws, 1, t("title"), "A", "I", "H:I")
    book.merge(ws, "A2", t("event"), label)
    book.event_inputs(ws, "B2:F2", "H2:I2")
    book.put(ws, "G2", t("date_short"), label.but(horizontal="right"))
    book.merge(ws, "A3:B3", t("players"), label)
    book.put(ws, "C3", players, styles.INPUT.but(bold=True))
    book.define("PlayerCount", ws, "C3")
    book.validate(ws, "C3", Rule("list", '"4,5"', message=t("err_players")))
    book.merge(ws, "D3:I3", t("players_note"), styles.NOTE.but(wrap=True))
    ws.row_dimensions[3].height = 24
    book.formula(ws, COUNT.replace("$", ""), "IF(OR(C3=4,C3=5),C3,0)", styles.HIDDEN)

    # Standings, one row per player as drawn.
    for column, key in zip("ADEFGHI", ("number", "drawn", "rounds", "scored", "conceded",
                                        "net", "place"), strict=True):
        book.put(ws, f"{column}5", t(key), head)
    book.merge(ws, "B5:C5", t("player"), head)
    text = styles.INPUT_TEXT.but(bold=True)
    for row in people:
        book.merge(ws, f"B{row}:C{row}", None, text)
    first_p, last_p = people[0], people[-1]
    book.column(ws, "A", people, lambda r: r - first_p + 1, styles.FIXED)
    book.column(ws, "B", people, None, text, name="Player", rule=book.rule_text(NAME_LENGTH))
    for row in people:
        book.put(ws, f"D{row}", t(f"role_{row - first_p + 1}"),
                 styles.OUTPUT_TEXT.but(italic=True, size=9))

    status_col = f"${STATUS}${FIRST}:${STATUS}${last}"
    book.formula(ws, COUNTED.replace("$", ""), f"COUNTIF({status_col},1)", styles.HIDDEN)
    seat = {c: f"${c}${FIRST}:${c}${last}" for c in SEAT_COLUMNS}
    used = {side: f"${c}${FIRST}:${c}${last}" for side, c in (("ns", NS_USED), ("ew", EW_USED))}
    north, east, south, west = (seat[c] for c in SEAT_COLUMNS[:4])

    def shown(r: int, formula: str) -> str:
        # Only the players there are, and only once a round counts (as a blank sheet).
        return f'IF(AND(A{r}<={COUNT},{COUNTED}>0),{formula},"")'

    def points(r: int, ns: str, ew: str) -> str:
        return (f"SUMIF({north},A{r},{used[ns]})+SUMIF({south},A{r},{used[ns]})"
                f"+SUMIF({east},A{r},{used[ew]})+SUMIF({west},A{r},{used[ew]})")

    whole = styles.OUTPUT.but(number_format=styles.WHOLE)
    book.column(ws, "E", people, lambda r: shown(r, "+".join(
        f"COUNTIFS({seat[c]},A{r},{status_col},1)" for c in SEAT_COLUMNS[:4])),
        whole, name="PlayerRounds")
    book.column(ws, "F", people, lambda r: shown(r, points(r, "ns", "ew")), whole,
                name="PlayerScored")
    book.column(ws, "G", people, lambda r: shown(r, points(r, "ew", "ns")), whole,
                name="PlayerConceded")
    net_col = f"$H${first_p}:$H${last_p}"
    book.column(ws, "H", people, lambda r: f'IF(F{r}="","",F{r}-G{r})',
                styles.TOTAL.but(size=10, number_format=styles.SIGNED), name="PlayerNet")
    book.column(ws, "I", people, lambda r: f'IF(H{r}="","",COUNTIF({net_col},">"&H{r})+1)',
                styles.TOTAL.but(size=10), name="PlayerPlace")
    book.merge(ws, f"A{last_p + 1}:I{last_p + 1}", t("standings_note"), styles.NOTE)

    # Rounds: the seating from the schedule, then the two side totals.
    book.merge(ws, f"A{HEAD}:A{HEAD + 1}", t("round"), head)
    book.merge(ws, f"B{HEAD}:E{HEAD}", t("seating"), head)
    for column, seat_name in zip("BCDE", "NESW", strict=True):
        book.put(ws, f"{column}{HEAD + 1}", seat_name, head)
    book.merge(ws, f"F{HEAD}:F{HEAD + 1}", t("sits_out"), head)
    book.merge(ws, f"G{HEAD}:H{HEAD}", t("points"), head)
    book.put(ws, f"G{HEAD + 1}", t("ns"), head)
    book.put(ws, f"H{HEAD + 1}", t("ew"), head)
    book.merge(ws, f"I{HEAD}:I{HEAD + 1}", t("check"), head)

    book.column(ws, "A", rows, lambda r: r - FIRST + 1, styles.FIXED, name="RoundNumber")

    def player_at(r: int, index: int) -> str:
        five = f"INDEX(tblPivot5,MOD(A{r}-1,5)+1,{index})"
        four = f"INDEX(tblPivot4,MOD(A{r}-1,3)+1,{index})" if index <= 4 else '""'
        return f'IF({COUNT}=5,{five},IF({COUNT}=4,{four},""))'

    for index, column in enumerate(SEAT_COLUMNS, start=1):
        book.column(ws, column, rows, lambda r, i=index: player_at(r, i), styles.HIDDEN)
    players_col = f"$B${first_p}:$B${last_p}"
    for visible, hidden, name in zip("BCDEF", SEAT_COLUMNS, ("RoundNorth", "RoundEast",
                                     "RoundSouth", "RoundWest", "RoundSitsOut"), strict=True):
        book.column(
            ws, visible, rows,
            lambda r, h=hidden: f'IF({h}{r}="","",IF(INDEX({players_col},{h}{r})="",{h}{r},'
            f"INDEX({players_col},{h}{r})))",
            styles.OUTPUT_TEXT.but(horizontal="center"), name=name)
        for row in rows:  # a long name shrinks rather than spill into the next seat
            ws[f"{visible}{row}"].alignment = SHRINK

    total = book.rule_whole(0, MAX_TOTAL, "err_total")
    book.column(ws, "G", rows, None, styles.INPUT, name="RoundNS", rule=total)
    book.column(ws, "H", rows, None, styles.INPUT, name="RoundEW", rule=total)

    def status(r: int) -> str:
        good = [f'OR({c}{r}="",{f.whole_in(f"{c}{r}", 0)})' for c in "GH"]
        return (f'IF(AND(G{r}="",H{r}=""),0,IF({COUNT}=0,3,'
                f'IF(AND({",".join(good)}),1,2)))')

    book.column(ws, STATUS, rows, status, styles.HIDDEN)
    for column, total_column in ((NS_USED, "G"), (EW_USED, "H")):
        book.column(ws, column, rows,
                    lambda r, c=total_column: f'IF(AND({STATUS}{r}=1,{c}{r}<>""),{c}{r},0)',
                    styles.HIDDEN)
    book.hide_columns(ws, "KLMNOPQR")
    book.column(ws, "I", rows,
                lambda r: f'IF({STATUS}{r}=2,"{t("flag_total")}",'
                f'IF({STATUS}{r}=3,"{t("flag_players")}",""))',
                styles.FLAG, name="RoundCheck")

    for row in (*people, *rows):
        ws.row_dimensions[row].height = 18  # room to write by hand on a printed copy
    ws.row_dimensions[HEAD + 1].height = 15
    book.merge(ws, f"A{last + 2}:I{last + 2}", t("rounds_note"), styles.NOTE.but(wrap=True))
    ws.row_dimensions[last + 2].height = 24
    book.merge(ws, f"A{last + 3}:I{last + 3}", t("legend"), styles.NOTE)
    book.page(ws, area=f"A1:I{last + 3}", title_rows=f"{HEAD}:{HEAD + 1}")
