"""Movements: who plays whom, at which table, on which boards (docs/rules.md §12).

:func:`movement` gives every round of a Mitchell or a Howell as :class:`Seating`
rows, numbered as clubs number them: a Mitchell's North-South pairs 1..T stay at
their tables and its East-West pairs T+1..2T move; a Howell's pairs are 1..2T,
pair 2T stationary North-South. An odd number of pairs plays with a phantom, who
stays put so that the empty table is the same every round: a Mitchell's North-South
pair T (the last table's; in a relay Mitchell that is the table sharing its set with
table 1, so no set is shared any more), a Howell's stationary pair 2T.

- **Mitchell**, T tables and T board sets: East-West move up a table and the
  boards down a table each round. With an odd T that is T rounds. With an even T,
  either a *skip* (East-West skip a table after half the rounds; T - 1 rounds) or
  a *relay* with a bye stand (a stand between tables T/2 and T/2 + 1 holds one set
  each round, and tables 1 and T share one; T rounds). Arrow-switch: the last
  round, or the last two from 12 rounds on, seat East-West North-South, so that a
  one-winner ranking compares everybody (``arrow_switch="spread"``: about one
  round in eight, where that still compares every two pairs).
- **Howell**, T tables, 2T - 1 rounds and board sets: every pair meets every other
  pair once and plays every set once. For 4 to 10 tables these are cyclic Room
  squares kept as data in :mod:`.howells`: the boards go to the next lower table,
  with one relay stand (odd T) or two (even T) where sets rest between tables;
  with an even T every pair sits in the same direction as every other pair on
  exactly T - 1 sets (perfectly balanced), with an odd T on T - 2 to T. With 2 and
  3 tables no complete Howell exists: the usual club movements share boards.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass

from . import howells
from .errors import BridgeInputError, describe
from .numeric import whole_number

MITCHELL, HOWELL = "mitchell", "howell"
SKIP, RELAY = "skip", "relay"
LAST, SPREAD = "last", "spread"  # arrow-switch rounds
MITCHELL_TABLES = range(3, 31)
HOWELL_TABLE_RANGE = range(2, 11)

# The usual small Howells, (NS, EW, set) per table and round: two tables share each
# round's set; with three, all three share the last round's set.
SMALL_HOWELLS: dict[int, tuple[tuple[tuple[int, int, int], ...], ...]] = {
    2: (((1, 2, 0), (3, 4, 0)), ((1, 3, 1), (4, 2, 1)), ((1, 4, 2), (2, 3, 2))),
    3: (((1, 3, 0), (2, 5, 1), (4, 6, 2)), ((1, 4, 1), (2, 6, 0), (3, 5, 3)),
        ((5, 1, 2), (2, 4, 3), (6, 3, 1)), ((6, 1, 3), (2, 3, 2), (4, 5, 0)),
        ((1, 2, 4), (3, 4, 4), (5, 6, 4))),
}


@dataclass(frozen=True, slots=True)
class Seating:
    """One table in one round: the North-South and East-West pairs (None for the
    phantom: the other pair sits out) and the boards they play."""

    round: int
    table: int
    ns: int | None
    ew: int | None
    boards: tuple[int, ...]

    @property
    def sits_out(self) -> bool:
        """True when one side is the phantom: nobody plays here this round."""
        return self.ns is None or self.ew is None

    def opponent(self, pair: int) -> int | None:
        """The pair ``pair`` meets here (None: it sits out)."""
        return self.ew if pair == self.ns else self.ns

    def direction(self, pair: int) -> str:
        """``NS`` or ``EW``: where ``pair`` sits."""
        return "NS" if pair == self.ns else "EW"


@dataclass(frozen=True, slots=True)
class Stand:
    """A relay stand: sets rest on it after table ``after`` until table ``before``
    plays them; ``first_round`` are the sets put on it before round 1. ``after`` equals
    ``before`` for a stand beside a table that only holds sets waiting for their first
    round (the 2-table Howell's)."""

    name: str
    after: int
    before: int
    first_round: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class Movement:
    """A whole movement: its rows (round by round, table by table) and what it is."""

    kind: str
    tables: int
    pairs: int
    boards: int
    rounds: int
    per_round: int
    variant: str | None
    arrow_switch: tuple[int, ...]
    rows: tuple[Seating, ...]

    def __str__(self) -> str:
        """``Mitchell, 8 tables (skip), 16 pairs: 7 rounds of 3 boards``."""
        name = {MITCHELL: "Mitchell", HOWELL: "Howell"}[self.kind]
        extra = f" ({self.variant})" if self.variant else ""
        arrow = f", arrow-switch round{'s' if len(self.arrow_switch) > 1 else ''} " + ", ".join(
            map(str, self.arrow_switch)) if self.arrow_switch else ""
        return (f"{name}, {self.tables} tables{extra}, {self.pairs} pairs: {self.rounds} rounds of "
                f"{self.per_round} board{'s' if self.per_round != 1 else ''}{arrow}")

    @property
    def pair_numbers(self) -> list[int]:
        """The pairs that play, in number order (the phantom is not one)."""
        return sorted({p for row in self.rows for p in (row.ns, row.ew) if p is not None})

    @property
    def played(self) -> tuple[Seating, ...]:
        """The rows where boards are played (not the sit-outs)."""
        return tuple(row for row in self.rows if not row.sits_out)

    def at(self, round: int, table: int) -> Seating | None:
        """The row of ``table`` in ``round``, or None."""
        return self._index().get((round, table))

    def of_pair(self, pair: int) -> list[Seating]:
        """The rows of ``pair``, round by round (its sit-outs included)."""
        return [row for row in self.rows if pair in (row.ns, row.ew)]

    def results(self) -> list[tuple[int, int, int, int, int]]:
        """(round, table, board, NS, EW) of every board played, in traveller order:
        board by board, round by round."""
        rows = [(row.round, row.table, board, row.ns, row.ew) for row in self.played for board in row.boards]
        return sorted(rows, key=lambda r: (r[2], r[0], r[1]))

    def boards_played(self) -> dict[int, int]:
        """How many boards each pair plays."""
        count: Counter[int] = Counter()
        for row in self.played:
            count[row.ns] += len(row.boards)
            count[row.ew] += len(row.boards)
        return dict(sorted(count.items()))

    def times_played(self) -> dict[int, int]:
        """How many times each board is played."""
        count: Counter[int] = Counter(board for row in self.played for board in row.boards)
        return dict(sorted(count.items()))

    def comparisons(self) -> dict[tuple[int, int], int]:
        """For each two pairs (lower number first), the boards on which they sit in the
        same direction at different tables: the results of theirs compared directly."""
        sides: dict[tuple[int, str], list[int]] = defaultdict(list)
        for row in self.played:
            for board in row.boards:
                sides[board, "NS"].append(row.ns)
                sides[board, "EW"].append(row.ew)
        count: Counter[tuple[int, int]] = Counter()
        for group in sides.values():
            for i, first in enumerate(group):
                for second in group[i + 1:]:
                    count[min(first, second), max(first, second)] += 1
        pairs = self.pair_numbers
        return {(a, b): count[a, b] for i, a in enumerate(pairs) for b in pairs[i + 1:]}

    @property
    def balance(self) -> tuple[int, int]:
        """The fewest and most boards on which two pairs are compared directly; equal
        in a perfectly balanced movement.

        >>> movement("howell", 4, 14).balance
        (6, 6)
        """
        values = list(self.comparisons().values())
        return (min(values), max(values)) if values else (0, 0)

    def shared(self) -> dict[tuple[int, tuple[int, ...]], tuple[int, ...]]:
        """The boards played at more than one table in a round (a relay's shared set):
        (round, boards) -> the tables. Only tables where somebody plays count: with the
        relay Mitchell's sit-out at the last table, nothing is shared.

        >>> movement("mitchell", 4, 8, variant="relay").shared()[1, (1, 2)]
        (1, 4)
        >>> movement("mitchell", 4, 8, variant="relay", pairs=7).shared()
        {}
        """
        tables: dict[tuple[int, tuple[int, ...]], list[int]] = defaultdict(list)
        for row in self.played:
            tables[row.round, row.boards].append(row.table)
        return {key: tuple(found) for key, found in tables.items() if len(found) > 1}

    def boards_next(self, round: int, table: int) -> tuple[int, tuple[int, ...]] | None:
        """When and where the boards at ``table`` in ``round`` are played next: (the
        round, the tables where somebody plays them); a round after the next means they
        rest meanwhile (on a relay stand, or at a table where nobody plays). None after
        the last round, or when they are not played again.

        >>> m = movement("howell", 4, 7)
        >>> m.boards_next(1, 2), m.boards_next(1, 4), m.boards_next(7, 2)
        ((2, (1,)), (3, (3,)), None)
        """
        row = self.at(round, table)
        if row is None:
            return None
        for later in range(round + 1, self.rounds + 1):
            tables = tuple(sorted(r.table for r in self.played if r.round == later and r.boards == row.boards))
            if tables:
                return later, tables
        return None

    def stands(self) -> tuple[Stand, ...]:
        """The relay (or bye) stands: where sets rest between two tables that play them
        in turn, named A, B, ... from the highest table down.

        >>> [(s.name, s.after, s.before, s.first_round) for s in movement("howell", 4, 7).stands()]
        [('A', 4, 3, ((4,),)), ('B', 1, 4, ((6,), (7,)))]
        >>> movement("mitchell", 4, 8, variant="relay").stands()
        (Stand(name='A', after=3, before=2, first_round=((5, 6),)),)
        """
        cached = self.__dict__.get("_stands")
        if cached is not None:
            return cached
        # The tables a set visits round by round (every row: a table where nobody plays
        # still holds its boards), and where it waits: between the last table that had
        # it and the next; a set first played after round 1 waits on the stand that
        # leads to its first table.
        visits: dict[tuple[int, ...], list[tuple[int, int]]] = defaultdict(list)
        for row in self.rows:
            visits[row.boards].append((row.round, row.table))
        gaps: dict[tuple[int, int], list[tuple[int, ...]]] = {}
        late: list[tuple[tuple[int, ...], int]] = []
        for boards, seen in visits.items():
            by_round: dict[int, int] = {}
            for r, t in sorted(seen):
                by_round.setdefault(r, t)  # a shared set: the lower table
            order = sorted(by_round.items())
            for (r1, t1), (r2, t2) in itertools.pairwise(order):
                if r2 > r1 + 1:
                    gaps.setdefault((t1, t2), [])
            if order[0][0] > 1:
                late.append((boards, order[0][1]))
        for boards, first_table in late:
            key = next((k for k in gaps if k[1] == first_table), None)
            if key is None:  # no set rests on its way to that table: a stand beside it
                key = (first_table, first_table)
                gaps.setdefault(key, [])
            gaps[key].append(boards)
        keys = sorted(gaps, key=lambda k: (-k[0], -k[1]))
        found = tuple(Stand(chr(ord("A") + i), after, before, tuple(sorted(gaps[after, before])))
                      for i, (after, before) in enumerate(keys))
        object.__setattr__(self, "_stands", found)
        return found

    def pair_next(self, round: int, pair: int) -> Seating | None:
        """Where ``pair`` sits in the round after ``round`` (a sit-out's row too), or None
        after the last round.

        >>> movement("mitchell", 5, 10).pair_next(1, 8)
        Seating(round=2, table=4, ns=4, ew=8, boards=(9, 10))
        """
        return next((r for r in self.rows if r.round == round + 1 and pair in (r.ns, r.ew)), None)

    def _index(self) -> dict[tuple[int, int], Seating]:
        cached = self.__dict__.get("_by_place")
        if cached is None:
            cached = {(row.round, row.table): row for row in self.rows}
            object.__setattr__(self, "_by_place", cached)
        return cached


def movement(kind: object, tables: object, boards: object, *, variant: object = None,
             arrow_switch: object = False, pairs: object = None) -> Movement:
    """The movement ``kind`` (``mitchell`` or ``howell``) for ``tables`` tables and
    ``boards`` boards in play; ``pairs`` may be one fewer than two a table (a phantom).

    >>> m = movement("mitchell", 7, 21)
    >>> str(m)
    'Mitchell, 7 tables, 14 pairs: 7 rounds of 3 boards'
    >>> m.at(2, 1)
    Seating(round=2, table=1, ns=1, ew=14, boards=(4, 5, 6))
    >>> movement("howell", 4, 20)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    xlbridge.engine.errors.BridgeInputError: boards 20: ... so boards must be a multiple of 7 (14 or 21)
    """
    name = str(kind).strip().lower() if isinstance(kind, str) else kind
    if name not in (MITCHELL, HOWELL):
        raise BridgeInputError(f"movement {describe(kind)}: must be mitchell or howell")
    count = whole_number(tables, "tables", 1)
    allowed = MITCHELL_TABLES if name == MITCHELL else HOWELL_TABLE_RANGE
    if count not in allowed:
        raise BridgeInputError(f"tables {describe(tables)}: a {name.title()} here has "
                               f"{allowed[0]}-{allowed[-1]} tables")
    seated = 2 * count if pairs is None or pairs == "" else whole_number(pairs, "pairs", 1)
    if seated not in (2 * count, 2 * count - 1):
        raise BridgeInputError(f"pairs {describe(pairs)}: {count} tables seat {2 * count - 1} or {2 * count} pairs")
    chosen = _variant(name, count, variant, sit_out=seated < 2 * count)
    switch = _arrow(arrow_switch)
    if name == HOWELL and switch:
        raise BridgeInputError("arrow-switch: only for a Mitchell (a Howell has one winner already)")
    sets = count if name == MITCHELL else 2 * count - 1 if count >= 4 else {2: 3, 3: 5}[count]
    total = whole_number(boards, "boards", 1)
    if total % sets or total < sets:
        near = sorted({max(sets, total // sets * sets), (total // sets + 1) * sets})
        title = f"{count}-table {name.title()}"
        raise BridgeInputError(f"boards {describe(boards)}: a {title} has {sets} board sets, so boards must "
                               f"be a multiple of {sets} ({' or '.join(map(str, near))})")
    # The phantom stays put: the Howell's stationary pair, the Mitchell's last North-South.
    phantom = None if seated == 2 * count else 2 * count if name == HOWELL else count

    def made(switched: tuple[int, ...]) -> Movement:
        built = _build(name, count, total // sets, chosen, switched)
        rows = tuple(Seating(r.round, r.table, None if r.ns == phantom else r.ns, None if r.ew == phantom else r.ew,
                             r.boards) for r in built.rows) if phantom else built.rows
        return Movement(built.kind, count, seated, total, built.rounds, total // sets, chosen, switched, rows)

    plain = made(())
    if switch is None:
        return plain
    rounds = plain.rounds
    if switch == SPREAD:  # about one round in eight, the last among them
        share = max(1, round(rounds / 8))
        spread = made(tuple(sorted(rounds - i * (rounds // share) for i in range(share))))
        if missed := _never_compared(spread):
            raise BridgeInputError(f"arrow-switch spread: with {count} tables {missed} pairs of pairs would never "
                                   "sit the same way on a board; switch the last rounds (arrow-switch on)")
        return spread
    # The last rounds: the EBU's guidance is the last round, or the last two from 12 rounds;
    # but two pairs who meet in a round that alone is switched sit opposite ways on every
    # board, so as many of the last rounds as leave no two pairs never compared (two, or
    # three with a relay's bye stand). Where no number of last rounds does (a few small
    # Mitchells), the fewest rounds that leave the fewest pairs uncompared.
    best: tuple[int, int, Movement] | None = None
    for k in range(2 if rounds >= 12 else 1, rounds + 1):
        tried = made(tuple(range(rounds - k + 1, rounds + 1)))
        if not (missed := _never_compared(tried)):
            return tried
        if best is None or missed < best[0]:
            best = missed, k, tried
    assert best is not None
    if rounds <= 10:  # few enough to try every choice of rounds
        for k in range(1, rounds + 1):
            for switched in itertools.combinations(range(rounds, 0, -1), k):
                tried = made(tuple(sorted(switched)))
                if (missed := _never_compared(tried)) < best[0] or (missed == best[0] and k < best[1]):
                    best = missed, k, tried
    return best[2]


def _never_compared(m: Movement) -> int:
    """How many pairs of pairs never sit the same way on a board."""
    return sum(1 for n in m.comparisons().values() if n == 0)


def _arrow(value: object) -> str | None:
    """The arrow-switch asked for: None, LAST (the default when on) or SPREAD.

    >>> _arrow(True), _arrow("on"), _arrow("spread"), _arrow(False), _arrow("no")
    ('last', 'last', 'spread', None, None)
    """
    if value is None or value is False or value == "" or value == 0:
        return None
    if value is True or value == 1:
        return LAST
    text = str(value).strip().lower()
    if text in (LAST, SPREAD):
        return text
    if text in ("on", "yes", "true"):
        return LAST
    if text in ("off", "no", "false"):
        return None
    raise BridgeInputError(f"arrow-switch {describe(value)}: must be on, off, last or spread")


def _variant(kind: str, tables: int, variant: object, sit_out: bool) -> str | None:
    """An even-table Mitchell's variant: skip by default, relay with a sit-out (a skip
    Mitchell's phantom would miss one board set, played then more often than the rest)."""
    if variant is None or variant == "":
        return (RELAY if sit_out else SKIP) if kind == MITCHELL and tables % 2 == 0 else None
    text = str(variant).strip().lower()
    if kind == HOWELL or tables % 2:
        raise BridgeInputError(f"variant {describe(variant)}: only an even-table Mitchell has one (skip or relay)")
    if text not in (SKIP, RELAY):
        raise BridgeInputError(f"variant {describe(variant)}: must be skip or relay")
    if text == SKIP and sit_out:
        raise BridgeInputError(f"variant {describe(variant)}: with a sit-out one board set would be played more "
                               "often than the others; use relay")
    return text


@functools.lru_cache(maxsize=64)
def _build(kind: str, tables: int, per_round: int, variant: str | None, switched: tuple[int, ...]) -> Movement:
    """The movement with every pair present (the phantom is removed by the caller),
    East-West sitting North-South in the ``switched`` rounds."""
    cells = list(_mitchell(tables, variant) if kind == MITCHELL else _howell(tables))
    rounds = max(r for r, _, _, _, _ in cells)
    rows = []
    for r, table, ns, ew, board_set in sorted(cells, key=lambda c: (c[0], c[1])):
        if r in switched:
            ns, ew = ew, ns
        first = board_set * per_round + 1
        rows.append(Seating(r, table, ns, ew, tuple(range(first, first + per_round))))
    return Movement(kind, tables, 2 * tables, 0, rounds, per_round, variant, switched, tuple(rows))


def _mitchell(tables: int, variant: str | None) -> Iterator[tuple[int, int, int, int, int]]:
    """(round, table, NS, EW, set) of a Mitchell: NS pair t at table t, EW pair T + e
    started at table e and moves up; the sets move down."""
    if variant == RELAY:
        half = tables // 2

        def position(table: int) -> int:  # the place of a table's set; the bye stand is half
            return 0 if table == tables - 1 else table if table < half else table + 1

        for r in range(tables):
            for t in range(tables):
                yield r + 1, t + 1, t + 1, tables + 1 + (t - r) % tables, (position(t) + r) % tables
        return
    rounds = tables - 1 if variant == SKIP else tables
    for r in range(rounds):
        for t in range(tables):
            moved = r + (1 if variant == SKIP and r >= tables // 2 else 0)
            yield r + 1, t + 1, t + 1, tables + 1 + (t - moved) % tables, (t + r) % tables


def _howell(tables: int) -> Iterator[tuple[int, int, int, int, int]]:
    """(round, table, NS, EW, set) of a Howell."""
    if tables in howells.FIRST_ROUND:
        yield from howells.rounds(tables)
        return
    for r, seats in enumerate(SMALL_HOWELLS[tables], start=1):
        for t, (ns, ew, board_set) in enumerate(seats, start=1):
            yield r, t, ns, ew, board_set
