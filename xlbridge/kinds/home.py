"""The home games' score sheets: rubber, Chicago and pivot bridge (rubber.xlsx,
chicago.xlsx, pivot.xlsx). They score themselves; xlbridge checks their inputs.
"""

from __future__ import annotations

from typing import cast

from ..director.cells import Problems, in_use, read_play, rows_of
from ..director.names import Cell
from ..engine import BridgeInputError
from ..engine.chicago import best_fit
from ..engine.compensation import Fit
from ..engine.errors import describe
from ..engine.numeric import whole_number
from ..engine.pivot import pivot_players
from ..engine.rubber import Honours, RubberDeal, parse_honours, play_rubber
from ..event import Play
from ..workbooks import chicago as chicago_template
from ..workbooks import pivot as pivot_template
from ..workbooks import rubber as rubber_template
from ..workbooks.chicago import CYCLE, FIT, fit_text
from .base import Checked, FilledBook, Kind


class RubberKind(Kind):
    """A rubber's We/They sheet (rubber.xlsx): deals, honours, the line."""

    template = rubber_template
    title = "rubber score sheet"
    plural = "rubber score sheets"

    def check(self, book: FilledBook) -> Checked:
        """Check a rubber sheet's deals, honours and end."""
        return check_deals(book, rubber=True)


class ChicagoKind(Kind):
    """A Chicago sheet (chicago.xlsx): four deals a round, duplicate scores."""

    template = chicago_template
    title = "Chicago score sheet"
    plural = "Chicago score sheets"

    def check(self, book: FilledBook) -> Checked:
        """Check a Chicago sheet's deals, compensation inputs and vulnerability cycle."""
        return check_deals(book, rubber=False)


class PivotKind(Kind):
    """A pivot sheet (pivot.xlsx): four or five players, who sits where, points each."""

    template = pivot_template
    title = "pivot sheet"
    plural = "pivot sheets"

    def check(self, book: FilledBook) -> Checked:
        return check_pivot(book)


def _honours(value: object) -> Honours | None:
    """Honours as the rubber sheet's dropdown spells them (``NS 100``, ``EW 150``)."""
    claim = parse_honours(value)
    if claim is not None and " ".join(str(value).split()).upper() != str(claim):
        raise BridgeInputError(f"honours {describe(value)}: write {claim} (the sheet reads "
                               "NS 100, NS 150, EW 100, EW 150)")
    return claim


def _fit(value: object) -> Fit:
    """A fit as the Chicago sheet's dropdown spells it (``major 8`` ... ``no fit``, or the
    same word in any of the books' languages: ``yläväri 8``, ``нет фита`` ...)."""
    try:
        return cast(Fit, FIT.parse(value))
    except BridgeInputError:
        fit = best_fit(value)  # the engine's message when it is no fit at all
    raise BridgeInputError(f"fit {describe(value)}: write it as {fit_text(fit)} (the sheet reads "
                           f"{', '.join(FIT.words('en'))}, or its dropdown's words)")


def _rubber_deal(problems: Problems, play: Play, honours: Cell) -> RubberDeal | None:
    """The deal with its honours, or None after recording why honours cannot be."""
    claim = None if honours.blank else problems.parse(honours, _honours)
    if claim is None and not honours.blank:
        return None
    try:
        return RubberDeal.parse(play.contract, play.declarer or None, play.tricks, claim)
    except BridgeInputError as error:
        problems.add(honours, str(error))
        return None


def _rubber_end(deals: list[tuple[int, RubberDeal]]) -> int | None:
    """The deal on which the rubber ended, or None while it is unfinished."""
    for count, (number, _deal) in enumerate(deals, start=1):
        if play_rubber(deal for _number, deal in deals[:count]).finished:
            return number
    return None


def check_deals(book: FilledBook, *, rubber: bool) -> Checked:
    """Check a rubber or Chicago sheet's deals: contract, declarer, tricks, and the
    rubber's honours and end, or Chicago's compensation inputs and vulnerability cycle."""
    problems = Problems()
    played: list[tuple[int, RubberDeal]] = []
    used: list[tuple[int, Cell]] = []
    # Each deal's row: contract, declarer, tricks, then honours or HCP and fit (Chicago's
    # cycle is one cell, checked below).
    rows = rows_of(problems, book.cells, rubber_template.INPUTS if rubber else chicago_template.INPUTS[:-1])
    for number, (contract, declarer, tricks, *more) in enumerate(rows, start=1):
        if not in_use((contract, declarer, tricks, *more)):
            continue
        used.append((number, contract))
        play = read_play(problems, contract, declarer, tricks)
        if rubber:
            deal = None if play is None else _rubber_deal(problems, play, more[0])
            if deal is not None:
                played.append((number, deal))
            continue
        hcp, fit = more
        if not hcp.blank:
            problems.parse(hcp, lambda value: whole_number(value, "HCP", 0, 40))
        if not fit.blank:
            problems.parse(fit, _fit)
        if hcp.blank != fit.blank:
            missing, given = (hcp, "fit") if hcp.blank else (fit, "HCP")
            problems.add(missing, f"deal {number}: {given} is given, so compensation needs "
                                  f"{'HCP' if hcp.blank else 'the fit'} too (or clear both)")
    if rubber:
        end = _rubber_end(played)
        for number, cell in used:
            if end is not None and number > end:
                problems.add(cell, f"deal {number}: the rubber ended on deal {end}; "
                                   "start a new rubber sheet")
    else:
        cycle = book.cells.cell("ChicagoCycle")
        if cycle is not None and not cycle.blank:
            problems.parse(cycle, CYCLE.parse)  # the word of any language the books speak
    return Checked(book, problems.sorted(), None)


def check_pivot(book: FilledBook) -> Checked:
    """Check a pivot sheet: the number of players, and each round's side totals
    (whole points, 0 or more; a round with one total blank counts it as 0)."""
    problems = Problems()
    rounds = [row for row in rows_of(problems, book.cells, pivot_template.INPUTS[1:]) if in_use(row)]
    count = book.cells.cell("PlayerCount")
    if count is not None:
        if not count.blank:
            problems.parse(count, pivot_players)
        elif rounds:
            problems.add(count, "players is blank: choose 4 or 5 to seat the rounds")
    for ns, ew in rounds:
        for total, side in ((ns, "NS"), (ew, "EW")):
            if not total.blank:
                problems.parse(total, lambda value, side=side: whole_number(value, f"{side} total", 0))
    return Checked(book, problems.sorted(), None)
