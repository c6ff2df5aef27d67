"""Realistic, reproducible sample events for the demo and the tests.

Each board gets a hidden "lie of the cards": which side holds the cards, its
best strain and how many tricks it takes there, and the opponents' fit. Each
table then bids and plays it the way a club field does: most reach the
normal contract and make about the right number of tricks; some stop low or
overbid, try another strain, compete, sacrifice doubled or double the
opponents, and a few weak boards are passed out. The field's spread of results
is what makes matchpoints and IMPs come out like a real evening.

Everything is drawn from one ``random.Random(seed)``, so a seed always gives
the same event.

>>> event = pairs_event()
>>> len(event.results), len(event.pairs), event.tables, event.boards
(243, 18, 9, 27)
>>> pairs_event() == event
True
"""

from __future__ import annotations

import dataclasses
import datetime
import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import BYE_VP, SEATS, Contract, Doubling, Seat, Side, Strain, board_vul
from .model import EventBoard, Pair, PairResult, PairsEvent, Play, TeamBoard, TeamEvent, TeamMatch
from .scored import next_round, score_event

SEED = 20241131
"""The demo's seed: the same sample every run."""
DATE = datetime.date(2024, 11, 26)

_SURNAMES = (
    "Virtanen", "Korhonen", "Nieminen", "Mäkinen", "Hämäläinen", "Laine", "Heikkinen",
    "Koskinen", "Järvinen", "Lehtonen", "Salminen", "Lindqvist", "Andersson", "Turunen",
    "Salo", "Rantanen", "Karjalainen", "Niemi", "Jokinen", "Mattila", "Lahtinen", "Saarinen",
    "Hughes", "Kowalski", "Petrova", "Ivanov", "Berg", "O'Brien", "Schmidt", "Novak",
    "Tanaka", "Moreau", "Rossi", "Fischer", "Eriksson", "Laaksonen",
)
_INITIALS = "AEHIJKLMPRSTV"

_MAJORS = (Strain.H, Strain.S)
_MINORS = (Strain.C, Strain.D)
# How far from "par" a table's declarer ends up: most exactly, a few a trick off.
_PLAY_NOISE = ((-2, 2), (-1, 18), (0, 58), (1, 19), (2, 3))


@dataclass(frozen=True, slots=True)
class _Lie:
    """How a board lies: what each side can make, and the field's favourite contract."""

    kind: str
    owner: Side
    strain: Strain
    tricks: int
    other_strain: Strain
    other_tricks: int
    declarer: Seat
    other_declarer: Seat


def _weighted(rng: random.Random, options: Sequence[tuple[object, float]]) -> object:
    values = [value for value, _ in options]
    weights = [weight for _, weight in options]
    return rng.choices(values, weights)[0]


def _natural_declarer(rng: random.Random, side: Side) -> Seat:
    return rng.choice([seat for seat in SEATS if seat.side is side])


def _lie(rng: random.Random, board: int) -> _Lie:
    """Draw how ``board`` lies."""
    kind = _weighted(rng, (("part", 38), ("game", 33), ("slam", 8), ("compete", 14),
                           ("flat", 7)))
    owner = rng.choice((Side.NS, Side.EW))
    if kind == "part":
        strain = _weighted(rng, ((Strain.S, 24), (Strain.H, 24), (Strain.D, 16),
                                 (Strain.C, 16), (Strain.NT, 20)))
        tricks = _weighted(rng, ((7, 25), (8, 45), (9, 30)))
    elif kind == "game":
        strain = _weighted(rng, ((Strain.S, 28), (Strain.H, 27), (Strain.NT, 33),
                                 (Strain.D, 6), (Strain.C, 6)))
        need = {Strain.NT: 9, Strain.H: 10, Strain.S: 10}.get(strain, 11)
        tricks = need + _weighted(rng, ((-1, 18), (0, 45), (1, 32), (2, 5)))
    elif kind == "slam":
        strain = _weighted(rng, ((Strain.S, 30), (Strain.H, 30), (Strain.NT, 25),
                                 (Strain.D, 8), (Strain.C, 7)))
        tricks = _weighted(rng, ((11, 20), (12, 55), (13, 25)))
    elif kind == "compete":
        strain = rng.choice(_MAJORS)
        tricks = _weighted(rng, ((9, 30), (10, 55), (11, 15)))
    else:  # flat: weak, balanced, a part score at most
        strain = _weighted(rng, ((Strain.NT, 40), (Strain.S, 15), (Strain.H, 15),
                                 (Strain.D, 15), (Strain.C, 15)))
        tricks = _weighted(rng, ((6, 35), (7, 50), (8, 15)))
    lower = [s for s in (Strain.C, Strain.D, Strain.H) if s < strain] or [Strain.C]
    other_strain = rng.choice(lower) if kind == "compete" else rng.choice(
        [s for s in Strain if s is not strain and s is not Strain.NT])
    # Total tricks: both sides' fits add up to about 15 (a part-score battle), 18 with
    # two long fits.
    total = 18 if kind == "compete" else 15
    other_tricks = max(min(total - tricks + rng.randint(-1, 1), 9), 6)
    return _Lie(
        kind=kind, owner=owner, strain=strain, tricks=tricks, other_strain=other_strain,
        other_tricks=other_tricks, declarer=_natural_declarer(rng, owner),
        other_declarer=_natural_declarer(rng, owner.other),
    )


def _game_level(strain: Strain) -> int:
    return {Strain.NT: 3, Strain.H: 4, Strain.S: 4}.get(strain, 5)


def _table(rng: random.Random, lie: _Lie, board: int) -> Play:
    """One table's contract and result on a board."""
    vul = board_vul(board)
    owner_vul = vul.is_vulnerable(lie.owner)
    other_vul = vul.is_vulnerable(lie.owner.other)
    side, strain, tricks = lie.owner, lie.strain, lie.tricks
    doubled = False
    if lie.kind == "part":
        choice = _weighted(rng, (("par", 62), ("strain", 14), ("compete", 16), ("push", 8)))
        if choice == "strain":
            strain = Strain.NT if strain is not Strain.NT else rng.choice(_MAJORS)
            tricks -= rng.choice((0, 1))
        if choice == "compete":
            side, strain, tricks = side.other, lie.other_strain, lie.other_tricks
            level = max(2, min(3, tricks - 6))
        elif choice == "push":
            level = min(tricks - 6 + 1, 4)
        else:
            level = _weighted(rng, ((1, 25), (2, 55), (3, 20)))
            level = max(1, min(level, tricks - 6, 3))
    elif lie.kind == "game":
        choice = _weighted(rng, (("game", 72), ("part", 12), ("strain", 11), ("slamtry", 5)))
        if choice == "strain":
            if strain is Strain.NT:
                strain = rng.choice(_MAJORS)
            else:
                strain, tricks = Strain.NT, tricks - rng.choice((0, 1, 1))
        level = _game_level(strain)
        if choice == "part":
            level -= rng.choice((1, 2))
        elif choice == "slamtry":
            level = 4 if strain is Strain.NT else 5 if strain.is_major else 6
    elif lie.kind == "slam":
        choice = _weighted(rng, (("small", 55), ("game", 33), ("grand", 6), ("strain", 6)))
        if choice == "strain":
            strain = Strain.NT if strain is not Strain.NT else rng.choice(_MAJORS)
            tricks -= rng.choice((0, 1))
        level = {"small": 6, "grand": 7, "game": _game_level(strain)}.get(choice, 6)
    elif lie.kind == "compete":
        sacrifice = 30 if owner_vul and not other_vul else 14
        choice = _weighted(rng, (("game", 40), ("part", 12), ("sacrifice", sacrifice),
                                 ("doubled", 10), ("five", 6), ("theirs", 10)))
        level = 4
        if choice == "part":
            level = 3
        elif choice == "five":
            level, doubled = 5, rng.random() < 0.6
        elif choice in ("sacrifice", "theirs", "doubled"):
            side, strain, tricks = side.other, lie.other_strain, lie.other_tricks
            level = {"sacrifice": 5 if strain.is_minor else 4, "theirs": 3, "doubled": 4}[choice]
            doubled = choice != "theirs" or rng.random() < 0.3
    else:  # flat
        choice = _weighted(rng, (("pass", 42), ("par", 38), ("theirs", 20)))
        if choice == "pass":
            return Play("PASS")
        if choice == "theirs":
            side, strain, tricks = side.other, lie.other_strain, min(lie.other_tricks, 8)
            level = 2 if strain.is_minor else 1
        else:
            level = 1
    made = min(13, max(0, tricks + _weighted(rng, _PLAY_NOISE)))
    level = max(1, min(7, level))
    need = level + 6
    # Club players double contracts that go two or more down, and a few that make.
    if not doubled and need - made >= 2:
        doubled = rng.random() < 0.45
    elif not doubled and need - made == 1 and level >= 3:
        doubled = rng.random() < 0.15
    elif not doubled and need <= made <= need + 1 and level <= 2:
        doubled = rng.random() < 0.05  # the speculative double of a part score that makes
    doubling = Doubling.DOUBLED if doubled else Doubling.UNDOUBLED
    if doubled and made >= need and rng.random() < 0.4:
        doubling = Doubling.REDOUBLED
    declarer = lie.declarer if side is lie.owner else lie.other_declarer
    if rng.random() < 0.2:  # partner declares at some tables (who bid the suit first)
        declarer = declarer.next(2)
    contract = Contract(level, strain, doubling)
    return Play(str(contract), str(declarer), made)


def _names(rng: random.Random, count: int) -> list[str]:
    surnames = rng.sample(_SURNAMES, count)
    return [f"{rng.choice(_INITIALS)}. {name}" for name in surnames]


def mitchell(tables: int, rounds: int | None = None) -> list[tuple[int, int, int, int]]:
    """A Mitchell movement for an odd number of tables: (round, table, NS, EW).

    North-South pairs 1..t stay at their table; East-West pairs t+1..2t move up
    one table a round and the board sets down one, so with an odd number of
    tables no pair meets a set twice. Set s is played at table t in round r
    where s = (t + r) mod tables.

    >>> mitchell(3)[:4]
    [(0, 0, 1, 4), (0, 1, 2, 5), (0, 2, 3, 6), (1, 0, 1, 6)]
    """
    if tables < 3 or tables % 2 == 0:
        raise ValueError("a plain Mitchell needs an odd number of tables, 3 or more")
    return [
        (r, t, t + 1, tables + 1 + (t - r) % tables)
        for r in range(rounds or tables)
        for t in range(tables)
    ]


def pairs_event(seed: int = SEED, tables: int = 9, boards_per_round: int = 3) -> PairsEvent:
    """A Mitchell pairs event: ``tables`` tables, every pair plays every board set once.

    Results are listed board by board, as a director types travellers.
    """
    rng = random.Random(seed)
    boards = tables * boards_per_round
    lies = {board: _lie(rng, board) for board in range(1, boards + 1)}
    names = _names(rng, 4 * tables)
    pairs = tuple(
        Pair(number, f"{names[2 * number - 2]} – {names[2 * number - 1]}")
        for number in range(1, 2 * tables + 1)
    )
    results = []
    for r, t, ns, ew in mitchell(tables):
        board_set = (t + r) % tables
        for board in range(board_set * boards_per_round + 1, (board_set + 1) * boards_per_round + 1):
            results.append(PairResult(board, ns, ew, _table(rng, lies[board], board)))
    results.sort(key=lambda result: (result.board, result.ns))
    return PairsEvent(
        name="Tuesday Pairs", date=DATE.isoformat(), pairs=pairs, results=tuple(results),
        scale=2, tables=tables, boards=boards,
    )


def team_match(seed: int = SEED + 1, boards: int = 24) -> TeamMatch:
    """A team match of ``boards`` boards played in two rooms."""
    rng = random.Random(seed)
    played = []
    for board in range(1, boards + 1):
        lie = _lie(rng, board)
        played.append(TeamBoard(board, _table(rng, lie, board), _table(rng, lie, board)))
    return TeamMatch(
        name="League round 3", date=DATE.isoformat(), home="Kallio Bridge Club",
        away="Espoo Aces", boards=tuple(played),
    )


TEAM_NAMES = ("Kallio", "Espoo Aces", "Tampere Trumps", "Oulu North", "Turku Tens", "Vaasa Vul", "Lahti Leads",
              "Kuopio Kings")


def team_event(seed: int = SEED + 2, rounds: int = 5, boards: int = 4, played: int = 3) -> TeamEvent:
    """A Swiss of eight teams over ``rounds`` rounds of ``boards`` boards, the first
    ``played`` of them drawn and played: each round drawn by the engine from the
    standings so far, as ``xlbridge draw`` does, round ``r`` on boards (r-1)·B+1 … r·B."""
    rng = random.Random(seed)
    teams = {number: name for number, name in enumerate(TEAM_NAMES, start=1)}
    event = TeamEvent(name="Winter Swiss", date=DATE.isoformat(), swiss=True, teams=teams, rounds=rounds,
                      match_boards=boards, bye_vp=float(BYE_VP), byes={}, boards=())
    for _ in range(played):
        number, draw = next_round(score_event(event))
        numbers = range((number - 1) * boards + 1, number * boards + 1)
        lies = {board: _lie(rng, board) for board in numbers}
        added = tuple(EventBoard(number, home, away, board, _table(rng, lies[board], board),
                                 _table(rng, lies[board], board))
                      for home, away in draw if away is not None for board in numbers)
        event = dataclasses.replace(event, boards=event.boards + added)
    return event
