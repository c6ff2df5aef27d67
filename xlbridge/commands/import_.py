"""``xlbridge import``: a results file written by another program (PBN or USEBIO) into a
pairs workbook, which then scores the event itself; ``--compare`` sets the file's
published figures beside the workbook's."""

from __future__ import annotations

import argparse
import dataclasses
import os
import stat
from collections.abc import Callable, Mapping
from pathlib import Path

from .. import files, formats
from ..engine import BridgeInputError, OptionError
from ..event import PairsReport, TeamBoard, TeamEventReport, TeamMatch, TeamsReport, score_teams
from ..event.individual import IndividualReport
from ..event.scored import pair_label
from ..formats.individual_results import ImportedIndividual
from ..formats.results import MAX_BYTES, Imported, ImportedTeams, Published, ResultsFileError
from ..formats.sections import as_one_field
from ..formats.swiss_pairs import ImportedSwissPairs
from ..formats.swiss_pairs import figures as swiss_figures
from ..kinds import INDIVIDUAL, PAIRS, SWISS_PAIRS, TEAM_EVENT, TEAMS, Checked
from ..kinds.players import carry_roster
from . import EXIT_OK, EXIT_PROBLEMS, CommandError, conventions
from .check import read, without_problems


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``import`` subcommand."""
    parser = subparsers.add_parser(
        "import",
        help="read a PBN or USEBIO results file into a pairs, team, individual or Swiss pairs workbook "
        "(--compare: check its figures)",
        description="Read a results file another scoring program wrote (PBN with a ScoreTable per "
        "board, or USEBIO XML) into a new pairs workbook: the pairs and their names, every traveller "
        "line, adjusted scores and the scoring method; a team match into a new teams.xlsx, a team event "
        "into a new teams-event.xlsx, an individual into a new individual.xlsx, a Swiss pairs event into a new "
        "swiss-pairs.xlsx. The workbook then scores the event itself. "
        "With --compare, print each pair's published percentage (or IMPs) beside the workbook's and "
        "every difference; without it, a file's published figures are compared all the same and any "
        "difference is said in one line. Exit status: 0 written (and every published figure agrees), "
        "1 written but the workbook's figures differ from the file's, 2 the file cannot be read or OUT exists "
        f"(nothing written). Files over {MAX_BYTES // 1_000_000} MB are refused.",
    )
    parser.add_argument("file", metavar="FILE.pbn|FILE.xml", type=Path, help="a PBN or USEBIO results file")
    parser.add_argument("--out", metavar="EVENT.xlsx", type=Path, help="the pairs workbook to write")
    parser.add_argument("--force", action="store_true", help="replace EVENT.xlsx if it exists")
    parser.add_argument("--compare", action="store_true",
                        help="print the file's figures beside the workbook's; exit 1 if any differ")
    for level, what in (("event", "EVENT"), ("session", "SESSION"), ("section", "SECTION")):
        parser.add_argument(f"--{level}", metavar="NAME|N",
                            help=f"USEBIO: the {what} to import, by its name or id or its number from 1"
                            + (" (without it, every section as one field)" if level == "section" else
                               " (needed when the file holds several)"))
    conventions.add_arguments(parser)
    parser.add_argument("--list", action="store_true",
                        help="USEBIO: list the file's events, sessions and sections and write nothing")
    parser.set_defaults(run=run)


CHOICES = ("event", "session", "section")
"""The options that choose a part of a USEBIO file."""


def load(path: Path, **choice: str | None) -> Imported | ImportedTeams | ImportedIndividual | ImportedSwissPairs:
    """The results file at ``path``, read; a :class:`CommandError` (one line naming the file,
    board and line) when it cannot be. ``choice`` (``event``, ``session``, ``section``)
    picks a part of a USEBIO file."""
    reader, data = _read(path)
    chosen = {name: value for name, value in choice.items() if value is not None}
    # Formats are told apart by name: pytest's doctests may import a module a second time.
    if chosen and reader.name != formats.usebio.FORMAT.name:
        raise CommandError(f"--{next(iter(chosen))}: chooses a part of a USEBIO file; {path} is {reader.title}")
    try:
        return reader.loads(data, **chosen)
    except ResultsFileError as error:
        raise CommandError(f"{path}: {error}") from None


def _read(path: Path) -> tuple[formats.Format, bytes]:
    """A results file's reader and bytes: only a regular file, within the size bound."""
    try:
        found = os.stat(path)
        if stat.S_ISDIR(found.st_mode):
            raise CommandError(f"cannot read {path}: Is a directory")
        if not stat.S_ISREG(found.st_mode):  # a FIFO would wait forever, /dev/zero never end
            raise CommandError(f"cannot read {path}: not a regular file")
        if found.st_size > MAX_BYTES:
            raise CommandError(f"{path}: {found.st_size} bytes: files over {MAX_BYTES} bytes (5 MB) are refused")
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)  # the bound holds even if the file grew since stat
        if len(data) > MAX_BYTES:
            raise CommandError(f"{path}: files over {MAX_BYTES} bytes (5 MB) are refused")
    except OSError as error:
        raise CommandError(f"cannot read {path}: {error.strerror or error}") from None
    return formats.detect(path, data[:64]), data


def run(args: argparse.Namespace) -> int:
    """Read, fill, save; with ``--compare`` read the saved workbook back, score it with the
    engine and compare."""
    if args.list:
        reader, data = _read(args.file)
        if reader.name != formats.usebio.FORMAT.name:
            raise CommandError(f"--list: lists the events, sessions and sections of a USEBIO file; {args.file} is "
                               f"{reader.title}, one event")
        try:
            print("\n".join(formats.usebio.contents(data)))
        except ResultsFileError as error:
            raise CommandError(f"{args.file}: {error}") from None
        return EXIT_OK
    if args.out is None and not args.compare:
        raise CommandError("import needs --out EVENT.xlsx (or --list, or --compare alone)")
    target = None if args.out is None else files.refuse_existing(args.out, force=args.force)
    imported = load(args.file, **{name: getattr(args, name) for name in CHOICES})
    if target is None:
        if not isinstance(imported, Imported):
            raise CommandError(f"import needs --out EVENT.xlsx: --compare alone compares a pairs event; {args.file} "
                               "is not one")
        return compare_only(args, imported)
    if isinstance(imported, ImportedTeams):
        return run_teams(args, target, imported)
    if isinstance(imported, ImportedIndividual):
        return run_individual(args, target, imported)
    if isinstance(imported, ImportedSwissPairs):
        return run_swiss_pairs(args, target, imported)
    if imported.event.sections:
        imported = _sections_kept(args, imported)
    chosen = conventions.choose(args, imported)  # how the file's program scored, where it is not standard
    for note in chosen.notes():
        print(f"Note: {note}")
    event = dataclasses.replace(imported.event, options={**imported.event.options, **chosen.setup})
    try:
        book = carry_roster(PAIRS.fill(event, fit=True), event)  # the file's membership numbers kept
    except (OptionError, BridgeInputError) as error:  # the workbook's own limits (tables, boards)
        raise CommandError(f"{args.file}: {error}") from None
    files.save(book, target, force=args.force)
    print(f"Wrote {target}: {len(event.pairs)} pairs, {event.boards} boards, {len(event.results)} results, "
          f"{imported.scoring}")
    code, checked = compared(args, target, imported, compare)
    if checked is not None:
        for line in conventions.summary(imported, chosen, checked.event):
            print(line)
    return code


SECTIONS_NAME = "Sections"
"""The defined name a pairs.xlsx of several sections lists them under."""


def _sections_kept(args: argparse.Namespace, imported: Imported) -> Imported:
    """A sectioned file for writing: kept as its sections when a pairs.xlsx of sections holds
    them (a book filled with them lists them under :data:`SECTIONS_NAME`); otherwise (a
    file's sections named other than A, B ... in order) as one field when that scores the same
    (:func:`~xlbridge.formats.sections.as_one_field`: compared across the field, pairs
    numbered apart), said in a note; otherwise refused in one line saying why."""
    event = imported.event
    try:
        book = PAIRS.fill(event, fit=True)
    except (OptionError, BridgeInputError) as error:
        why = str(error)
    else:
        if SECTIONS_NAME in book.defined_names:
            return imported
        why = "this pairs.xlsx holds one section"
    flat = as_one_field(imported)
    if flat is None:
        raise CommandError(f"{args.file}: {len(event.sections)} sections ({', '.join(event.sections)}): {why}; "
                           "compare the file without writing it with --compare and no --out")
    print(f"Note: {why}: the file's {len(event.sections)} sections ({', '.join(event.sections)}) are written as "
          "one field, compared across it as the file's are (their pairs are numbered apart)")
    return flat


def compare_only(args: argparse.Namespace, imported: Imported) -> int:
    """``--compare`` with no ``--out``: the file's published figures beside xlbridge's engine
    scoring the event as read (with the conventions the file shows or the command gives),
    and nothing written. The workbook import would write scores the same (its formulas are
    tested against the engine), except for a convention its Setup cannot hold."""
    chosen = conventions.choose(args, imported)
    for note in chosen.notes():
        print(f"Note: {note}")
    event = imported.event
    sections = f", {len(event.sections)} sections" if event.sections else ""
    print(f"Read {args.file}: {len(event.pairs)} pairs{sections}, {event.boards} boards, {len(event.results)} results, "
          f"{imported.scoring} (nothing written)")
    for note in imported.notes:
        print(f"Note: {note}")
    lines, differences = compare(imported, conventions.scored(event, chosen.options))
    print("\n".join(lines))
    return EXIT_PROBLEMS if differences else EXIT_OK


def compared(args: argparse.Namespace, target: Path, imported: Imported | ImportedTeams | ImportedIndividual,
             how: Callable[..., tuple[list[str], int]]) -> tuple[int, Checked | None]:
    """After the workbook is written: the reader's notes, then the file's published figures
    compared with the workbook read back (``how``), and the exit status. They are always
    compared: an import that scores otherwise must never pass in silence. --compare shows
    every figure; without it, one line."""
    for note in imported.notes:
        print(f"Note: {note}")
    if not args.compare and not imported.published:
        return EXIT_OK, None
    filled = read(target)
    checked = without_problems(filled, target)
    if checked is None:
        return EXIT_PROBLEMS, None
    lines, differences = how(imported, filled.kind.score(checked.event))
    if args.compare:
        print("\n".join(lines))
    elif differences:
        print(f"{lines[-1]}: the workbook does not score as the file; see them with --compare")
    return (EXIT_PROBLEMS if differences else EXIT_OK), checked


def compare(imported: Imported, scored: PairsReport) -> tuple[list[str], int]:
    """One line per pair: the file's figure, the workbook's, and whether they differ (within
    the file's printed rounding); then a summary. Returns the lines and the differences."""
    imps = scored.imps
    ours = {pair: total.imps if imps else total.percent for pair, total in scored.scored.pairs.items()}
    if imported.handicapped and scored.handicapped:  # the file published the handicapped percentages
        ours = {line.pair: line.percent for line in scored.handicapped}
        return side_by_side("Pair", "% hcp", imported.published, ours)
    return side_by_side("Pair", "IMPs" if imps else "%", imported.published, ours)


def side_by_side(who: str, what: str, published: Mapping[int, Published] | Mapping[tuple[str, int], Published],
                 ours: Mapping[int, float | None] | Mapping[tuple[str, int], float | None]) -> tuple[list[str], int]:
    """Each entrant's published figure beside the workbook's, a difference beyond the file's
    printed rounding marked, then a summary line; and the number of differences. An entrant
    is its number, or ``(section, number)`` in a sectioned event (shown ``A 3``)."""
    width = max(4, len(who), *(len(_who(key)) for key in published))
    lines = [f"{who:>{width}}  {'file ' + what:>10}  {'workbook ' + what:>14}"]
    differences = 0
    for number in sorted(set(published) | set(ours)):
        figure, mine = published.get(number), ours.get(number)
        mark = ""
        if figure is None or mine is None:
            mark = "  (not in the file)" if figure is None else "  DIFFERENT: not scored by the workbook"
            differences += figure is not None
        elif conventions.differs(figure, mine):
            mark = f"  DIFFERENT by {mine - figure.number:+.2f}"
            differences += 1
        shown = "-" if mine is None else f"{mine:.2f}"
        lines.append(f"{_who(number):>{width}}  {figure.value if figure else '-':>10}  {shown:>14}{mark}")
    count = len(published)
    lines.append(f"{differences} difference{'s' if differences != 1 else ''} "
                 f"({count} published figure{'s' if count != 1 else ''} compared)")
    return lines, differences


def _who(key: int | tuple[str, int]) -> str:
    """An entrant as the comparison shows it: ``3``, or ``A 3`` in a sectioned event.

    >>> _who(3), _who(("B", 12))
    ('3', 'B 12')
    """
    return pair_label(*key) if isinstance(key, tuple) else str(key)


# --- team matches and team events ----------------------------------------------------------


def run_teams(args: argparse.Namespace, target: Path, imported: ImportedTeams) -> int:
    """A team match into teams.xlsx, a team event into teams-event.xlsx; then, as for a
    pairs event, the saved book read back, scored and compared with the file's figures."""
    event = imported.event
    kind = TEAMS if isinstance(event, TeamMatch) else TEAM_EVENT
    for convention in conventions.CONVENTIONS:  # each scores a pairs event: refused before anything is written
        if getattr(args, convention.flag.replace("-", "_"), None) not in (None, False):
            raise CommandError(f"--{convention.flag}: scores a pairs event; {args.file} is a {kind.title}")
    try:
        book = kind.fill(event, fit=True)
    except (OptionError, BridgeInputError) as error:  # the workbook's own limits (boards, teams, rounds)
        raise CommandError(f"{args.file}: {error}") from None
    files.save(book, target, force=args.force)
    if isinstance(event, TeamMatch):
        count = len(event.boards)
        said = f"team match, {event.home or 'home'} v {event.away or 'away'}, {count} board{'s' if count != 1 else ''}"
    else:
        matches = {(b.round, b.home, b.away) for b in event.boards}
        said = (f"team event, {len(event.teams)} teams, {len(matches)} matches in {event.rounds} rounds, "
                f"{len(event.boards)} boards")
    print(f"Wrote {target}: {said}, {imported.scoring}")
    return compared(args, target, imported, compare_teams)[0]


def team_figures(report: TeamsReport | TeamEventReport) -> dict[tuple[object, ...], float]:
    """Every figure a team file may publish, as the workbook's scoring gives it, by the
    key :class:`~xlbridge.formats.results.Figure` names it by."""
    if isinstance(report, TeamsReport):
        figures: dict[tuple[object, ...], float] = {("board", b.board): b.imps for b in report.boards}
        figures.update({("imps", "home"): report.imps_home, ("imps", "away"): report.imps_away,
                        ("vp", "home"): report.vp_home, ("vp", "away"): report.vp_away})
        return figures
    figures = {}
    for board in report.event.boards:  # each board's IMPs: the board scored as a match of one
        one = score_teams(TeamMatch("", "", "", "", (TeamBoard(board.board, board.open, board.closed),)))
        figures[("board", board.round, board.home, board.away, board.board)] = one.boards[0].imps
    for match in report.matches:
        key = (match.round, match.home, match.away)
        figures.update({("match", *key, "imps_home"): match.imps_home, ("match", *key, "imps_away"): match.imps_away,
                        ("match", *key, "vp_home"): match.vp_home, ("match", *key, "vp_away"): match.vp_away})
    figures.update({("team", standing.team): standing.vp for standing in report.standings()})
    return figures


def compare_teams(imported: ImportedTeams, scored: TeamsReport | TeamEventReport) -> tuple[list[str], int]:
    """One line per published figure: what it is, the file's value, the workbook's, and
    whether they differ (within the file's printed rounding); then the same summary line
    as a pairs event's. Returns the lines and the differences."""
    return _compare_figures(imported, team_figures(scored))


def _compare_figures(imported: ImportedTeams | ImportedSwissPairs,
                     ours: dict[tuple[object, ...], float]) -> tuple[list[str], int]:
    """Each published figure beside the workbook's (``ours``, by the figure's key)."""
    width = max([len(figure.what) for figure in imported.published] + [6])
    lines = [f"{'Figure':<{width}}  {'file':>8}  {'workbook':>8}"]
    differences = 0
    for figure in imported.published:
        value = ours.get(figure.key)
        mark = ""
        if value is None:
            mark, differences = "  DIFFERENT: not in the workbook", differences + 1
        elif abs(figure.number - value) > figure.tolerance + 1e-9:
            mark, differences = f"  DIFFERENT by {value - figure.number:+.2f}", differences + 1
        shown = "-" if value is None else (f"{value:.2f}" if isinstance(value, float) else str(value))
        lines.append(f"{figure.what:<{width}}  {figure.value:>8}  {shown:>8}{mark}")
    compared = len(imported.published)
    lines.append(f"{differences} difference{'s' if differences != 1 else ''} "
                 f"({compared} published figure{'s' if compared != 1 else ''} compared)")
    return lines, differences


# --- individuals -------------------------------------------------------------------------


def _refuse_conventions(args: argparse.Namespace, title: str) -> None:
    """The conventions each score a pairs event: refused before anything is written."""
    for convention in conventions.CONVENTIONS:
        if getattr(args, convention.flag.replace("-", "_"), None) not in (None, False):
            raise CommandError(f"--{convention.flag}: scores a pairs event; {args.file} is {title}")


def run_individual(args: argparse.Namespace, target: Path, imported: ImportedIndividual) -> int:
    """An individual into individual.xlsx (the file's own movement when it gives each
    result's round and table); then, as for a pairs event, the saved book read back,
    scored and each player's percentage compared with the file's."""
    _refuse_conventions(args, "an individual")
    event = imported.event
    try:
        book = INDIVIDUAL.fill(event, fit=True)
    except (OptionError, BridgeInputError) as error:  # the workbook's own limits (players, boards)
        raise CommandError(f"{args.file}: {error}") from None
    files.save(book, target, force=args.force)
    playing = {p for r in event.results for p in r.seats if p is not None}
    boards = len({r.board for r in event.results})
    print(f"Wrote {target}: individual, {len(playing)} players, {boards} boards, {len(event.results)} results, "
          f"{imported.scoring.split(', ', 1)[1]}")
    return compared(args, target, imported, compare_individual)[0]


def compare_individual(imported: ImportedIndividual, scored: IndividualReport) -> tuple[list[str], int]:
    """One line per player: the file's percentage, the workbook's, and whether they differ
    (within the file's printed rounding); then the summary line a pairs event has."""
    ours = {player: total.percent for player, total in scored.scored.players.items()}
    return side_by_side("Player", "%", imported.published, ours)


# --- Swiss pairs -------------------------------------------------------------------------


def run_swiss_pairs(args: argparse.Namespace, target: Path, imported: ImportedSwissPairs) -> int:
    """A Swiss pairs event into swiss-pairs.xlsx; then, as for a team event, the saved book
    read back, scored and every published figure (each table's IMPs on the field, each
    match's VPs, each pair's total) compared."""
    _refuse_conventions(args, "a Swiss pairs event")
    event = imported.event
    try:
        book = SWISS_PAIRS.fill(event, fit=True)
    except (OptionError, BridgeInputError) as error:  # the workbook's own limits (pairs, rounds, boards)
        raise CommandError(f"{args.file}: {error}") from None
    files.save(book, target, force=args.force)
    matches = {(b.round, b.ns, b.ew) for b in event.boards}
    print(f"Wrote {target}: {len(event.pairs)} pairs, {len(matches)} matches in {event.rounds} rounds, "
          f"{len(event.boards)} results, {imported.scoring}")
    return compared(args, target, imported, lambda found, scored: _compare_figures(found, swiss_figures(scored)))[0]
