"""A club's player register: each :class:`Player` once, by number, with lookups
(:class:`Register`), read from rows that are checked one by one (:func:`register`).

    >>> found = register([(2, 12, "Ann Smith", "EBU 1234", "Oakfield", None),
    ...                   (3, 31, " Bob  Jones ", "", "", 4.5)])
    >>> found.problems, found.register.number(31).name, found.register.named("ann smith").number
    ((), 'Bob Jones', 12)

A bad row is named by its row (the template's row, or the caller's line):

    >>> register([(2, 12, "Ann", "", "", None), (3, 12, "Bob", "", "", None), (4, 7, "  ", "", "", None)]).problems
    (RowProblem(row=3, field='number', message='player number 12 is already on row 2'), \
RowProblem(row=4, field='name', message='player 7: the name is blank'))
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from .errors import BridgeInputError, describe
from .season import SeasonRule

MAX_NUMBER = 99_999_999
"""The largest player number: a federation's membership numbers run to eight digits."""
MEMBERSHIP_LENGTH = 30
"""The longest membership number (or club identifier) kept: text, cut to this length."""


@dataclass(frozen=True, slots=True)
class Player:
    """One player: the club's number for them, the name, the federation's membership
    number (text: some start with letters or a 0), the home club and a handicap (a
    percentage, None when the club keeps none)."""

    number: int
    name: str
    membership: str = ""
    club: str = ""
    handicap: float | None = None


@dataclass(frozen=True, slots=True)
class RowProblem:
    """What is wrong with one row: its row, the field (``number``, ``name``, ``handicap``)
    and one line saying why."""

    row: int
    field: str
    message: str

    def __str__(self) -> str:
        return f"row {self.row}: {self.message}"


@dataclass(frozen=True)
class Register:
    """The players by number, with lookups by number, name (case and spacing ignored) and
    membership number."""

    players: tuple[Player, ...] = ()
    _by_number: Mapping[int, Player] = field(default_factory=dict, repr=False, compare=False)
    _by_name: Mapping[str, Player] = field(default_factory=dict, repr=False, compare=False)

    @classmethod
    def of(cls, players: Iterable[Player]) -> Register:
        """A register of ``players``; the first of a name wins its name lookup."""
        players = tuple(players)
        by_name: dict[str, Player] = {}
        for player in players:
            by_name.setdefault(name_key(player.name), player)
        return cls(players, {p.number: p for p in players}, by_name)

    def __len__(self) -> int:
        return len(self.players)

    def __contains__(self, number: object) -> bool:
        return number in self._by_number

    def number(self, number: int) -> Player:
        """The player numbered ``number``; a :class:`BridgeInputError` when none is."""
        try:
            return self._by_number[number]
        except KeyError:
            raise BridgeInputError(f"player number {number}: not in the register") from None

    def named(self, name: str) -> Player | None:
        """The player called ``name`` (case and spacing ignored), or None."""
        return self._by_name.get(name_key(name))

    def member(self, membership: str) -> Player | None:
        """The player with federation membership number ``membership``, or None."""
        wanted = membership.strip().casefold()
        return next((p for p in self.players if wanted and p.membership.casefold() == wanted), None)

    def find(self, text: str) -> Player | None:
        """The player a cell names: by number when it is one, else by name; None when
        the register has no such player.

        >>> Register.of([Player(7, "Ann")]).find(" 7 "), Register.of([Player(7, "Ann")]).find("ANN").number
        (Player(number=7, name='Ann', membership='', club='', handicap=None), 7)
        """
        text = " ".join(text.split())
        if text.isdigit():
            return self._by_number.get(int(text))
        return self.named(text)


def name_key(name: str) -> str:
    """A name as lookups compare it: case and spacing ignored.

    >>> name_key("  Ann   SMITH ")
    'ann smith'
    """
    return " ".join(name.split()).casefold()


def membership_text(value: object) -> str:
    """A membership number as text: a number a sheet stored as 1234.0 is ``1234``.

    >>> membership_text(1234.0), membership_text(" EBU 0012 "), membership_text(None)
    ('1234', 'EBU 0012', '')
    """
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return " ".join(str(value).split())


def player_number(value: object) -> int:
    """A player number: a whole number 1-99,999,999.

    >>> player_number(12.0), player_number(" 31 ")
    (12, 31)
    >>> player_number("x")
    Traceback (most recent call last):
    ...
    xlbridge.engine.errors.BridgeInputError: player number "x": must be a whole number 1-99999999
    """
    number: object = value
    if isinstance(value, str) and value.strip().isdigit():
        number = int(value.strip())
    if isinstance(number, float) and number.is_integer():
        number = int(number)
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_NUMBER:
        raise BridgeInputError(f"player number {describe(value)}: must be a whole number 1-{MAX_NUMBER}")
    return number


def handicap(value: object) -> float | None:
    """A handicap: blank, or a number of percentage points from -50 to 50.

    >>> handicap(None), handicap("2.5"), handicap(-3)
    (None, 2.5, -3.0)
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    try:
        number = float(value) if not isinstance(value, bool) else math.nan
    except (TypeError, ValueError):
        number = math.nan
    if not -50 <= number <= 50:
        raise BridgeInputError(f"handicap {describe(value)}: must be a number from -50 to 50 (percentage points), "
                               "or blank")
    return number


@dataclass(frozen=True)
class Found:
    """A register read from rows, and what was wrong with the rows left out."""

    register: Register
    problems: tuple[RowProblem, ...]


def register(rows: Iterable[tuple[int, object, object, object, object, object]]) -> Found:
    """The register from rows of (row, number, name, membership, club, handicap); a blank
    row (no number, no name) is skipped. A row with a bad number, a blank name, a number
    already used or a bad handicap is left out and named by its row."""
    players: list[Player] = []
    problems: list[RowProblem] = []
    seen: dict[int, int] = {}
    for row, number, name, membership, club, hcp in rows:
        text = "" if name is None else " ".join(str(name).split())
        if (number is None or str(number).strip() == "") and not text:
            continue
        try:
            value = player_number(number)
        except BridgeInputError as error:
            problems.append(RowProblem(row, "number", str(error)))
            continue
        if value in seen:
            problems.append(RowProblem(row, "number", f"player number {value} is already on row {seen[value]}"))
            continue
        seen[value] = row
        if not text:
            problems.append(RowProblem(row, "name", f"player {value}: the name is blank"))
            continue
        try:
            player_hcp = handicap(hcp)
        except BridgeInputError as error:
            problems.append(RowProblem(row, "handicap", str(error)))
            continue
        players.append(Player(value, text, membership_text(membership),
                              "" if club is None else " ".join(str(club).split()), player_hcp))
    return Found(Register.of(players), tuple(problems))


@dataclass(frozen=True, slots=True)
class Club:
    """The club as a federation knows it: its name and its identifier there (text: the
    federation's club number, e.g. USEBIO's ``CLUB_ID_NUMBER``); either may be blank."""

    name: str = ""
    number: str = ""


NO_CLUB = Club()
"""No club named: the default where a club is optional."""


@dataclass(frozen=True)
class Roster:
    """Who played a session, as a federation counts them: the club, and each pair's players
    by pair number, or by ``(section, number)`` in a sectioned event (with their membership
    numbers); and the club's season rule when one was
    given, whose scale gives each place its points. A player read from another program's
    file, with no number of the club's, has number 0."""

    club: Club = NO_CLUB
    pairs: Mapping[int | tuple[str, int], tuple[Player, ...]] = field(default_factory=dict)
    rule: SeasonRule | None = None

    def membership(self, pair: int | tuple[str, int]) -> tuple[str, ...]:
        """The membership numbers of a pair's players, in order (blank where unknown).

        >>> Roster(pairs={3: (Player(12, "Ann", "EBU 1"), Player(31, "Bob"))}).membership(3)
        ('EBU 1', '')
        """
        return tuple(player.membership for player in self.pairs.get(pair, ()))


def pair_players(names: str, players: Register) -> tuple[tuple[str, Player | None], ...]:
    """A pair's names (or player numbers) as its players: each part as typed, with the
    register's player, or None when the register has none. A part with no letter or digit
    (``+``: another program's unknown substitute) is no player.

    >>> register_ = Register.of([Player(12, "Ann Smith"), Player(31, "Bob Jones")])
    >>> [(part, p and p.number) for part, p in pair_players("12-31", register_)]
    [('12', 12), ('31', 31)]
    >>> [(part, p and p.number) for part, p in pair_players("bob jones & Zed", register_)]
    [('bob jones', 31), ('Zed', None)]
    """
    return tuple((part, players.find(part)) for part in split_names(names) if any(ch.isalnum() for ch in part))


def split_names(names: str) -> tuple[str, str]:
    """A pair's names as its two players (the second blank when they cannot be told).

    >>> split_names("Ann Smith & Bob Jones"), split_names("Smith - Jones"), split_names("12 31")
    (('Ann Smith', 'Bob Jones'), ('Smith', 'Jones'), ('12', '31'))
    >>> split_names("Virtanen–Nieminen"), split_names("Pair 3")
    (('Virtanen', 'Nieminen'), ('Pair 3', ''))
    """
    text = " ".join(names.split())
    if re.fullmatch(r"\d+ \d+", text):
        first, second = text.split()
        return first, second
    parts = [p.strip() for p in re.split(r"\s*(?:&|/|\+|–|—| and | - )\s*", text) if p.strip()]
    if len(parts) != 2 and "-" in text:
        parts = [p.strip() for p in text.split("-") if p.strip()]
    if len(parts) == 2:
        return parts[0], parts[1]
    return text, ""
