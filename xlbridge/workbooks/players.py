"""players.xlsx: the club's player register, one row a player (docs/workbooks.md).

Type each player's number (the club's, used by every event and the season), name,
federation membership number, home club and, if the club keeps them, a handicap in
percentage points. A row whose number is used twice, or whose name is blank, is flagged
(``number?``, ``name?``) and read by nobody: ``xlbridge check`` names it by its row, as
:func:`xlbridge.engine.players.register` does.

Names: ``PlayerNumber`` ``PlayerName`` ``PlayerMembership`` ``PlayerClub``
``PlayerHandicap`` (inputs) ``PlayerCheck`` (a row's flag), ``ClubName``* and ``ClubNumber``*
(the club's identifier at the federation, e.g. USEBIO's ``CLUB_ID_NUMBER``).
"""

from __future__ import annotations

from ..engine import OptionError
from ..engine.players import MAX_NUMBER, MEMBERSHIP_LENGTH
from . import styles
from .book import NAME_LENGTH, Book, Rule

NAME = "players"
"""The template's name: its file is ``players.xlsx``, its labels' namespace in the catalog."""
POSITION = 80
"""Where it is listed among the templates (``xlbridge workbooks`` writes them in this order)."""
INPUTS = ("PlayerNumber", "PlayerName", "PlayerMembership", "PlayerClub", "PlayerHandicap")
"""The defined names of what a director types, read back by ``check``."""
SETUP = ("ClubName", "ClubNumber")
"""The Setup cells ``check`` reads (each optional)."""
SIGNATURE = frozenset({"PlayerNumber", "PlayerName", "PlayerMembership"})
"""The defined names that tell a filled book of this template."""

PLAYERS = 500
MAX_PLAYERS = 5000
FIRST = 5
WIDTHS = (9, 30, 16, 22, 11, 10)


def build(book: Book, *, players: int = PLAYERS) -> None:
    """Lay out ``players`` rows (1-5000)."""
    if not 1 <= players <= MAX_PLAYERS:
        raise OptionError(f"players {players}: must be 1-{MAX_PLAYERS}")
    t = book.t
    ws = book.sheet(t("sheet"), WIDTHS)
    rows = range(FIRST, FIRST + players)
    first, last = rows[0], rows[-1]
    ws.merge_cells("A1:F1")
    book.put(ws, "A1", t("title"), styles.TITLE)
    book.put(ws, "A2", t("club"), styles.LABEL)
    book.merge(ws, "B2:D2", None, styles.INPUT_TEXT.but(bold=True))
    book.define("ClubName", ws, "B2")
    book.validate(ws, "B2", book.rule_text(NAME_LENGTH))
    # The club's own number at the federation (USEBIO's CLUB_ID_NUMBER), text as a member's is.
    book.put(ws, "E2", t("membership"), styles.LABEL.but(horizontal="right"))
    book.put(ws, "F2", None, styles.INPUT_TEXT)
    book.define("ClubNumber", ws, "F2")
    book.validate(ws, "F2", book.rule_text(MEMBERSHIP_LENGTH))
    book.merge(ws, "A3:F3", t("note"), styles.NOTE.but(wrap=True))
    ws.row_dimensions[3].height = 24
    for column, key in zip("ABCDEF", ("number", "name", "membership", "home_club", "handicap", "check"),
                           strict=True):
        book.put(ws, f"{column}{FIRST - 1}", t(key), styles.HEAD)
    numbers = f"$A${first}:$A${last}"
    book.column(ws, "A", rows, None, styles.INPUT, name="PlayerNumber",
                rule=book.rule_whole(1, MAX_NUMBER, "err_number"))
    book.column(ws, "B", rows, None, styles.INPUT_TEXT, name="PlayerName", rule=book.rule_text(NAME_LENGTH))
    book.column(ws, "C", rows, None, styles.INPUT_TEXT, name="PlayerMembership",
                rule=book.rule_text(MEMBERSHIP_LENGTH))
    book.column(ws, "D", rows, None, styles.INPUT_TEXT, name="PlayerClub", rule=book.rule_text(NAME_LENGTH))
    book.column(ws, "E", rows, None, styles.INPUT.but(number_format="0.0#"), name="PlayerHandicap",
                rule=Rule("decimal", "-50", "50", "between", t("err_handicap")))
    book.column(ws, "F", rows,
                lambda r: (f'IF(AND(A{r}="",TRIM(B{r})=""),"",IF(OR(A{r}="",COUNTIF({numbers},A{r})>1),'
                           f'"{t("flag_number")}",IF(TRIM(B{r})="","{t("flag_name")}","")))'),
                styles.FLAG, name="PlayerCheck")
    ws.freeze_panes = f"A{FIRST}"
    ws.auto_filter.ref = f"A{FIRST - 1}:F{last}"
    book.page(ws, area=f"A1:F{last}", title_rows=f"{FIRST - 1}:{FIRST - 1}")
