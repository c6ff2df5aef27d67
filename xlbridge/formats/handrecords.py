"""PBN deal files: the boards' deals as dealing machines, dealing programs and club
programs write them, read one deal at a time, and written as a standard PBN file.

A deal is a game section with a ``[Board]`` and a ``[Deal]`` tag (PBN 2.1 §3.4.11). With
it a file may give what a double-dummy solver found, which is read too:

- ``[DoubleDummyTricks]``: 20 hexadecimal digits, declarer by declarer (N, E, S, W),
  notrump first, as Dealer4 and BridgeComposer write it (``*`` for a table not given);
- ``[OptimumResultTable]``: a row per declarer and strain (``N NT 9``), PBN 2.1 §5;
- ``[OptimumScore]``: North-South's par score (``NS 420``; ``EW 450`` is EW's view;
  some programs put the contract first, ``NS 4S; +420``);
- ``[ParContract]``: the par contracts (``NS 4SX-3; NS 5DX-1``).

A deal that cannot be read is refused with its reason, and the others are read.

    >>> text = dumps([HandRecord(1, Deal.parse("N:AKQ2.T98.7653.A2 J876.AKQ.42.K743 T95.J76.AKQ.QJT9 -"))])
    >>> read(text).records[0].deal == Deal.parse(
    ...     "N:AKQ2.T98.7653.A2 J876.AKQ.42.K743 T95.J76.AKQ.QJT9 43.5432.JT98.865")
    True
    >>> read('[Board "2"]\\n[Deal "N:AKQ.T98.7653.A2 - - -"]\\n').refused
    ('board 2 (line 2): deal "N:AKQ.T98.7653.A...": North\\'s hand "AKQ.T98.7653.A2": has 12 cards; a hand has 13',)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .. import __version__
from ..engine import BridgeInputError, Seat, Strain, board_dealer, board_vul
from ..engine.doubledummy import STRAINS, Par, ParContract, Tricks
from ..engine.handrecord import HandRecord
from ..engine.hands import Deal
from ..engine.seat import SEATS
from .pbn import Column, Game, games, pbn_date, table, tag

_SCORE = re.compile(r"(NS|EW)\s.*?([+-]?\d+)\s*$", re.IGNORECASE)
_STRAIN = {"NT": Strain.NT, "N": Strain.NT, "S": Strain.S, "H": Strain.H, "D": Strain.D, "C": Strain.C}


@dataclass(frozen=True, slots=True)
class ReadHands:
    """A deal file read: the boards' hand records, and each deal refused with why."""

    records: tuple[HandRecord, ...]
    refused: tuple[str, ...]


def read(text: str) -> ReadHands:
    """Every deal of a PBN file; a deal that cannot be read is refused with its board,
    line and reason. A board given twice keeps its first deal."""
    records: dict[int, HandRecord] = {}
    refused: list[str] = []
    for game in games(text):
        found = game.tags.get("DEAL")
        if found is None:
            continue
        value, line = found
        board_text = game.value("Board") or ""
        where = f"board {board_text or '?'} (line {line})"
        try:
            board = int(board_text)
            if board < 1:
                raise ValueError
        except ValueError:
            refused.append(f"{where}: no board number; the Board tag must be 1 or more")
            continue
        if board in records:
            refused.append(f"{where}: board {board} is given twice; the first deal is kept")
            continue
        try:
            deal = Deal.parse(value)
            record = HandRecord(board, deal, _tricks(game), _par(game))
        except BridgeInputError as error:
            refused.append(f"{where}: {error}")
            continue
        records[board] = record
    return ReadHands(tuple(records[board] for board in sorted(records)), tuple(refused))


def _tricks(game: Game) -> Tricks | None:
    written = (game.value("DoubleDummyTricks") or "").strip()
    if written and "*" not in written:
        return Tricks.parse_hex(written)
    found = game.tables.get("OPTIMUMRESULTTABLE")
    if found is None:
        return None
    seat, strain, result = found.index("Declarer"), found.index("Denomination"), found.index("Result")
    if seat is None or strain is None or result is None:
        return None
    cells: dict[tuple[Seat, Strain], int] = {}
    for _line, values in found.rows:
        try:
            cells[Seat.parse(values[seat]), _STRAIN[values[strain].upper()]] = int(values[result])
        except (BridgeInputError, KeyError, ValueError):
            raise BridgeInputError(f"[OptimumResultTable] row {' '.join(values)!r}: "
                                   "write declarer, strain and tricks (N NT 9)") from None
    if len(cells) != 20:
        raise BridgeInputError(f"[OptimumResultTable] has {len(cells)} of the 20 declarer-strain results")
    return Tricks(tuple(tuple(cells[seat, strain] for strain in STRAINS) for seat in SEATS))


def _par(game: Game) -> Par | None:
    score_text = game.value("OptimumScore")
    if not score_text:
        return None
    match = _SCORE.match(score_text.strip())
    if match is None:
        raise BridgeInputError(f"[OptimumScore] {score_text!r}: write it as NS 420")
    score = int(match[2]) * (1 if match[1].upper() == "NS" else -1)
    written = [part for part in re.split(r"[;,]", game.value("ParContract") or "") if part.strip()]
    contracts: tuple[ParContract, ...] = ()
    if written and written[0].strip().upper() != "PASS":
        contracts = tuple(ParContract.parse(part) for part in written)
    return Par(score, contracts)


def dumps(records: Iterable[HandRecord], event: str = "", date: str = "") -> str:
    """A PBN file of the deals, with the double-dummy tricks and par where known: the
    mandatory tags of each board (PBN 2.1 §3.1; ``?`` for what a deal file does not
    know), then ``[DoubleDummyTricks]``, ``[OptimumScore]``, ``[ParContract]`` and
    ``[OptimumResultTable]``."""
    lines = ["% PBN 2.1", "% EXPORT", f"% Creator: xlbridge {__version__}", ""]
    for record in records:
        lines += [tag(name, value) for name, value in game_tags(record, event, date)]
        lines += tables(record)
        lines.append("")
    return "\n".join(lines)


def game_tags(record: HandRecord, event: str, date: str) -> list[tuple[str, object]]:
    """The mandatory tags of a deal file's board, then its double-dummy tags."""
    return [("Event", event), ("Site", ""), ("Date", pbn_date(date)), ("Board", record.board),
            ("West", ""), ("North", ""), ("East", ""), ("South", ""),
            ("Dealer", board_dealer(record.board)), ("Vulnerable", board_vul(record.board)),
            ("Deal", record.deal), ("Scoring", ""), ("Declarer", "?"), ("Contract", "?"), ("Result", "?"),
            *solver_tags(record)]


def solver_tags(record: HandRecord) -> list[tuple[str, object]]:
    """``[DoubleDummyTricks]``, ``[OptimumScore]`` and ``[ParContract]`` when known."""
    found: list[tuple[str, object]] = []
    if record.tricks is not None:
        found.append(("DoubleDummyTricks", record.tricks.hex()))
    if record.par is not None:
        found += [("OptimumScore", record.par.optimum_score()), ("ParContract", record.par.contract_text())]
    return found


def tables(record: HandRecord) -> list[str]:
    """The ``[OptimumResultTable]`` of a board whose tricks are known (PBN 2.1 §5)."""
    if record.tricks is None:
        return []
    rows: Sequence[Sequence[str]] = [[str(seat), "NT" if strain is Strain.NT else str(strain),
                                      str(record.tricks.of(seat, strain))] for seat in SEATS for strain in STRAINS]
    return table("OptimumResultTable", [Column("Declarer", 1, "L"), Column("Denomination", 2, "L"),
                                        Column("Result", 2)], rows)
