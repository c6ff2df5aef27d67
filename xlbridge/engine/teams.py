"""Team events: the round-robin schedule, the Swiss draw, and the VP standings
(docs/rules.md §8 and §13).

Teams are numbers 1, 2, 3 ... (a sequence of any team numbers will do); a bye is
``None`` in a pairing. Each match is IMPs per board, the margin converted to VPs on
the WBF 20-VP scale (:func:`~xlbridge.engine.vp`); a bye scores ``bye_vp`` (12 by
default, the common club figure).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .errors import BridgeInputError, describe
from .matchpoints import place_labels
from .numeric import column_of, real_number, whole_number
from .vp import vp

Pairing = tuple[int, int | None]
"""A match of one round: (home, away), or (team, None) for a team's bye."""


def _teams(teams: object) -> list[int]:
    """Team numbers from a count (``6``: teams 1-6) or a sequence of distinct numbers."""
    if isinstance(teams, int | float | str) and not isinstance(teams, bool):
        count = whole_number(teams, "teams", 2, 200)
        return list(range(1, count + 1))
    numbers = [whole_number(t, "team", 1) for t in column_of(teams, "teams")]
    twice = [t for t, n in Counter(numbers).items() if n > 1]
    if twice:
        raise BridgeInputError(f"team {twice[0]}: listed twice")
    if len(numbers) < 2:
        raise BridgeInputError(f"teams {describe(teams)}: an event needs two teams or more")
    return numbers


def round_robin(teams: object) -> list[list[Pairing]]:
    """Every team meets every other once: a list of rounds, each a list of (home, away),
    and with an odd number of teams one (team, None) bye a round. Each team plays at
    home in half its matches, within one.

    >>> round_robin(4)
    [[(4, 1), (2, 3)], [(2, 4), (3, 1)], [(4, 3), (1, 2)]]
    >>> [len(r) for r in round_robin(5)], round_robin(5)[0][-1]
    ([3, 3, 3, 3, 3], (1, None))
    """
    numbers = _teams(teams)
    circle: list[int | None] = list(numbers) + ([None] if len(numbers) % 2 else [])
    size = len(circle)
    fixed, others = circle[-1], circle[:-1]
    rounds: list[list[Pairing]] = []
    for r in range(size - 1):
        spin = others[r:] + others[:r]
        pairs = [(fixed, spin[0])] + [(spin[i], spin[-i]) for i in range(1, size // 2)]
        matches: list[Pairing] = []
        for i, (a, b) in enumerate(pairs):
            if a is None or b is None:
                matches.append((a if b is None else b, None))
            # Berger's orientation: the fixed team alternates home and away round by
            # round, the others by their place on the circle, so that every team is at
            # home in half its matches, within one.
            elif (r % 2 == 0) if i == 0 else (i % 2 == 1):
                matches.append((a, b))
            else:
                matches.append((b, a))
        byes = [m for m in matches if m[1] is None]
        rounds.append([m for m in matches if m[1] is not None] + byes)
    return rounds


def swiss_draw(standings: object, played: object = (), *, round: object = None) -> list[Pairing]:
    """The next Swiss round: ``standings`` are the teams best first, ``played`` the
    matches so far as (home, away) pairs, a bye as (team, None).

    Teams meet the nearest team below them in the standings that they have not met
    (searched top down, backtracking when the rest cannot be paired); a rematch comes
    only when no draw avoids every one. With an odd number of teams the bye goes to the
    lowest team without one. The team with fewer home matches so far is home (the
    higher placed on a tie). The same input always gives the same draw; ``round`` is
    only checked (a whole number, 1 or more) and said in errors.

    >>> swiss_draw([3, 1, 4, 2], [(1, 2), (3, 4)], round=2)
    [(3, 1), (4, 2)]
    """
    order = _teams(standings)
    number = None if round is None or round == "" else whole_number(round, "round", 1)
    met: dict[int, set[int]] = defaultdict(set)
    homes: Counter[int] = Counter()
    byes: set[int] = set()
    for match in column_of(played, "played"):
        home, away = _played_match(match, order)
        if away is None:
            byes.add(home)
            continue
        met[home].add(away)
        met[away].add(home)
        homes[home] += 1
    pool = list(order)
    draw: list[Pairing] = []
    if len(pool) % 2:
        candidates = [t for t in reversed(pool) if t not in byes] or list(reversed(pool))
        for bye in candidates:  # the lowest without a bye whose absence still pairs cleanly
            rest = [t for t in pool if t != bye]
            if _pair(rest, met, rematches=False) is not None:
                break
        else:
            bye = candidates[0]
        pool = [t for t in pool if t != bye]
        draw_bye: list[Pairing] = [(bye, None)]
    else:
        draw_bye = []
    pairs = _pair(pool, met, rematches=False) or _pair(pool, met, rematches=True)
    if pairs is None:  # pragma: no cover - with rematches allowed any even pool pairs
        raise BridgeInputError(f"round {number}: no draw found")
    for a, b in pairs:
        home, away = (b, a) if homes[b] < homes[a] else (a, b)
        draw.append((home, away))
    return draw + draw_bye


def _played_match(match: object, teams: list[int]) -> Pairing:
    if isinstance(match, str | bytes) or not isinstance(match, Sequence) or len(match) != 2:
        raise BridgeInputError(f"match {describe(match)}: must be (home, away), or (team, None) for a bye")
    home = whole_number(match[0], "team", 1)
    away = None if match[1] is None or match[1] == "" else whole_number(match[1], "team", 1)
    for team in (home, away):
        if team is not None and team not in teams:
            raise BridgeInputError(f"match {describe(tuple(match))}: team {team} is not in the standings")
    if home == away:
        raise BridgeInputError(f"match {describe(tuple(match))}: a team cannot meet itself")
    return home, away


def _pair(pool: list[int], met: Mapping[int, set[int]], *, rematches: bool) -> list[tuple[int, int]] | None:
    """Pair ``pool`` (in standings order) top down, each with the nearest allowed team
    below it; None when no pairing exists (without rematches)."""
    if not pool:
        return []
    first, rest = pool[0], pool[1:]
    options = [t for t in rest if t not in met[first]]
    if rematches:  # still the nearest first, but rematches after every fresh opponent
        options += [t for t in rest if t in met[first]]
    for other in options:
        tail = _pair([t for t in rest if t != other], met, rematches=rematches)
        if tail is not None:
            return [(first, other), *tail]
    return None


@dataclass(frozen=True, slots=True)
class TeamStanding:
    """A team's line: matches played (byes included), VPs, IMPs won and lost, the IMP
    quotient (won / lost), and its place (``2-3`` when tied after the tie-breaks)."""

    team: int
    matches: int
    vp: float
    imps_for: float
    imps_against: float
    place: str

    @property
    def quotient(self) -> float:
        """IMPs won over IMPs lost (infinite when none were lost)."""
        return self.imps_for / self.imps_against if self.imps_against else float("inf")


def team_standings(matches: Iterable[Sequence[object]], *, bye_vp: object = 12) -> list[TeamStanding]:
    """The standings from the matches played, best first: each match is (home, away,
    home's IMPs, away's IMPs, boards), a bye (team, None) or (team, None, ...).

    Ties on VPs are broken by the VPs the tied teams scored in their matches against
    each other, then by the IMP quotient; teams still equal share the place.

    >>> table = team_standings([(1, 2, 30, 10, 8), (3, 4, 12, 12, 8), (1, 3, 0, 9, 8), (2, 4, 20, 5, 8)])
    >>> [(s.place, s.team, s.vp) for s in table]
    [('1', 3, 23.45), ('2', 1, 23.01), ('3', 2, 18.77), ('4', 4, 14.77)]
    """
    bye = real_number(bye_vp, "bye VP")
    if not 0 <= bye <= 20:
        raise BridgeInputError(f"bye VP {describe(bye_vp)}: must be 0-20")
    vps: dict[int, float] = defaultdict(float)
    imps_for: dict[int, Fraction] = defaultdict(Fraction)
    imps_against: dict[int, Fraction] = defaultdict(Fraction)
    played: Counter[int] = Counter()
    head: dict[tuple[int, int], float] = defaultdict(float)
    for number, match in enumerate(column_of(matches, "matches"), start=1):
        if isinstance(match, str | bytes) or not isinstance(match, Sequence) or len(match) not in (2, 5):
            raise BridgeInputError(f"match {number}: {describe(match)} must be (home, away, home IMPs, "
                                   "away IMPs, boards) or (team, None) for a bye")
        home = whole_number(match[0], f"match {number}: team", 1)
        if match[1] is None or match[1] == "":
            vps[home] += bye
            played[home] += 1
            continue
        away = whole_number(match[1], f"match {number}: team", 1)
        if home == away or len(match) != 5:
            raise BridgeInputError(f"match {number}: {describe(tuple(match))} needs two teams, their IMPs and "
                                   "the boards")
        won = Fraction(real_number(match[2], f"match {number}: home IMPs"))
        lost = Fraction(real_number(match[3], f"match {number}: away IMPs"))
        if won < 0 or lost < 0:
            raise BridgeInputError(f"match {number}: IMPs must be 0 or more")
        boards = whole_number(match[4], f"match {number}: boards", 1)
        home_vp, away_vp = vp(float(won - lost), boards), vp(float(lost - won), boards)
        for team, got, gave, points, other in ((home, won, lost, home_vp, away), (away, lost, won, away_vp, home)):
            vps[team] += points
            imps_for[team] += got
            imps_against[team] += gave
            played[team] += 1
            head[team, other] += points
    teams = sorted(played)
    total = {t: round(vps[t], 2) for t in teams}

    def quotient(team: int) -> Fraction | float:
        return imps_for[team] / imps_against[team] if imps_against[team] else float("inf")

    def key(team: int) -> tuple[float, float, Fraction | float]:
        tied = [t for t in teams if total[t] == total[team] and t != team]
        among = round(sum(head[team, t] for t in tied), 2)
        return (total[team], among, quotient(team))

    ordered = sorted(teams, key=lambda t: (tuple(-x for x in key(t)), t))
    first: dict[tuple, int] = {}
    for place, team in enumerate(ordered, start=1):
        first.setdefault(key(team), place)
    labels = place_labels([first[key(t)] for t in ordered])
    return [TeamStanding(t, played[t], total[t], float(imps_for[t]), float(imps_against[t]), label)
            for t, label in zip(ordered, labels, strict=True)]
