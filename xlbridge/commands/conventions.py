"""The conventions other programs score a pairs event by, where they are not xlbridge's
standard way (docs/rules.md §7), as ``xlbridge import`` options named after what they do:
``--no-neuberg``, ``--missing-as-ties``, ``--round-mp 0.1``, ``--scale-to-boards 24``,
``--adjusted-imps-per-comparison 1.5``, ``--imps-per-board``.

Each is a keyword of :func:`xlbridge.engine.pairs_event`. Import takes one from the
command line, or finds it itself: when the file's published figures differ from the
standard scoring and one convention (or two together) reproduces every one of them, that
is how the file was scored, and import says so in one line. Each is a choice on pairs.xlsx's
Setup, and goes into the workbook, which then scores as the file did; one the workbook cannot
hold (a matchpoint rounding to a step that is not a power of ten, 0.5) is said in one line,
and the workbook scores the standard way (its figures then differ from the file's, and
import exits 1).
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from ..engine import Scoring, XlbridgeError
from ..event import PairsEvent, PairsReport, score_pairs
from ..formats.results import Imported, Published
from ..kinds.pairs import setup_holds
from . import CommandError


@dataclass(frozen=True)
class Convention:
    """One way of scoring: its import option (``flag``), what it does (``words``, with
    ``{}`` for its value), the scorings it applies to, the engine keywords it sets from its
    value, and the value tried when import looks for it (a function of the event, giving one
    value or a tuple of them tried in order; None for a switch, whose value is True)."""

    flag: str
    words: str
    scorings: frozenset[Scoring]
    keywords: Callable[[object], dict[str, object]]
    metavar: str | None = None
    guess: Callable[[PairsEvent], object] | None = None

    def said(self, value: object) -> str:
        """What it does, with its value, and its option.

        >>> CONVENTIONS[2].said("0.1")
        "each board's matchpoints rounded to 0.1 (--round-mp 0.1)"
        """
        option = f"--{self.flag}" if self.metavar is None else f"--{self.flag} {value}"
        return f"{self.words.format(value)} ({option})"


_MP = frozenset({Scoring.MP})
_ALL = frozenset(Scoring)

CONVENTIONS: tuple[Convention, ...] = (
    Convention("no-neuberg", "matchpoints over each board's own top, not Neuberg-factored", _MP,
               lambda value: {"neuberg": False}),
    Convention("missing-as-ties", "each result a board lacks counted as a tie, not Neuberg-factored", _MP,
               lambda value: {"missing_as_ties": True}),
    # Magic Contest (France) rounds to 0.1; EBUScore prints each line's matchpoints to 0.01
    # and its percentages are the sums of those printed figures.
    Convention("round-mp", "each board's matchpoints rounded to {}", _MP,
               lambda value: {"round_mp": value}, "STEP", lambda event: ("0.1", "0.01")),
    Convention("scale-to-boards", "each pair's total scaled to {} boards (its average on boards it sat out)",
               _ALL, lambda value: {"scale_to_boards": value}, "N",
               lambda event: len({result.board for result in event.results})),
    Convention("adjusted-imps-per-comparison", "an adjusted score {} IMPs a comparison",
               frozenset({Scoring.CROSS_IMPS}), lambda value: {"adjusted_per_comparison": value}, "IMPS",
               lambda event: "1.5"),
    # PBN 2.1 §3.4.12: Cross2 is "the value of 'Cross', divided by number of comparisons". Ruter
    # divides a pair's whole total by all its comparisons; with every board played as often, that
    # is its averaged cross-IMPs over the boards it played: its total scaled to one board.
    Convention("imps-per-board", "each pair's averaged cross-IMPs a board (its total over all its comparisons)",
               frozenset({Scoring.CROSS_IMPS}), lambda value: {"scale_to_boards": 1}),
)
"""Every convention import knows, in the order it tries them."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The import options, one a convention."""
    for convention in CONVENTIONS:
        words = convention.words.format(convention.metavar)
        if convention.metavar is None:
            parser.add_argument(f"--{convention.flag}", action="store_true", help=f"score {words}")
        else:
            parser.add_argument(f"--{convention.flag}", metavar=convention.metavar, help=f"score {words}")


@dataclass(frozen=True)
class Chosen:
    """The conventions an import scores by: each with its value, and whether import found
    it from the file's figures (else the command line gave it)."""

    conventions: tuple[tuple[Convention, object], ...] = ()
    found: bool = False

    @property
    def options(self) -> dict[str, object]:
        """Their pairs_event keywords."""
        return {key: value for convention, given in self.conventions
                for key, value in convention.keywords(given).items()}

    @property
    def setup(self) -> dict[str, object]:
        """The keywords pairs.xlsx's Setup holds."""
        return {key: value for key, value in self.options.items() if setup_holds(key, value)}

    @property
    def engine_only(self) -> dict[str, object]:
        """The keywords pairs.xlsx cannot compute."""
        return {key: value for key, value in self.options.items() if not setup_holds(key, value)}

    def words(self) -> str:
        """What they do, joined."""
        return "; ".join(convention.said(value) for convention, value in self.conventions)

    def notes(self) -> list[str]:
        """The lines import prints before it writes: how the event is scored, and what
        the workbook cannot do."""
        if not self.conventions:
            return []
        lines = [("scored as the file's figures show: " if self.found else "scored ") + self.words()]
        if self.engine_only:
            lines.append("pairs.xlsx cannot score " + "; ".join(
                convention.words.format(value) for convention, value in self.conventions
                if not all(setup_holds(key, given) for key, given in convention.keywords(value).items()))
                + ": the workbook scores the standard way, and its figures differ from the file's")
        return lines


def choose(args: argparse.Namespace, imported: Imported) -> Chosen:
    """The conventions given on the command line; when none is, those the file's published
    figures show (none when the standard way reproduces them, or nothing known does)."""
    how = imported.scoring
    given = []
    for convention in CONVENTIONS:
        value = getattr(args, convention.flag.replace("-", "_"), None)
        if value in (None, False):
            continue
        if how not in convention.scorings:
            raise CommandError(f"--{convention.flag}: only for {', '.join(sorted(map(str, convention.scorings)))} "
                               f"scoring; {args.file} is scored {how}")
        given.append((convention, True if convention.metavar is None else value))
    for convention, value in given:
        try:
            scored(imported.event, convention.keywords(value))
        except XlbridgeError as error:
            raise CommandError(f"--{convention.flag}: {error}") from None
    return Chosen(tuple(given)) if given else found(imported)


def found(imported: Imported) -> Chosen:
    """The convention, or two, that reproduce every published figure where the standard way
    does not; none otherwise.

    A file with fewer than two published figures shows nothing."""
    event = imported.event
    if len(imported.published) < 2 or not differences(imported.published, scored(event, {})):
        return Chosen()
    candidates = [(convention, value) for convention in CONVENTIONS if imported.scoring in convention.scorings
                  for value in _guesses(convention, event)]
    for size in (1, 2):
        for combination in combinations(candidates, size):
            if len({convention.flag for convention, _value in combination}) < size:
                continue  # one convention with two of its values
            chosen = Chosen(combination, found=True)
            try:
                report = scored(event, chosen.options)
            except XlbridgeError:  # a convention that does not fit this event
                continue
            if not differences(imported.published, report):
                return chosen
    return Chosen()


def _guesses(convention: Convention, event: PairsEvent) -> tuple[object, ...]:
    """The values import tries for a convention, in order: its guess (one value, or a tuple
    of them), or True for a switch.

    >>> _guesses(CONVENTIONS[2], None), _guesses(CONVENTIONS[0], None)
    (('0.1', '0.01'), (True,))
    """
    if convention.guess is None:
        return (True,)
    value = convention.guess(event)
    return value if isinstance(value, tuple) else (value,)


def scored(event: PairsEvent, options: Mapping[str, object]) -> PairsReport:
    """The event scored with ``options`` added to its own."""
    return score_pairs(dataclasses.replace(event, options={**event.options, **options}))


def differs(published: Published, ours: float | None) -> bool:
    """Whether xlbridge's figure is not the file's, within the file's printed precision.

    >>> differs(Published(1, "58.33"), 58.3333), differs(Published(1, "58.33"), 58.34), differs(Published(1, "1"), None)
    (False, True, True)
    """
    return ours is None or abs(published.number - ours) > published.tolerance + 1e-9


def differences(published: Mapping[int, Published], report: PairsReport) -> list[int]:
    """The pairs whose published figure xlbridge's scoring does not reproduce."""
    imps = report.scored.scoring.imps
    pairs = report.scored.pairs
    return [pair for pair, figure in published.items()
            if differs(figure, None if pair not in pairs else (pairs[pair].imps if imps else pairs[pair].percent))]


def summary(imported: Imported, chosen: Chosen, workbook: PairsEvent) -> Sequence[str]:
    """After the workbook's comparison, when it scores the standard way where the file did
    not: one line comparing the file with xlbridge scoring as the file does."""
    if not chosen.engine_only or not imported.published:
        return ()
    missed = differences(imported.published, scored(workbook, chosen.engine_only))
    compared = len(imported.published)
    return (f"{len(missed)} difference{'s' if len(missed) != 1 else ''} scoring as the file does, "
            f"{chosen.words()} ({compared} published figure{'s' if compared != 1 else ''} compared)",)
