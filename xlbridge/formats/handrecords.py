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
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, replace

from .. import __version__
from ..engine import BridgeInputError, Seat, Strain, board_dealer, board_vul
from ..engine.doubledummy import STRAINS, Par, ParContract, Tricks
from ..engine.errors import describe
from ..engine.handrecord import HandRecord
from ..engine.hands import Deal
from ..engine.seat import SEATS
from ..engine.vulnerability import Vulnerability
from .pbn import Column, Game, games, pbn_date, table, tag

_SCORE = re.compile(r"(NS|EW)\s*([+-]?\d+)", re.IGNORECASE)
_STRAIN = {"NT": Strain.NT, "N": Strain.NT, "S": Strain.S, "H": Strain.H, "D": Strain.D, "C": Strain.C}
_RESULT = re.compile(r"=|[+-]\d{1,2}$")


@dataclass(frozen=True, slots=True)
class ReadHands:
    """A deal file read: the boards' hand records, each deal refused with why, and what
    of a kept deal was not read (a double-dummy table or par that cannot be) with why."""

    records: tuple[HandRecord, ...]
    refused: tuple[str, ...]
    notes: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Section:
    """One game section of a deal file as read: its line, its Board, Dealer and
    Vulnerable tags as written, and its hand record, or why its deal was refused (both
    None: a section with no deal, such as ``[Deal ""]`` or four hidden hands); ``notes``
    say what of a read deal was left out and why.

    A record's dealer and vulnerability are its board number's (as a club plays it), so
    a par the file wrote for another dealer or vulnerability (BridgeComposer's test.pbn
    gives every board dealer N, none vulnerable; Bridge Solver Online leaves Vulnerable
    blank and scores its par as none vulnerable) is left out of the record, with a note."""

    line: int
    board: str
    record: HandRecord | None
    refused: str | None = None
    notes: tuple[str, ...] = ()
    dealer: str | None = None
    vulnerable: str | None = None
    par: Par | None = None
    """The par as the file writes it, for its own Dealer and Vulnerable tags; the
    record's par only where those are the board number's."""


def read(text: str) -> ReadHands:
    """Every deal of a PBN file, one deal at a time: a deal that cannot be read is refused
    with its board, line and reason, and the others are read. A board given again with
    the same deal (a results file's game record for each table) is the same board; under
    the same number a different deal is refused, the first kept."""
    records: dict[int, HandRecord] = {}
    first: dict[int, int] = {}
    refused: list[str] = []
    notes: dict[str, None] = {}  # in order, once: each table's copy of a board says it again
    for section in sections(text):
        if section.refused is not None:
            refused.append(section.refused)
        if section.record is None:
            continue
        record = section.record
        kept = records.get(record.board)
        if kept is not None and kept.deal != record.deal:
            refused.append(f"board {record.board} (line {section.line}): a different deal from line "
                           f"{first[record.board]}'s under the same number; the first is kept")
            continue
        if kept is None:
            first[record.board] = section.line
        else:  # the same deal again: what a copy knows that the first did not
            record = HandRecord(record.board, record.deal, kept.tricks or record.tricks, kept.par or record.par)
        records[record.board] = record
        notes.update(dict.fromkeys(section.notes))
    return ReadHands(tuple(records[board] for board in sorted(records)), tuple(refused), tuple(notes))


def sections(text: str) -> Iterator[Section]:
    """Each game section of a PBN file that has a ``[Deal]``, or that cannot be read,
    as a :class:`Section`: every copy of a board, as the file gives it.

    >>> for section in sections('[Board "1-1"]\\n[Deal "N:AKQ2.T98.7653.A2 ... ... ..."]\\n'):
    ...     print(section.refused[:60])
    board 1-1 (line 2): '1-1' is not a board number; the Board t
    """
    for game in games(text, lenient=True):
        found = game.tags.get("DEAL")
        board_text = (game.value("Board") or "").strip()
        dealer, vulnerable = (game.value(name) for name in ("Dealer", "Vulnerable"))
        lines = [number for _value, number in game.tags.values()]
        line = (game.problem.line if game.problem is not None and game.problem.line is not None
                else found[1] if found is not None else min(lines, default=0))
        where = f"board {board_text or '?'} (line {line})"
        if game.problem is not None:
            problem = str(game.problem).removeprefix(f"line {game.problem.line}: ")
            yield Section(line, board_text, None, f"{where}: {problem}; the section is not read",
                          dealer=dealer, vulnerable=vulnerable)
            continue
        if found is None:
            continue
        try:
            deal = _deal(found[0])
        except BridgeInputError as error:
            yield Section(line, board_text, None, f"{where}: {error}", dealer=dealer, vulnerable=vulnerable)
            continue
        if deal is None:
            continue  # no hand known: nothing to read, nothing wrong
        if not board_text.isdigit() or int(board_text) < 1:
            why = (f"{board_text[:20]!r} is not a board number; the Board tag must be a number 1 or more"
                   if board_text else "no [Board] tag: each deal is kept under its board number")
            if re.fullmatch(r"\d+-\d+", board_text):
                why += " (BridgeComposer numbers a lesson's exercises 1-1, 1-2)"
            yield Section(line, board_text, None, f"{where}: {why}", dealer=dealer, vulnerable=vulnerable)
            continue
        board = int(board_text)
        notes = []
        tricks = par = None
        try:
            tricks = _tricks(game)
        except BridgeInputError as error:
            notes.append(f"board {board} (line {line}): {error}; the deal is read without its double-dummy tricks")
        try:
            written = _par(game, tricks)
        except BridgeInputError as error:
            written = None
            notes.append(f"board {board} (line {line}): {error}; the deal is read without its par")
        other = _other_conditions(board, dealer, vulnerable)
        par = written if other is None else None
        if written is not None and other is not None:
            notes.append(f"board {board} (line {line}): the file's par is for {other}; the deal is read without it")
        yield Section(line, board_text, HandRecord(board, deal, tricks, par), None, tuple(notes), dealer, vulnerable,
                      written)


def _other_conditions(board: int, dealer: str | None, vulnerable: str | None) -> str | None:
    """What a board's Dealer and Vulnerable tags say when it is not what its number
    gives (par depends on both), else None. A tag not there says nothing; a tag left
    blank says the file's par is for conditions it does not name.

    >>> _other_conditions(2, "E", "NS"), _other_conditions(2, "N", "None")
    (None, 'dealer N, vulnerability None (board 2: dealer E, NS)')
    >>> _other_conditions(1, "N", ""), _other_conditions(1, None, None)
    ('dealer N, vulnerability not given (board 1: dealer N, None)', None)
    """
    try:
        same = ((dealer is None or Seat.parse(dealer.strip()) == board_dealer(board))
                and (vulnerable is None or Vulnerability.parse(vulnerable.strip()) == board_vul(board)))
    except BridgeInputError:
        same = False
    if same:
        return None
    dealer, vulnerable = ((text or "").strip() or "not given" for text in (dealer, vulnerable))
    return (f"dealer {dealer}, vulnerability {vulnerable} "
            f"(board {board}: dealer {board_dealer(board)}, {board_vul(board)})")


def _deal(value: str) -> Deal | None:
    """The deal of a ``[Deal]`` tag, or None when no hand is known (``""``, ``N:- - - -``).
    BridgeComposer hides a hand in a lesson as four empty suits (``...``): not known.

    >>> str(_deal("N:... ... ... 43.5432.JT98.865")), _deal(""), _deal("W:... ... ... ...")
    ('N:- - - 43.5432.JT98.865', None, None)
    """
    if not value.strip():
        return None
    first, colon, rest = value.strip().partition(":")
    read = first + ":" + " ".join("-" if hand == "..." else hand for hand in rest.split()) if colon else value
    try:
        deal = Deal.parse(read)
    except BridgeInputError as error:  # named as the file writes it
        raise BridgeInputError(str(error).replace(describe(read), describe(value), 1)) from None
    return deal if deal.known else None


def _tricks(game: Game) -> Tricks | None:
    written = (game.value("DoubleDummyTricks") or "").strip()
    if written and set(written) == {"*"}:  # Bridge Solver Online: not solved, and its table is all 0
        return None
    if written:
        return Tricks.parse_hex(written)
    found = game.tables.get("OPTIMUMRESULTTABLE")
    if found is None:
        return None
    seat, strain, result = (found.index("Declarer"), found.index("Denomination", "Suit", "Strain"),
                            found.index("Result", "Tricks"))
    if seat is None or strain is None or result is None:
        raise BridgeInputError(f"[OptimumResultTable] columns {';'.join(found.columns)!r}: "
                               "need Declarer, Denomination and Result")
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


def _par(game: Game, tricks: Tricks | None = None) -> Par | None:
    """The par of ``[OptimumScore]`` and ``[ParContract]``. The score is North-South's:
    ``NS 420`` is 420 and ``EW 420`` is -420. Bridge Solver Online writes the contracts
    first, then North-South's score, signed, after a semicolon (``EW 4H+1; -450``,
    ``S 3N+1,NS 4S; +430``), which gives the contracts when there is no ``[ParContract]``;
    a contract written without its result (``E 4Hx``) takes it from the double-dummy
    ``tricks``, and the contracts are left out when they are not known.

    >>> game = next(games('[OptimumScore "EW 4Hx-2; +300"]'))
    >>> str(_par(game))
    'EW 4HX-2 +300'
    """
    score_text = (game.value("OptimumScore") or "").strip()
    if not score_text:
        return None
    named = ""
    if ";" in score_text:
        named, _, score_part = score_text.rpartition(";")
        match = re.fullmatch(r"[+-]?\d+", score_part.strip())
        score = int(score_part) if match else None
    else:
        match = _SCORE.fullmatch(score_text)
        score = int(match[2]) * (1 if match[1].upper() == "NS" else -1) if match else None
    if score is None:
        raise BridgeInputError(f"[OptimumScore] {score_text!r}: write it as NS 420 (or EW 420), or as "
                               "the contracts; North-South's score (NS 4S; +420)")
    written = [part for part in re.split(r"[;,]", game.value("ParContract") or named) if part.strip()]
    contracts: tuple[ParContract, ...] = ()
    if written and written[0].strip().upper() != "PASS":
        found = [_contract(part, tricks) for part in written]
        contracts = tuple(contract for contract in found if contract is not None)
        if len(contracts) < len(found):
            contracts = ()
    elif not written and game.value("OptimumContract"):
        contracts = (_ruter(game.value("OptimumContract") or ""),)
    return Par(score, contracts)


def _ruter(text: str) -> ParContract:
    """Ruter's ``[OptimumContract]``: the contract, its declarer and the tricks taken.

    >>> str(_ruter("4HX E 8")), str(_ruter("3N S 10"))
    ('E 4HX-2', 'S 3NT+1')
    """
    match = re.fullmatch(r"\s*([1-7])(NT|N|S|H|D|C)(X?)\s+([NESW])\s+(\d{1,2})\s*", text.upper())
    if match is None:
        raise BridgeInputError(f"[OptimumContract] {text[:20]!r}: Ruter writes it 4HX E 8")
    level, strain, doubled, declarer, tricks = match.groups()
    return ParContract(int(level), _STRAIN[strain], bool(doubled), declarer, int(tricks) - 6 - int(level))


def _contract(text: str, tricks: Tricks | None = None) -> ParContract | None:
    """One par contract. Without its result, Bridge Solver Online's contract is made
    exactly (``NS 6N``: it writes overtricks, ``S 3N+1``), or when doubled is a sacrifice
    that goes down by what the declarer's double-dummy tricks say (the better of a
    side's two); None when they are not known.

    >>> str(_contract("S 3n+1")), str(_contract("NS 6N")), _contract("E 4Hx")
    ('S 3NT+1', 'NS 6NT=', None)
    """
    text = text.strip().upper()
    if _RESULT.search(text):
        return ParContract.parse(text)
    contract = ParContract.parse(text + "=")
    if not contract.doubled:
        return contract
    if tricks is None:
        return None
    taken = max(tricks.of(Seat.parse(seat), contract.strain) for seat in contract.declarers)
    return replace(contract, result=taken - 6 - contract.level)


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
