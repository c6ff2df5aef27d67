"""The template kinds, listed once: everything that needs to know the templates iterates
:data:`KINDS`, so adding a template is adding its module and its row here.

A row has the template's name (its module in this package, with ``_`` for ``-``, and its
file, ``pairs.xlsx``),
the words for it, the defined names that identify a filled book as one, the inputs a
director types, and the hooks of ``xlbridge check`` and ``xlbridge report``: functions of
:mod:`xlbridge.director.hooks`, named here and looked up when used, since the director's
layer sits above this one.

    >>> [kind.name for kind in KINDS]
    ['traveller', 'pairs', 'teams', 'teams-event', 'rubber', 'chicago', 'pivot']
    >>> detect({"Board", "NS", "EW", "Contract", "Declarer", "Tricks", "RankPair"}).title
    'pairs event'
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass

_HOOKS = "xlbridge.director.hooks"


@dataclass(frozen=True)
class Kind:
    """One template: name, title, signature names, inputs, and its check and report hooks."""

    name: str
    title: str
    signature: frozenset[str]
    inputs: tuple[str, ...]
    check: str
    report: str | None = None

    def hook(self, which: str) -> Callable[..., object]:
        """The ``check`` or ``report`` function of this kind."""
        name = getattr(self, which)
        if name is None:
            raise LookupError(f"{self.name}: no {which}")
        return getattr(importlib.import_module(_HOOKS), name)


_RESULTS = ("Contract", "Declarer", "Tricks")
_ROOMS = ("OpenContract", "OpenDeclarer", "OpenTricks", "ClosedContract", "ClosedDeclarer", "ClosedTricks")

KINDS: tuple[Kind, ...] = (
    Kind("traveller", "traveller", frozenset({"Board", "NS", "EW", *_RESULTS}),
         ("Board", "NS", "EW", *_RESULTS), "check_traveller", "report_traveller"),
    Kind("pairs", "pairs event", frozenset({"Board", "NS", "EW", *_RESULTS, "RankPair"}),
         ("Board", "NS", "EW", *_RESULTS), "check_pairs", "report_pairs"),
    Kind("teams", "team match", frozenset({"Board", *_ROOMS}), ("Board", *_ROOMS), "check_teams", "report_teams"),
    Kind("teams-event", "team event",
         frozenset({"MatchRound", "MatchHome", "MatchAway", "Board", *_ROOMS}),
         ("MatchRound", "MatchHome", "MatchAway", "Board", *_ROOMS), "check_teams_event", "report_teams_event"),
    Kind("rubber", "rubber score sheet", frozenset({*_RESULTS, "Honours"}), (*_RESULTS, "Honours"),
         "check_rubber"),
    Kind("chicago", "Chicago score sheet", frozenset({*_RESULTS, "HCP", "Fit"}),
         (*_RESULTS, "HCP", "Fit", "ChicagoCycle"), "check_chicago"),
    Kind("pivot", "pivot sheet", frozenset({"Player", "PlayerNet"}), ("PlayerCount", "RoundNS", "RoundEW"),
         "check_pivot"),
)

TEMPLATES: tuple[str, ...] = tuple(kind.name for kind in KINDS)


def kind(name: str) -> Kind:
    """The row of template ``name``; a KeyError names the choices."""
    for row in KINDS:
        if row.name == name:
            return row
    raise KeyError(f"template {name!r}: must be one of {', '.join(TEMPLATES)}")


def detect(names: Iterable[str]) -> Kind | None:
    """The kind a filled book with these defined names is: the one whose signature is
    there and largest (a pairs event also has a traveller's names), or None."""
    present = set(names)
    found = [row for row in KINDS if row.signature <= present]
    return max(found, key=lambda row: len(row.signature)) if found else None
