"""A results file of several sections read as the sections it has (docs/rules.md §7,
sections): what :class:`~.results.EventBuilder` hands here when a reader gave its lines
and pairs a section (USEBIO's ``SECTION``, PBN's ``Section`` column).

A pair is its section and its number there, as the file numbers it: ``A 1`` and ``B 1``
are two pairs. A section that numbers each direction from 1 (a Mitchell whose North-South
1 plays East-West 1) has its East-West pair n renumbered after its North-South pairs, with
a note, as a one-section file is.

Whether the file compared a board's results across the field (every section's together)
or within each section is read from the matchpoints it printed: a line's North-South and
East-West matchpoints add up to the board's top, 2(N - 1) with N the most results a board
has, counted over the whole field or over the line's section. A file that prints no
matchpoints (IMP scoring, or a traveller without them) is compared across the field, as
club programs score sections that play the same boards, with a note.
"""

from __future__ import annotations

import dataclasses
from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping

from ..engine import BridgeInputError, Scoring
from ..engine.sections import parse_section
from ..event import Pair, PairResult, PairsEvent
from ..workbooks.book import EVENT_LENGTH
from .results import (
    _EVENT_NAME_LEFT_OUT,
    MAX_PAIRS,
    MAX_TABLES,
    EventBuilder,
    Imported,
    Listed,
    Published,
    ResultsFileError,
    _held,
    digits,
    listed_pairs,
)


def section_name(text: str | None, *, line: int | None = None) -> str:
    """A section's name as a file writes it (``A``, ``b``), checked: 1-3 letters or digits.

    >>> section_name(" b ")
    'B'
    >>> section_name("Main room", line=4)
    Traceback (most recent call last):
    ...
    xlbridge.formats.results.ResultsFileError: line 4: section "Main room": must be 1-3 letters or digits (A, B, ...)
    """
    try:
        return parse_section(text or "")
    except BridgeInputError as error:
        raise ResultsFileError(str(error), line=line) from None


def _order(section: str) -> tuple[int, str]:
    return len(section), section


def _offsets(builder: EventBuilder, sections: Iterable[str]) -> dict[str, int]:
    """Each section's East-West offset: the highest North-South number, for a section that
    numbers each direction from 1 (a number listed in both directions, or a line whose
    North-South and East-West pairs have the same number); 0 otherwise."""
    offsets = {}
    for section in sections:
        listed = [entry for entry in builder.listed if entry.section == section]
        ns = {entry.number for entry in listed if entry.direction == "NS"}
        ew = {entry.number for entry in listed if entry.direction == "EW"}
        lines = [raw.values[:2] for raw in builder.lines if raw.section == section]
        same = any(a is not None and b is not None and digits(a.strip()) and a.strip() == b.strip()
                   for a, b in lines)
        if ns & ew or same:
            played = {int(a) for a, _b in lines if a is not None and digits(a.strip())}
            offsets[section] = max(ns | played)
        else:
            offsets[section] = 0
    return offsets


def _placed(entry: Listed, builder: EventBuilder) -> Listed:
    """A pair listed with no section (a file's one list of pairs for all its sections) put in
    the one section whose lines have its number; refused when none or several have it."""
    if entry.section:
        return entry
    found = {raw.section for raw in builder.lines for text in raw.values[:2]
             if text is not None and text.strip() == str(entry.number)}
    if len(found) != 1:
        where = "no section's lines have it" if not found else f"sections {' and '.join(sorted(found))} have it"
        raise ResultsFileError(f"pair {entry.number} is listed for the whole event, and {where}: its section is "
                               "not known", line=entry.line)
    return dataclasses.replace(entry, section=found.pop())


def across_the_field(rows: Iterable[tuple[PairResult, float | None]], scale: int) -> tuple[bool, str]:
    """Whether the file compared each board across the field (True) or within each section,
    from the tops its matchpoints show (``rows``: each result with the sum of the two
    sides' printed matchpoints, None where it printed none), and a note saying why.

    Two sections of two tables: across the field a board's top is 6 (four results),
    within each section 2:

    >>> from xlbridge.event import Play
    >>> rows = [(PairResult(1, n, n + 10, Play("4S", "N", 10), s), top) for s in "AB" for n in (1, 2)
    ...         for top in [6.0]]
    >>> across_the_field(rows, 2)[0], across_the_field([(r, 2.0) for r, _ in rows], 2)[0]
    (True, False)
    >>> print(across_the_field([(r, None) for r, _ in rows], 2)[1])  # doctest: +ELLIPSIS
    the file prints no matchpoints to show how its sections were compared: compared across the field, ...
    """
    rows = list(rows)
    step = 2 if scale == 2 else 1
    whole = Counter(result.board for result, _top in rows)
    own = Counter((result.section, result.board) for result, _top in rows)
    across_top = step * (max(whole.values(), default=1) - 1)
    within_top = {section: step * (count - 1) for (section, _board), count in
                  sorted(own.items(), key=lambda item: item[1])}
    printed = [round(top, 2) for _result, top in rows if top is not None]
    if not printed:
        return True, ("the file prints no matchpoints to show how its sections were compared: compared across the "
                      "field, every section's results on a board together")
    top = Counter(printed).most_common(1)[0][0]
    if abs(top - across_top) < 0.05:
        return True, (f"sections compared across the field, as the file's matchpoints show (a top of {top:g}: "
                      f"{max(whole.values())} results on a board over all sections)")
    by_section: dict[str, list[float]] = defaultdict(list)
    for result, value in rows:
        if value is not None:
            by_section[result.section].append(round(value, 2))
    if all(abs(Counter(tops).most_common(1)[0][0] - within_top[section]) < 0.05
           for section, tops in by_section.items()):
        said = ", ".join(f"{section} {within_top[section]:g}" for section in sorted(by_section, key=_order))
        return False, f"sections compared within each section, as the file's matchpoints show (tops {said})"
    return True, (f"the file's matchpoints show a top of {top:g}, neither across the field ({across_top:g}) nor "
                  "within each section: compared across the field")


def build_sections(builder: EventBuilder) -> Imported:
    """The sectioned event ``builder`` collected, checked as a whole: every line and listed
    pair in a section, a pair listed once and playing a board once, sizes within bounds."""
    builder.name = _held(builder.name, builder.notes, _EVENT_NAME_LEFT_OUT)
    if len(builder.name) > EVENT_LENGTH:
        raise ResultsFileError(f"the event's name is {len(builder.name)} characters; the limit is {EVENT_LENGTH}")
    if any(not entry.section for entry in builder.listed):  # pairs listed once for the whole event
        builder.listed = [_placed(entry, builder) for entry in builder.listed]
    for raw in builder.lines:
        if not raw.section:
            raise ResultsFileError("a line with no section, where the file's others have one", board=raw.board,
                                   line=raw.line)
    sections = sorted({entry.section for entry in builder.listed} | {raw.section for raw in builder.lines},
                      key=_order)
    offsets = _offsets(builder, sections)
    checked = builder._results(0, offsets)
    rows = [(result, line) for result, line, _raw in checked]
    if not rows:
        raise ResultsFileError("no traveller lines with results")
    names, penalties, handicaps, published = listed_pairs(builder.listed, offsets.__getitem__,
                                                          lambda section, number: (section, number))
    seen: dict[tuple[str, int, int], int | None] = {}
    per_board: Counter[tuple[str, int]] = Counter()
    for result, line in rows:
        per_board[result.section, result.board] += 1
        if per_board[result.section, result.board] > MAX_TABLES:
            raise ResultsFileError(f"section {result.section}: more than {MAX_TABLES} results", board=result.board,
                                   line=line)
        for pair in (result.ns, result.ew):
            if pair is None:
                continue
            key = (result.section, result.board, pair)
            if key in seen:
                also = seen[key]
                raise ResultsFileError(f"pair {result.section} {pair} plays the board twice"
                                       + (f" (also line {also})" if also else ""), board=result.board, line=line)
            seen[key] = line
            names.setdefault((result.section, pair), "")
    if len(names) > MAX_PAIRS:
        raise ResultsFileError(f"{len(names)} pairs: the limit is {MAX_PAIRS}")
    mp = builder.scoring is Scoring.MP
    with_tops = [(result, raw.top if mp else None) for result, _line, raw in checked]
    across, said = across_the_field(with_tops, builder.scale)
    rank = {section: index for index, section in enumerate(sections)}
    results = tuple(sorted((r for r, _ in rows), key=lambda r: (rank[r.section], r.board, r.ns or 0, r.ew or 0)))
    options = builder.options()
    if published and all(top is None for _result, top in with_tops):
        across, said = _by_figures(results, published, options, builder.scale, said)
    event = PairsEvent(
        name=builder.name, date=builder.date,
        pairs=tuple(Pair(number, names[section, number], penalties.get((section, number)),
                         handicaps.get((section, number)), section=section)
                    for section, number in sorted(names, key=lambda key: (rank[key[0]], key[1]))),
        results=results, scale=builder.scale, tables=max(per_board.values()),
        boards=max(result.board for result in results), options=options, across=across,
    )
    notes = [f"section {section} numbers each direction from 1: its East-West pair n is pair {offset}+n here"
             for section, offset in offsets.items() if offset]
    return Imported(event, published, (f"{len(sections)} sections ({', '.join(sections)}): {said}", *notes,
                                       *builder.notes), handicapped=bool(handicaps))


def _by_figures(results: tuple[PairResult, ...], published: Mapping[tuple[str, int], Published],
                options: Mapping[str, object], scale: int, said: str) -> tuple[bool, str]:
    """Across the field or within sections, for a file that prints no matchpoints: within
    when that reproduces more of its published figures (its totals) than across does; across
    otherwise, with ``said``."""
    from ..event import score_pairs  # the engine's scoring of the event, as import compares it

    agree = {}
    for across in (True, False):
        try:
            report = score_pairs(PairsEvent("", "", (), results, scale=scale, options=options, across=across))
        except BridgeInputError:
            agree[across] = -1
            continue
        lines = report.pairs
        agree[across] = sum(1 for key, figure in published.items() if key in lines and abs(
            figure.number - (lines[key].imps if report.imps else lines[key].percent)) <= figure.tolerance + 1e-9)
    if agree[False] > agree[True]:
        return False, (f"the file prints no matchpoints; its totals show the sections compared within each section "
                       f"({agree[False]} of {len(published)} agree so, {agree[True]} across the field)")
    return True, said


def sectioned_keys(published: Mapping[object, Published]) -> bool:
    """Whether a file's figures are keyed ``(section, pair)``."""
    return any(isinstance(key, tuple) for key in published)


def as_one_field(imported: Imported) -> Imported | None:
    """A sectioned file read as one field, for a workbook of one section: the same pairs,
    results and figures with no section, scored the same way when the sections were compared
    across the field and number their pairs apart (no number in two sections); None
    otherwise, since one field could not hold them.

    >>> from xlbridge.event import Play
    >>> results = (PairResult(1, 1, 2, Play("4S", "N", 10), "A"), PairResult(1, 11, 12, Play("4S", "N", 9), "B"))
    >>> event = PairsEvent("Club", "", (Pair(1, "Ann", section="A"), Pair(11, "Bo", section="B")), results)
    >>> flat = as_one_field(Imported(event, {("B", 11): Published(11, "0", "B")}))
    >>> flat.event.sections, [p.number for p in flat.event.pairs], flat.published
    ((), [1, 11], {11: Published(pair=11, value='0', section='')})
    """
    event = imported.event
    keys = {(pair.section, pair.number) for pair in event.pairs}
    keys |= {(result.section, number) for result in event.results for number in (result.ns, result.ew)
             if number is not None}
    if not event.across or len({number for _section, number in keys}) != len(keys):
        return None
    flat = dataclasses.replace(event, pairs=tuple(dataclasses.replace(pair, section="") for pair in event.pairs),
                               results=tuple(dataclasses.replace(result, section="") for result in event.results),
                               tables=max(Counter(result.board for result in event.results).values()))
    published = {key[1]: Published(figure.pair, figure.value) for key, figure in imported.published.items()}
    return dataclasses.replace(imported, event=flat, published=published)
