"""A pairs event in two or more sections: each section its own movement, every section
the same boards (docs/rules.md §7, sections).

A pair is its section and its number there (``("A", 1)`` and ``("B", 1)`` are two pairs),
as club programs number them. Setup chooses how a board's results are compared:

- **across the field** (``across=True``, the default): every section's results on a
  board are compared together, as one traveller; a board with fewer results than the most
  any board has is Neuberg-factored (Law 78A and the EBU's and ACBL's practice for a
  field of several sections);
- **within each section**: each section is scored on its own, as if it were an event
  alone (its boards factored to its own most results).

Either way each pair gets two places: ``place``, overall (every section together, in each
field), and ``section_place``, within its section (the section tops). Within sections the
overall order is by percentage (IMPs in IMP scoring), which compares pairs of sections
scored on different tops.

The arithmetic is :func:`~xlbridge.engine.pairs.pairs_event`'s: this module only decides
which rows are compared together and ranks the totals.
"""

from __future__ import annotations

import dataclasses
import re
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .deals import is_blank
from .errors import BridgeInputError, describe
from .matchpoints import place_labels
from .numeric import whole_number
from .pairs import Entry, PairsEvent, PairTotal, ParsedRows, RowPoints, parse_row, yes_no
from .pairs import pairs_event as score_rows
from .scoring import Scoring
from .seat import Side

Key = tuple[str, int]
"""A pair in a sectioned event: its section and its number there."""

_SECTION = re.compile(r"[A-Z0-9]{1,3}")


def parse_section(value: object) -> str:
    """A section's name: one to three letters or digits (``A``, ``B``, ``AA``), upper case.

    >>> parse_section(" b ")
    'B'
    >>> parse_section("North")
    Traceback (most recent call last):
    ...
    xlbridge.engine.errors.BridgeInputError: section "North": must be 1-3 letters or digits (A, B, ...)
    """
    text = value.strip().upper() if isinstance(value, str) else value
    if not isinstance(text, str) or not _SECTION.fullmatch(text):
        raise BridgeInputError(f"section {describe(value)}: must be 1-3 letters or digits (A, B, ...)")
    return text


@dataclass(frozen=True, slots=True)
class SectionPair:
    """A pair's line in a sectioned event: its section, its total (``total.pair`` its number
    in the section, ``total.place`` its place overall) and its place in its section."""

    section: str
    total: PairTotal
    section_place: str

    @property
    def key(self) -> Key:
        return self.section, self.total.pair


@dataclass(frozen=True)
class SectionsEvent:
    """A scored sectioned event: per-row points in row order, and each pair's line."""

    scoring: Scoring
    mpscale: int
    fields: int
    across: bool
    sections: tuple[str, ...]
    rows: tuple[RowPoints | None, ...]
    pairs: Mapping[Key, SectionPair]

    def ranking(self, field: Side | None = None, section: str | None = None) -> list[SectionPair]:
        """One field's pairs, best first: every section's (by overall place), or one
        section's (by its place there); ties by section and number.

        >>> rows = [("A", 1, 1, 2, "4S", "N", 10), ("B", 1, 1, 2, "4S", "N", 9)]
        >>> event = sections_event(rows)
        >>> [(p.section, p.total.pair, p.total.place, p.section_place) for p in event.ranking()]
        [('A', 1, '1-2', '1'), ('B', 2, '1-2', '1'), ('A', 2, '3-4', '2'), ('B', 1, '3-4', '2')]
        """
        if section is None:
            chosen = [p for p in self.pairs.values() if field is None or p.total.field is field]
            return sorted(chosen, key=lambda p: (_first(p.total.place), p.key))
        chosen = [p for p in self.pairs.values() if p.section == section and (field is None or p.total.field is field)]
        return sorted(chosen, key=lambda p: (_first(p.section_place), p.key))

    @property
    def field_list(self) -> list[Side | None]:
        """The fields to rank: ``[None]`` for one field, ``[NS, EW]`` for two."""
        return [None] if self.fields == 1 else [Side.NS, Side.EW]


def sections_event(rows: Iterable[Sequence[object]], *, across: object = True,
                   penalties: Mapping[Key, object] | None = None, **options: object) -> SectionsEvent:
    """Score a sectioned pairs event from its rows ``(section, board, ns, ew, contract,
    declarer, tricks)``; ``options`` are :func:`~xlbridge.engine.pairs.pairs_event`'s
    (scoring, mpscale, neuberg, fields, ...) and ``penalties`` maps ``(section, pair)``.

    Across the field, section B's one result on board 1 is compared with section A's two;
    the board's third result is missing nowhere, so no factoring:

    >>> rows = [("A", 1, 1, 2, "4S", "N", 10), ("A", 1, 3, 4, "4S", "N", 11),
    ...         ("B", 1, 1, 2, "4S", "N", 9)]
    >>> across = sections_event(rows)
    >>> [(r.ns, r.ew) for r in across.rows]
    [(2.0, 2.0), (4.0, 0.0), (0.0, 4.0)]
    >>> within = sections_event(rows, across=False)
    >>> [(r.ns, r.ew) for r in within.rows]
    [(0.0, 2.0), (2.0, 0.0), (0.0, 0.0)]
    >>> [(p.key, p.total.percent, p.total.place, p.section_place) for p in within.ranking(section="B")]
    [(('B', 1), 50.0, '3-4', '1-2'), (('B', 2), 50.0, '3-4', '1-2')]

    A row's section must be given where the row has a board (one line names the row).
    """
    whole = yes_no(across, "across the field")
    if penalties is not None and not isinstance(penalties, Mapping):
        raise BridgeInputError(f"penalties {describe(penalties)}: must map (section, pair) to a penalty")
    parsed = _parsed(rows)
    sections = tuple(sorted({p[0] for p in parsed if p is not None}, key=lambda s: (len(s), s)))
    fines = {_key(key): value for key, value in (penalties or {}).items()}
    if whole:
        return _across(parsed, sections, fines, options)
    return _within(parsed, sections, fines, options)


_SHAPE = "(section, board, ns, ew, contract, declarer, tricks)"


def _parsed(rows: Iterable[Sequence[object]]) -> list[tuple[str, Entry | None] | None]:
    """Each row parsed once: its section and its :class:`~.pairs.Entry` (None for a row not
    complete, as :func:`~.pairs.pairs_event` skips it), or None for a row with no section
    and no board; a pair on a board twice in its section is an error of its second row."""
    if isinstance(rows, str | bytes) or not isinstance(rows, Iterable):
        raise BridgeInputError(f"rows {describe(rows)}: must be rows of {_SHAPE}")
    parsed: list[tuple[str, Entry | None] | None] = []
    seen: dict[tuple[str, int, int], int] = {}
    for number, row in enumerate(rows, start=1):
        if isinstance(row, str | bytes) or not isinstance(row, Sequence) or len(row) != 7:
            raise BridgeInputError(f"row {number} {describe(row)}: must be {_SHAPE}")
        section, rest = row[0], tuple(row[1:])
        try:
            if is_blank(section):
                if not is_blank(rest[0]):
                    raise BridgeInputError(f"board {describe(rest[0])} has no section")
                parsed.append(None)
                continue
            name, entry = parse_section(section), parse_row(rest)
        except BridgeInputError as error:
            raise BridgeInputError(f"row {number}: {error}") from None
        for pair in () if entry is None else (entry.ns, entry.ew):
            if pair is None:
                continue
            key = (name, entry.board, pair)
            if key in seen:
                raise BridgeInputError(f"row {number}: pair {name} {pair} plays board {entry.board} twice "
                                       f"(also row {seen[key]})")
            seen[key] = number
        parsed.append((name, entry))
    return parsed


def _across(parsed: list[tuple[str, Entry | None] | None], sections: tuple[str, ...],
            fines: Mapping[Key, object], options: Mapping[str, object]) -> SectionsEvent:
    # Every pair a number of its own for pairs_event: the whole field is one event.
    keys = sorted({(section, pair) for section, entry in filter(None, parsed) if entry is not None
                   for pair in (entry.ns, entry.ew) if pair is not None}, key=_order)
    ids = {key: index for index, key in enumerate(keys, start=1)}
    renumbered = ParsedRows(
        None if p is None or p[1] is None else
        dataclasses.replace(p[1], ns=None if p[1].ns is None else ids[(p[0], p[1].ns)],
                            ew=None if p[1].ew is None else ids[(p[0], p[1].ew)])
        for p in parsed)
    unknown = next((key for key in fines if key not in ids), None)
    if unknown is not None:
        raise BridgeInputError(f"penalty for pair {unknown[0]}{unknown[1]}: the pair has no results")
    scored = score_rows(renumbered, penalties={ids[k]: v for k, v in fines.items()} or None, **options)
    totals = {key: dataclasses.replace(scored.pairs[ids[key]], pair=key[1]) for key in keys if ids[key] in scored.pairs}
    return _event(scored, True, sections, scored.rows, totals, overall=None)


def _within(parsed: list[tuple[str, Entry | None] | None], sections: tuple[str, ...],
            fines: Mapping[Key, object], options: Mapping[str, object]) -> SectionsEvent:
    rows: list[RowPoints | None] = [None] * len(parsed)
    totals: dict[Key, PairTotal] = {}
    scored: PairsEvent | None = None
    for section in sections:
        where = [i for i, p in enumerate(parsed) if p is not None and p[0] == section]
        own = {pair: value for (s, pair), value in fines.items() if s == section}
        scored = score_rows(ParsedRows(parsed[i][1] for i in where), penalties=own or None, **options)
        for i, points in zip(where, scored.rows, strict=True):
            rows[i] = points
        totals.update({(section, pair): total for pair, total in scored.pairs.items()})
    unknown = next((key for key in fines if key not in totals), None)
    if unknown is not None:
        raise BridgeInputError(f"penalty for pair {unknown[0]}{unknown[1]}: the pair has no results")
    if scored is None:
        scored = score_rows(ParsedRows(), **options)
    overall = _places(totals, scored, group=lambda key: ())
    return _event(scored, False, sections, tuple(rows), totals, overall)


def _event(scored: PairsEvent, across: bool, sections: tuple[str, ...], rows: Sequence[RowPoints | None],
           totals: Mapping[Key, PairTotal], overall: Mapping[Key, str] | None) -> SectionsEvent:
    if overall is None:  # across the field, pairs_event's places are overall already
        in_section = _places(totals, scored, group=lambda key: key[0])
        lines = {key: SectionPair(key[0], total, in_section[key]) for key, total in totals.items()}
    else:  # within sections, pairs_event's places are the section's
        lines = {key: SectionPair(key[0], dataclasses.replace(total, place=overall[key]), total.place)
                 for key, total in totals.items()}
    return SectionsEvent(scored.scoring, scored.mpscale, scored.fields, across, sections, tuple(rows),
                         dict(sorted(lines.items(), key=lambda item: _order(item[0]))))


def _places(totals: Mapping[Key, PairTotal], scored: PairsEvent, group) -> dict[Key, str]:
    """Places within each group of pairs (a section, or all) and field, by percentage
    (IMPs in IMP scoring), a shared place written ``2-3``."""
    imps = scored.scoring.imps
    groups: dict[tuple[object, Side | None], list[Key]] = defaultdict(list)
    for key, total in totals.items():
        groups[group(key), total.field].append(key)
    places: dict[Key, str] = {}
    for keys in groups.values():
        value = {key: totals[key].imps if imps else totals[key].percent for key in keys}
        ordered = sorted(keys, key=lambda k: (-value[k], _order(k)))
        first: dict[float | None, int] = {}
        for place, key in enumerate(ordered, start=1):
            first.setdefault(value[key], place)
        places.update(zip(ordered, place_labels([first[value[k]] for k in ordered]), strict=True))
    return places


def _pair(value: object) -> int:
    return whole_number(value, "pair", 1)


def _key(key: object) -> Key:
    if not isinstance(key, tuple) or len(key) != 2:
        raise BridgeInputError(f"penalty key {describe(key)}: must be (section, pair)")
    return parse_section(key[0]), _pair(key[1])


def _order(key: Key) -> tuple[int, str, int]:
    return len(key[0]), key[0], key[1]


def _first(place: str) -> int:
    return int(place.split("-")[0])
