"""A posted form read into an :class:`Entry`, or refused with the reason as a label.

The phone's form is buttons (radio inputs): a level 1-7 or ``PASS``, a suit, a double, the
declarer, the tricks taken and an optional lead; the director's form types the contract.
Anything else (a forged or stale form) is refused here, before the journal is touched, with
a :class:`Refusal` naming the label (``serve`` namespace) that says why.

>>> board = {"board": "5", "level": "4", "strain": "S", "doubling": "X", "declarer": "N", "tricks": "9"}
>>> from_buttons(board, round=1, table=2, boards=(4, 5, 6))
Entry(round=1, table=2, board=5, contract='4SX', declarer='N', tricks=9, lead='')
>>> from_buttons({"board": "5", "level": "PASS"}, round=1, table=2, boards=(4, 5, 6)).contract
'PASS'
>>> try:
...     from_buttons({**board, "tricks": "14"}, round=1, table=2, boards=(4, 5, 6))
... except Refusal as refusal:
...     print(refusal.key)
err_tricks
"""

from __future__ import annotations

from collections.abc import Mapping

from ..engine import BridgeInputError, Seat
from ..event import Play
from .entry import Entry

LEVELS = tuple(str(level) for level in range(1, 8))
PASS = "PASS"
STRAINS = ("C", "D", "H", "S", "N")
DOUBLINGS = ("", "X", "XX")
SEATS = tuple(seat.value for seat in Seat)
TRICKS = tuple(str(tricks) for tricks in range(14))
LEAD_SUITS = ("S", "H", "D", "C")
LEAD_RANKS = tuple("AKQJT98765432")


class Refusal(Exception):
    """A request refused: ``key`` is the label that says why, ``values`` fill it in;
    ``status`` the HTTP status it is answered with."""

    def __init__(self, key: str, status: int = 400, **values: object) -> None:
        super().__init__(key)
        self.key, self.status, self.values = key, status, values


def number(form: Mapping[str, str], name: str) -> int:
    """A whole number field of a form (a board, round or table), else refused."""
    text = str(form.get(name, "")).strip()
    if not text.isdigit() or len(text) > 4:
        raise Refusal("err_number", what=name)
    return int(text)


def checked(entry: Entry) -> Entry:
    """The entry when the engine can score it (a contract, declarer and tricks that can be);
    refused with the engine's reason otherwise."""
    if entry.tricks is not None and not 0 <= entry.tricks <= 13:
        raise Refusal("err_tricks")
    try:
        play = Play(entry.contract, entry.declarer, entry.tricks)
        play.played  # noqa: B018 (a played result, not NP or an adjusted score)
    except BridgeInputError as error:
        raise Refusal("err_result", error=str(error)) from None
    return entry


def from_buttons(form: Mapping[str, str], *, round: int, table: int, boards: tuple[int, ...]) -> Entry:
    """A table's form: the board (one of ``boards``, this table's in this round) and its result."""
    board = number(form, "board")
    if board not in boards:
        raise Refusal("err_board", 403, board=board, table=table, round=round)
    level = form.get("level", "")
    if level == PASS:
        return Entry(round, table, board, PASS, "", None)
    strain, doubling = form.get("strain", ""), form.get("doubling", "")
    if level not in LEVELS or strain not in STRAINS or doubling not in DOUBLINGS:
        raise Refusal("err_contract")
    declarer = form.get("declarer", "")
    if declarer not in SEATS:
        raise Refusal("err_declarer")
    tricks = form.get("tricks", "")
    if tricks not in TRICKS:
        raise Refusal("err_tricks")
    suit, rank = form.get("lead_suit", ""), form.get("lead_rank", "")
    if (suit or rank) and (suit not in LEAD_SUITS or rank not in LEAD_RANKS):
        raise Refusal("err_lead")
    return checked(Entry(round, table, board, f"{level}{strain}{doubling}", declarer, int(tricks), suit + rank))


def from_director(form: Mapping[str, str], *, boards: tuple[int, ...], round: int, table: int) -> Entry:
    """The director's form: the contract typed (``4SX``, ``3N``, ``PASS``), declarer, tricks.

    >>> from_director({"board": "2", "contract": "3nx", "declarer": "s", "tricks": "8"}, boards=(1, 2, 3),
    ...               round=1, table=1)
    Entry(round=1, table=1, board=2, contract='3NX', declarer='S', tricks=8, lead='')
    """
    board = number(form, "board")
    if board not in boards:
        raise Refusal("err_board", board=board, table=table, round=round)
    contract = str(form.get("contract", "")).strip().upper()
    if not contract or len(contract) > 8:
        raise Refusal("err_contract")
    if contract in (PASS, "P", "AP"):
        return Entry(round, table, board, PASS, "", None)
    declarer = str(form.get("declarer", "")).strip().upper()
    if declarer not in SEATS:
        raise Refusal("err_declarer")
    tricks = str(form.get("tricks", "")).strip()
    if tricks not in TRICKS:
        raise Refusal("err_tricks")
    lead = str(form.get("lead", "")).strip().upper()[:3]
    return checked(Entry(round, table, board, contract, declarer, int(tricks), lead))
