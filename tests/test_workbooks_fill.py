"""Random but legal results for the templates, and what the engine says they score.

Shared by the workbook tests and the benchmark: a scenario is a dict of named inputs
(written with :func:`xlbridge.workbooks.write_named`) plus the engine's expected value
of every named output. The self-tests at the bottom check the reference itself.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pytest
from openpyxl import Workbook

from xlbridge import engine as E
from xlbridge import workbooks as W
from xlbridge.workbooks import lookup
from xlbridge.workbooks.i18n import Labels

# The flags in English, as the sheets show them.
FLAG = {key: Labels("en")(key) for key in lookup.FLAGS}

# Contracts people really play, so that boards have ties; and the rarer ones.
COMMON_CONTRACTS = ["4S", "3NT", "4H", "2S", "1NT", "3C", "5D", "6NT", "PASS"]


@dataclass
class Scenario:
    """Inputs to write into a template, and the outputs the engine expects back."""

    template: str
    label: str
    inputs: dict[str, list[Any]]
    expected: dict[str, list[Any]]
    options: dict[str, Any] = field(default_factory=dict)

    def build(self) -> Workbook:
        """The template, generated and filled."""
        book = W.build(self.template, **self.options)
        for name, values in self.inputs.items():
            W.write_named(book, name, values)
        return book


# --- inputs ------------------------------------------------------------------------------


def random_result(rng: random.Random, pool: Sequence[str] | None = None) -> tuple:
    """(contract, declarer, tricks): legal, often made, sometimes doubled or passed out."""
    if pool is not None:
        contract = rng.choice(pool)
    elif rng.random() < 0.7:
        contract = rng.choice(COMMON_CONTRACTS)
    else:
        contract = str(rng.choice(lookup.contracts()))
    if contract == "PASS":
        return "PASS", None, None
    if rng.random() < 0.15 and not contract.endswith("X"):
        contract += rng.choice(["X", "XX"])
    need = E.parse_contract(contract).tricks_needed
    tricks = max(0, min(13, need + rng.choice([-3, -2, -1, -1, 0, 0, 0, 0, 1, 1, 2])))
    return contract, rng.choice("NESW"), tricks


# --- the reference: what every row should show -------------------------------------------

SPELLINGS = {text for text, _ in lookup.spellings()}
ROW_CODES = {code.upper(): code for code in [*lookup.row_codes(), *(text for text, _ in E.adjusted_spellings())]}


def canonical(contract: Any) -> str | None:
    """The contract as the sheet knows it (case-insensitively, ``3N`` too), or None."""
    if not isinstance(contract, str):
        return None
    text = contract.strip().upper()
    return text if text in SPELLINGS else None


# A split score as the sheet takes it: a side given 40/50/60 and a contract the sheet knows.
SPLIT = re.compile(r"A(\d\d)/(.+)|(.+)/A(\d\d)", re.IGNORECASE)


def split_part(contract: Any) -> str | None:
    """The table result of a split score (``A60/4S`` -> ``4S``), or None for anything else."""
    found = SPLIT.fullmatch(contract.strip()) if isinstance(contract, str) else None
    if found is None:
        return None
    part, percent = (found[2], found[1]) if found[1] else (found[3], found[4])
    return part if canonical(part) is not None and int(percent) in (40, 50, 60) else None


def row_code(contract: Any) -> str | None:
    """``NP`` or an adjusted score as the sheet knows it, or None."""
    return ROW_CODES.get(contract.strip().upper()) if isinstance(contract, str) else None


def looks_adjusted(contract: Any) -> bool:
    """Text the sheet takes as meant for an adjusted score: ``A`` and a digit."""
    text = contract.strip() if isinstance(contract, str) else ""
    return len(text) > 1 and text[0] in "aA" and text[1].isdigit()


def is_whole(value: Any, low: int, high: int | None = None) -> bool:
    """A number (not text) that is whole and in range, as the sheets test it."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    return value == int(value) and value >= low and (high is None or value <= high)


def blank(value: Any) -> bool:
    """An empty cell."""
    return value is None or value == ""


def weighted_flag(contract: Any, declarer: Any, tricks: Any) -> str | None:
    """A row meant as a weighted score (a ``%`` in it): its flag, as the sheet gives it:
    the score must be the engine's, written as the engine writes it (any case and spacing)."""
    try:
        weighted = E.parse_weighted(contract)
    except E.BridgeInputError:
        weighted = None
    if weighted is None or " ".join(contract.split()).upper() != str(weighted):
        return "flag_weighted"
    return "flag_declarer" if not blank(declarer) else "flag_tricks" if not blank(tricks) else None


def random_weighted(rng: random.Random, pool: Sequence[str]) -> str:
    """A weighted score of 2-4 results from ``pool``, whole weights adding up to 100."""
    parts = rng.choice((2, 2, 2, 3, 3, 4))
    cuts = sorted(rng.sample(range(1, 100), parts - 1))
    weights = [b - a for a, b in zip([0, *cuts], [*cuts, 100], strict=True)]
    words = []
    for weight in weights:
        contract, declarer, tricks = random_result(rng, pool)
        played = "PASS" if contract == "PASS" else str(E.Played(E.parse_contract(contract).with_declarer(
            E.Seat.parse(declarer)), tricks))
        words.append(f"{weight}% {played}")
    return " ".join(words)


def row_state(contract: Any, declarer: Any, tricks: Any, required: Sequence[Any] = (),
              codes: bool = False) -> str:
    """'blank', 'pass', 'code' (NP or adjusted, with ``codes``) or 'played' by what was
    typed; validity is checked later."""
    if blank(contract) or any(blank(v) for v in required):
        return "blank"
    if canonical(contract) == "PASS":
        return "pass"
    if codes and (row_code(contract) or (canonical(contract) is None and looks_adjusted(contract))):
        return "code"
    if blank(declarer) or blank(tricks):
        return "blank"
    return "played"


def result_flag(contract: Any, declarer: Any, tricks: Any, codes: bool = False) -> str | None:
    """The flag key of a complete row's contract, declarer or tricks, if any; with
    ``codes`` a pairs row, which may also hold NP or an adjusted score."""
    key = canonical(contract)
    code = row_code(contract) if codes else None
    if key is None and code is None:
        return "flag_adjusted" if codes and looks_adjusted(contract) else "flag_contract"
    if key == "PASS":
        return None
    if code is not None:
        return "flag_declarer" if not blank(declarer) else "flag_tricks" if not blank(tricks) else None
    if not (isinstance(declarer, str) and declarer.strip().upper() in ("N", "E", "S", "W")):
        return "flag_declarer"
    if not is_whole(tricks, 0, 13):
        return "flag_tricks"
    return None


def ns_score(contract: str, declarer: str | None, tricks: Any, board: int) -> int:
    """NS's score from the engine."""
    key = canonical(contract)
    if key == "PASS":
        return E.score("PASS", 0, board)
    return E.score(key, int(tricks), board, declarer.strip())


# --- traveller -----------------------------------------------------------------------------


def traveller_expected(board: Any, rows: list[tuple], scale: int = 2) -> dict[str, list]:
    """Expected outputs of traveller.xlsx for ``rows`` of (ns, ew, contract, decl, tricks):
    the flags as the sheet shows them, and the figures of ``pairs_event`` on the rows
    without a flag."""
    board_ok = is_whole(board, 1)
    ns_col = [r[0] for r in rows]
    ew_col = [r[1] for r in rows]
    pairs_all = [p for p in ns_col + ew_col if not blank(p)]
    flags: list[str | None] = []
    good: list[int] = []
    for index, (ns, ew, contract, declarer, tricks) in enumerate(rows):
        contract = split_part(contract) or contract  # a split score is checked as its table result
        if row_state(contract, declarer, tricks, codes=True) == "blank":
            flags.append(None)
            continue
        if not board_ok:
            flag = "flag_board"
        elif (any(not blank(p) and not isinstance(p, int | float) for p in (ns, ew))
              or (not blank(ns) and ns == ew)):
            flag = "flag_pair"
        else:
            flag = result_flag(contract, declarer, tricks, codes=True)
            if flag is None and any(not blank(p) and pairs_all.count(p) > 1 for p in (ns, ew)):
                flag = "flag_twice"
        flags.append(flag)
        if flag is None:
            good.append(index)
    event = E.pairs_event([(board, *rows[i]) for i in good], mpscale=scale)
    points: list[E.RowPoints | None] = [None] * len(rows)
    for i, scored in zip(good, event.rows, strict=True):
        points[i] = scored
    return {
        "ScoreNS": [p.score if p else None for p in points],
        "ScoreEW": [-p.score if p and p.score is not None else None for p in points],
        "MPNS": [p.ns if p else None for p in points],
        "MPEW": [p.ew if p else None for p in points],
        "Check": [FLAG[f] if f else None for f in flags],
        "Top": [scale * (event.expected - 1) if good else None],
        "Dealer": [str(E.board_dealer(board)) if board_ok else None],
        "Vulnerability": [str(E.board_vul(board)) if board_ok else None],
    }


def traveller_scenario(seed: int, *, tables: int = 30, scale: int = 2, board: Any = None,
                       mess: bool = False, adjusted: bool = False, split: bool = False) -> Scenario:
    """A traveller: random results on some tables, blank rows between; with ``mess``
    also half-filled rows, lower-case contracts and impossible rows; with ``adjusted``
    adjusted scores, NP and NT written N; with ``split`` split scores and the other
    spellings of adjusted scores. ``board=""`` leaves the board number blank."""
    rng = random.Random(seed)
    board = rng.randint(1, 36) if board is None else board
    pool = [*rng.sample(COMMON_CONTRACTS, 3), "3NTX", "2HXX"]
    rows = []
    for table in range(1, tables + 1):
        if rng.random() < 0.2:
            rows.append((None, None, None, None, None))
            continue
        contract, declarer, tricks = random_result(rng, pool)
        rows.append((table, 100 + table, contract, declarer, tricks))
    if mess:
        rows[0] = (1, 101, "4s", "n", 10)  # lower case works
        rows[1] = (2, 102, "3NT", None, 9)  # half-filled: blank
        rows[2] = (3, 103, "4S", "E", None)  # half-filled: blank
        rows[3] = (4, 104, "8S", "N", 9)  # impossible contract
        rows[4] = (5, 105, "4H", "Q", 10)  # unknown declarer
        rows[5] = (6, 106, "4H", "S", 14)  # 14 tricks
        rows[6] = (7, 7, "2C", "W", 8)  # a pair against itself
        rows[7] = (8, 150, "2D", "W", 8)  # EW pair 150 twice: both rows flagged
        rows[11] = (12, 150, "1NT", "N", 7)
        rows[8] = (None, None, "PASS", None, None)  # passed out, no pairs: scored 0
        rows[9] = (10, 110, "?", "N", 9)  # a wildcard is not a contract
        rows[10] = (11, 111, "4S", "*", 9)  # nor a declarer
    if adjusted:
        rows[12] = (13, 113, "A60/40", None, None)
        rows[13] = (14, 114, "np", None, None)  # not played, lower case
        rows[14] = (15, 115, "3n", "S", 9)  # NT written N
        rows[15] = (16, 116, "A70/30", None, None)  # no such adjusted score
        rows[16] = (17, 117, "A50", "N", None)  # an adjusted score has no declarer
        rows[17] = (18, None, "a40", None, None)  # a pair from outside the event
    if split:
        rows[19] = (20, 120, "A60/4S", "N", 10)  # NS given 60%, EW the table result
        rows[20] = (21, 121, "3NT/A40", "E", 8)  # EW given 40%
        rows[21] = (22, 122, "PASS/a50", None, None)  # a score of 0 for the field
        rows[22] = (23, 123, "a60/4h", "S", None)  # half-filled: blank
        rows[23] = (24, 124, "A70/4S", "N", 10)  # no such percentage
        rows[24] = (25, 125, "AVE+/AVE-", None, None)
        rows[25] = (26, 126, "A60/60", None, None)
        rows[26] = (27, 127, "A50/4S", None, 10)  # a split's table result needs its declarer
    expected = traveller_expected(board, rows, scale)
    inputs = {name: [r[i] for r in rows]
              for i, name in enumerate(("NS", "EW", "Contract", "Declarer", "Tricks"))}
    inputs["Board"] = [None if board == "" else board]
    inputs["MPScale"] = [scale]
    return Scenario("traveller", f"traveller-{seed}", inputs, expected)


# --- pairs ------------------------------------------------------------------------------------


def pairs_expected(rows: list[tuple], pair_numbers: list[Any], scale: int = 2,
                   board_limit: int = 36, options: dict[str, Any] | None = None,
                   penalties: dict[int, float] | None = None) -> dict[str, list]:
    """Expected outputs of pairs.xlsx for rows of (board, ns, ew, contract, decl, tricks):
    the flags as the sheet shows them, and the figures of ``pairs_event`` (with the
    Setup ``options``) on the rows without a flag."""
    options = options or {}
    listed = [p for p in pair_numbers if not blank(p)]
    flags: list[str | None] = []
    good: list[int] = []
    weighted_on: dict[object, int] = {}  # rows meant as weighted scores, by board, so far
    for index, (board, ns, ew, contract, declarer, tricks) in enumerate(rows):
        contract = split_part(contract) or contract  # a split score is checked as its table result
        weighted = isinstance(contract, str) and "%" in contract
        if weighted:
            weighted_on[board] = weighted_on.get(board, 0) + 1
        if ((blank(contract) or blank(board) if weighted else
             row_state(contract, declarer, tricks, (board,), codes=True) == "blank")
                or (blank(ns) and blank(ew))):
            flags.append(None)
            continue
        if not is_whole(board, 1, board_limit):
            flag = "flag_board"
        elif any(not blank(p) and p not in listed for p in (ns, ew)) or (not blank(ns) and ns == ew):
            flag = "flag_pair"
        else:
            flag = (weighted_flag if weighted else partial(result_flag, codes=True))(contract, declarer, tricks)
            if weighted and weighted_on[board] > 4:  # the workbook reads four a board
                flag = "flag_weighted"
            if flag is None:
                for pair in (ns, ew):
                    seen = sum((r[1] == pair) + (r[2] == pair) for r in rows if r[0] == board)
                    if not blank(pair) and seen > 1:
                        flag = "flag_twice"
        flags.append(flag)
        if flag is None:
            good.append(index)
    event = E.pairs_event([rows[i] for i in good], mpscale=scale, penalties=penalties, **options)
    mp = not event.scoring.imps
    points: list[E.RowPoints | None] = [None] * len(rows)
    for i, scored in zip(good, event.rows, strict=True):
        points[i] = scored

    def side(i: int, which: str, want_mp: bool) -> float | None:
        return getattr(points[i], which) if points[i] is not None and mp == want_mp else None

    columns: dict[str, list] = {key: [] for key in (
        "PairBoards", "PairField", "PairMP", "PairTop", "PairPercent", "PairIMPs", "PairCheck")}
    for number in pair_numbers:
        total = None if blank(number) else event.pairs.get(number)
        columns["PairBoards"].append(None if blank(number) else total.boards if total else 0)
        columns["PairField"].append(str(total.field) if total and total.field else None)
        columns["PairMP"].append(total.mp if total else None)
        columns["PairTop"].append(total.top if total else None)
        columns["PairPercent"].append(total.percent if total else None)
        columns["PairIMPs"].append(total.imps if total else None)
        columns["PairCheck"].append(None if blank(number) else
                                    FLAG["flag_twice"] if pair_numbers.count(number) > 1 else None)

    # The ranking, as the sheet lists it: NS before EW, best first, ties in list order;
    # places shared within a field, over the list's entries (a number listed twice,
    # itself flagged, counts twice).
    value = [None if t is None else round(t.percent if mp else t.imps, 9)
             for t in (None if blank(n) else event.pairs.get(n) for n in pair_numbers)]
    fields = columns["PairField"]
    ranked = sorted((i for i, v in enumerate(value) if v is not None),
                    key=lambda i: (fields[i] == "EW", -value[i], i))
    places = {}
    for i in ranked:
        same = [j for j in ranked if fields[j] == fields[i]]
        better = sum(value[j] > value[i] for j in same)
        ties = sum(value[j] == value[i] for j in same)
        places[i] = str(better + 1) if ties == 1 else f"{better + 1}-{better + ties}"
    size = len(pair_numbers)

    def padded(values: list) -> list:
        return values + [None] * (size - len(values))

    return {
        "ScoreNS": [p.score if p else None for p in points],
        "ScoreEW": [-p.score if p and p.score is not None else None for p in points],
        "MPNS": [side(i, "ns", True) for i in range(len(rows))],
        "MPEW": [side(i, "ew", True) for i in range(len(rows))],
        "IMPsNS": [side(i, "ns", False) for i in range(len(rows))],
        "IMPsEW": [side(i, "ew", False) for i in range(len(rows))],
        "BoardTop": [p.top if p and mp else None for p in points],
        "Check": [FLAG[f] if f else None for f in flags],
        **columns,
        "RankPlace": padded([places[i] for i in ranked]),
        "RankPair": padded([pair_numbers[i] for i in ranked]),
        "RankName": None,  # filled by the scenario, which knows the names
        "RankField": padded([fields[i] for i in ranked]),
        "RankMP": padded([columns["PairMP"][i] for i in ranked]),
        "RankTop": padded([columns["PairTop"][i] for i in ranked]),
        "RankPercent": padded([columns["PairPercent"][i] for i in ranked]),
        "RankIMPs": padded([columns["PairIMPs"][i] for i in ranked]),
        "RankIMPsPerBoard": padded([None if mp else event.pairs[pair_numbers[i]].imps_per_board
                                    for i in ranked]),
        "RankBoards": padded([columns["PairBoards"][i] for i in ranked]),
        "RankPenalty": padded([(event.pairs[pair_numbers[i]].penalty or None) for i in ranked]),
        "ResultsEntered": [len(good)],
        "ResultsFlagged": [sum(f is not None for f in flags)],
        "_ranked": ranked,
        "_event": event,
    }


TRICKY_NAMES = ['=HYPERLINK("http://x","y")', "+358 40 123", "@home", "-minus-", "=1+1"]
ADJUSTED_CODES = ["A60/40", "A40/60", "A50", "a60", "A40", "A50/60", "NP", "np", "A60/50"]
# The other spellings programs write, which the sheet takes too (issue 18).
OTHER_SPELLINGS = ["A60/60", "A50/50", "A6040", "A40-60", "AVE+/AVE-", "Ave=", "A+", "A-/A+", "av-"]

# The Setup options of pairs.xlsx, by pairs_event's keyword.
OPTION_NAMES = {"scoring": "Scoring", "crossimps": "CrossIMPsMode", "neuberg": "UseNeuberg",
                "expected": "ExpectedResults", "session_rule": "SessionRule", "fields": "Fields",
                "missing_as_ties": "MissingAsTies", "round_mp": "MPDecimals", "scale_to_boards": "ScaleToBoards",
                "adjusted_per_comparison": "AdjustedIMPs"}
# Setup's MP decimals for the engine's matchpoint rounding step.
DECIMALS = {"1": 0, "0.1": 1, "0.01": 2}


def pairs_scenario(seed: int, *, tables: int = 10, boards: int = 24, scale: int = 2,
                   mess: bool = False, full: bool = False, adjusted: float = 0.0,
                   missing: float = 0.08, split: float = 0.0, penalties: dict[int, float] | None = None,
                   weighted: float = 0.0, **options: Any) -> Scenario:
    """A Mitchell: NS pairs 1..tables, EW pairs 31.. (unique numbers), every board at
    every table (a share ``missing`` not played), rows shuffled. ``adjusted`` is the
    share of rows given an adjusted score or NP (with a few pairs from outside the
    event); ``options`` are the Setup options, as pairs_event's keywords. ``mess`` adds
    impossible, duplicated and half-filled rows, a pair with no results and a board
    played once; ``full`` fills the template's whole 30 x 36 capacity. ``split`` is the
    share of played rows made split scores (one side given a percentage), and with it
    adjusted scores take every spelling (``A60/60``, ``AVE+/AVE-`` ...). ``penalties`` are
    procedural penalties typed in the pair list (pair: matchpoints or IMPs). ``weighted`` is the
    share of played rows made weighted scores (Law 12C1(c)); with ``mess``, a few of them bad."""
    rng = random.Random(seed)
    if full:
        tables, boards = 30, 36
    ew_base = 30
    rows = []
    for board in range(1, boards + 1):
        pool = [*rng.sample(COMMON_CONTRACTS, 3), "4SX"]
        for table in range(1, tables + 1):
            if not full and rng.random() < missing:
                continue  # not played
            ns, ew = table, ew_base + table
            if rng.random() < adjusted:
                if rng.random() < 0.15:
                    ns = None  # a pair from outside the event
                codes = ADJUSTED_CODES + OTHER_SPELLINGS if split else ADJUSTED_CODES
                rows.append((board, ns, ew, rng.choice(codes), None, None))
                continue
            if weighted and rng.random() < weighted:
                text = random_weighted(rng, pool)
                rows.append((board, ns, ew, text.lower() if rng.random() < 0.1 else text, None, None))
                continue
            contract, declarer, tricks = random_result(rng, pool)
            if split and rng.random() < split:
                given = f"A{rng.choice((40, 50, 60))}"
                contract = f"{given}/{contract}" if rng.random() < 0.5 else f"{contract}/{given}"
            if rng.random() < 0.1 and contract != "PASS":
                contract = contract.lower()
            if adjusted and contract.upper().startswith(("3NT", "1NT", "6NT")) and rng.random() < 0.5:
                contract = contract.upper().replace("NT", "N")  # as some programs write it
            rows.append((board, ns, ew, contract, declarer, tricks))
    numbers = list(range(1, 61))
    names = [None] * 60
    for i in range(tables):
        names[i] = f"North {i + 1} & South {i + 1}"
        names[ew_base + i] = f"East {i + 1} & West {i + 1}"
    for i, name in enumerate(TRICKY_NAMES):
        names[ew_base + i] = name
    limit = 36
    inputs_extra: dict[str, list] = {}
    if mess:
        limit = boards + 1
        inputs_extra["BoardCount"] = [limit]
        rows += [
            (limit + 1, 1, 31, "3NT", "N", 9),  # beyond BoardCount
            (1, 77, 31, "3NT", "N", 9),  # unknown pair
            (1, 5, 5, "3NT", "N", 9),  # a pair against itself
            (2, 3, 33, "9NT", "N", 9),  # impossible contract
            (2, 3, 33, "4S", "X", 9),  # unknown declarer
            (2, 3, 33, "4S", "N", 14),  # 14 tricks
            (3, 4, 34, "4S", "N", None),  # half-filled
            (3, None, None, "4S", "N", 10),  # no pairs at all: half-filled
            (4, 6, 36, "A70/30", None, None),  # no such adjusted score
            (4, 7, 37, "A60/40", "N", None),  # an adjusted score has no declarer
            (5, 8, 38, "NP", None, 7),  # nor tricks
            (limit, 29, 59, "1NT", "S", 7),  # pairs 29 / 59 play one board, alone: 50%
        ]
        if weighted:
            rows += [
                (6, 27, 57, "60% 4SN= 30% 4SN-1", None, None),  # weights adding up to 90
                (7, 27, 57, "60% 4S= 40% 4SN-1", None, None),  # a result without its declarer
                (8, 27, 57, "60%4SN= 40% 4SN-1", None, None),  # a word short
                (9, 27, 57, "60% 4SN= 40% 4SN-1", "N", None),  # a declarer besides
                (10, 27, 57, "20% 4SN= 20% 4SN-1 20% 4SN-2 20% 4SN-3 20% 4SN+1", None, None),  # five results
                (11, 27, 57, "60% 4SN+0 40% 4SN-1", None, None),  # +0 is not how a result is written
                (12, 27, 57, "100% 4SN=", None, None),  # one result
                # five on one board: the workbook reads four a board and flags the fifth
                *((13, 21 + i, 51 + i, f"{50 + i}% 3NTS= {50 - i}% 3NTS-1", None, None) for i in range(5)),
            ]
        # Pair 2 plays board 1 twice: every one of its board-1 rows gets flagged.
        rows.append((1, 2, 40, "2H", "E", 8))
        names[28], names[58] = "Lonely NS", "Lonely EW"
        numbers[59] = 12  # a duplicate number in the pair list
    rng.shuffle(rows)
    expected = pairs_expected(rows, numbers, scale, limit, options, penalties)
    ranked = expected.pop("_ranked")
    expected.pop("_event")
    expected["RankName"] = ([names[i] or None for i in ranked]
                            + [None] * (len(numbers) - len(ranked)))
    inputs = {name: [r[i] for r in rows]
              for i, name in enumerate(("Board", "NS", "EW", "Contract", "Declarer", "Tricks"))}
    inputs.update(PairNumber=numbers, PairName=names, MPScale=[scale], **inputs_extra)
    if penalties:
        inputs["PairPenalty"] = [penalties.get(number) for number in numbers]
    sheet_values = {True: "Yes", False: "No"}
    for key, value in options.items():
        if key == "round_mp":
            value = DECIMALS[value]
        inputs[OPTION_NAMES[key]] = [sheet_values.get(value, value) if isinstance(value, bool) else value]
    label = "pairs-full" if full else f"pairs-{seed}"
    return Scenario("pairs", label, inputs, expected)


# --- teams ------------------------------------------------------------------------------------


def room_result(board: Any, contract: Any, declarer: Any, tricks: Any,
                board_ok: bool, twice: bool) -> tuple[str, Any]:
    """('blank', None), ('flag', key) or ('score', NS score) for one room."""
    if row_state(contract, declarer, tricks) == "blank":
        return "blank", None
    if not board_ok:
        return "flag", "flag_board"
    flag = result_flag(contract, declarer, tricks)
    if flag is None and twice:
        flag = "flag_twice"
    if flag:
        return "flag", flag
    return "score", ns_score(contract, declarer, tricks, board)


def teams_expected(rows: list[tuple]) -> dict[str, list]:
    """Expected outputs of teams.xlsx for rows of
    (board, open contract, decl, tricks, closed contract, decl, tricks)."""
    boards = [r[0] for r in rows]
    own = ("flag_contract", "flag_declarer", "flag_tricks")
    open_scores, closed_scores, board_imps, checks = [], [], [], []
    for board, *rooms in rows:
        ok = is_whole(board, 1)
        twice = not blank(board) and boards.count(board) > 1
        results = [room_result(board, *rooms[i:i + 3], ok, twice) for i in (0, 3)]
        open_scores.append(results[0][1] if results[0][0] == "score" else None)
        closed_scores.append(results[1][1] if results[1][0] == "score" else None)
        check = None
        for (kind, key), room in zip(results, ("open", "closed"), strict=True):
            if kind == "flag":
                check = FLAG[key] + (f" ({room})" if key in own else "")
                break
        checks.append(check)
        both = open_scores[-1] is not None and closed_scores[-1] is not None
        board_imps.append(E.imps(open_scores[-1] - closed_scores[-1]) if both else None)
    played = [i for i in board_imps if i is not None]
    total = sum(played) if played else None
    n = len(played)
    return {
        "OpenScore": open_scores,
        "ClosedScore": closed_scores,
        "BoardIMPs": board_imps,
        "Check": checks,
        "TotalIMPs": [total],
        "BoardsPlayed": [n],
        "HomeIMPs": [sum(i for i in played if i > 0) if played else None],
        "AwayIMPs": [-sum(i for i in played if i < 0) if played else None],
        "VPHome": [E.vp(total, n) if n else None],
        "VPAway": [E.vp(-total, n) if n else None],
    }


def teams_scenario(seed: int, *, boards: int = 64, mess: bool = False,
                   empty: bool = False) -> Scenario:
    """A match: random results in both rooms on the first ``boards`` boards; with
    ``mess`` half-filled and impossible rows and a repeated board number."""
    rng = random.Random(seed)
    numbers: list[Any] = list(range(1, 65))
    rows = []
    for index in range(64):
        if empty or index >= boards:
            rows.append((numbers[index], None, None, None, None, None, None))
            continue
        pool = [*rng.sample(COMMON_CONTRACTS, 3), "3NTXX"]
        rows.append((numbers[index], *random_result(rng, pool), *random_result(rng, pool)))
    if mess:
        rows[0] = (1, "4s", "n", 10, "4S", "E", 8)  # lower case
        rows[1] = (2, "3NT", "N", 9, None, None, None)  # closed room not played yet
        rows[2] = (3, "3NT", "N", None, "3NT", "S", 9)  # half-filled
        rows[3] = (4, "4S", "N", 10, "4S", "W", 15)  # 15 tricks in the closed room
        rows[4] = (5, "4Z", "N", 10, "4S", "W", 9)  # no such contract in the open room
        rows[5] = (9, "PASS", None, None, "1NT", "N", 6)  # board 9 twice (see row 9)
        rows[6] = (None, "2C", "S", 8, "2C", "S", 8)  # no board number
        rows[7] = (8.5, "2C", "S", 8, "2C", "S", 8)  # not a board number
    expected = teams_expected(rows)
    names = ("Board", "OpenContract", "OpenDeclarer", "OpenTricks",
             "ClosedContract", "ClosedDeclarer", "ClosedTricks")
    inputs = {name: [r[i] for r in rows] for i, name in enumerate(names)}
    inputs.update(HomeTeam=[TRICKY_NAMES[0]], AwayTeam=["+358 Bridge Club"])
    label = f"teams-{seed}{'-empty' if empty else ''}"
    return Scenario("teams", label, inputs, expected)


# --- self-tests of the reference -----------------------------------------------------------


def test_reference_matchpoints_sum_to_n_times_n_minus_1():
    scenario = pairs_scenario(1, missing=0)
    by_board: dict[int, list[float]] = {}
    for board, mp in zip(scenario.inputs["Board"], scenario.expected["MPNS"], strict=True):
        if mp is not None:
            by_board.setdefault(board, []).append(mp)
    for mps in by_board.values():
        assert sum(mps) == len(mps) * (len(mps) - 1)


def test_reference_flags_the_messy_rows():
    expected = traveller_scenario(3, mess=True).expected
    assert expected["Check"][:12] == [None, None, None, "contract?", "declarer?", "tricks?",
                                      "pair?", "twice?", None, "contract?", "declarer?",
                                      "twice?"]
    assert expected["ScoreNS"][8] == 0  # passed out
    teams = teams_scenario(4, mess=True).expected
    assert teams["Check"][:9] == [None, None, None, "tricks? (closed)", "contract? (open)",
                                  "twice?", "board?", "board?", "twice?"]


def test_reference_flags_adjusted_rows_and_scores_the_good_ones():
    expected = traveller_scenario(3, adjusted=True).expected
    assert expected["Check"][12:18] == [None, None, None, "adjusted?", "declarer?", None]
    assert expected["ScoreNS"][14] is not None  # 3n is 3NT
    top = expected["Top"][0]
    assert (expected["MPNS"][12], expected["MPEW"][12]) == pytest.approx((0.6 * top, 0.4 * top))
    assert expected["MPNS"][13] is None  # not played
    assert expected["MPNS"][17] == expected["MPEW"][17] == pytest.approx(0.4 * top)
