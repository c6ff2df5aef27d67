"""Team scoring: a match board by board (:func:`team_match`), an event's matches, byes and
standings (:func:`team_event`), the round-robin schedule and the Swiss draw
(docs/rules.md §8 and §13).

Teams are numbers 1, 2, 3 ... (a sequence of any team numbers will do); a bye is
``None`` in a pairing. Each match is IMPs per board, the margin converted to VPs on
the WBF 20-VP scale (:func:`~xlbridge.engine.vp`); a bye scores ``bye_vp``
(:data:`BYE_VP` by default, the common club figure).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .errors import BridgeInputError, describe
from .imps import imps
from .matchpoints import place_labels
from .numeric import column_of, real_number, whole_number
from .played import Played
from .vp import vp

BYE_VP = 12
"""The VPs of a bye when the event does not say: the common club figure."""


def bye_points(value: object) -> float:
    """The VPs of a bye: a number 0-20.

    >>> bye_points("12.5")
    12.5
    >>> bye_points(21)
    Traceback (most recent call last):
    ...
    xlbridge.engine.errors.BridgeInputError: bye VP 21: must be 0-20
    """
    points = real_number(value, "bye VP")
    if not 0 <= points <= 20:
        raise BridgeInputError(f"bye VP {describe(value)}: must be 0-20")
    return points

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
        raise BridgeInputError(f"team {describe(twice[0])}: listed twice")
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


def team_standings(matches: Iterable[Sequence[object]], *, bye_vp: object = BYE_VP) -> list[TeamStanding]:
    """The standings from the matches played, best first: each match is (home, away,
    home's IMPs, away's IMPs, boards), a bye (team, None) or (team, None, ...).

    Ties on VPs are broken by the VPs the tied teams scored in their matches against
    each other, then by the IMP quotient; teams still equal share the place.

    >>> table = team_standings([(1, 2, 30, 10, 8), (3, 4, 12, 12, 8), (1, 3, 0, 9, 8), (2, 4, 20, 5, 8)])
    >>> [(s.place, s.team, s.vp) for s in table]
    [('1', 3, 23.45), ('2', 1, 23.01), ('3', 2, 18.77), ('4', 4, 14.77)]
    """
    bye = bye_points(bye_vp)
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
        home_vp, away_vp = match_vps(float(won), float(lost), boards)
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


def match_vps(imps_home: object, imps_away: object, boards: object) -> tuple[float, float]:
    """Both teams' VPs for a match (WBF 20-VP scale for the boards played); 10 each when
    no board was played.

    >>> match_vps(23, 7, 8)
    (15.5, 4.5)
    """
    played = whole_number(boards, "boards", 0)
    if not played:
        return 10.0, 10.0
    margin = real_number(imps_home, "home IMPs") - real_number(imps_away, "away IMPs")
    return vp(margin, played), vp(-margin, played)


# --- a match, board by board -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardIMPs:
    """One board of a team match: North-South's score in each room and the home team's
    IMPs (the home team sits North-South in the open room, East-West in the closed)."""

    board: int
    open_score: int
    closed_score: int

    @property
    def imps(self) -> int:
        """The home team's IMPs on the board; negative when the away team won it."""
        return imps(self.open_score - self.closed_score)


@dataclass(frozen=True)
class MatchScore:
    """A team match scored: every board's IMPs, the IMPs each way and the VPs."""

    boards: tuple[BoardIMPs, ...]

    @property
    def imps_home(self) -> int:
        """IMPs won by the home team (the sum of its positive board IMPs)."""
        return sum(b.imps for b in self.boards if b.imps > 0)

    @property
    def imps_away(self) -> int:
        """IMPs won by the away team."""
        return -sum(b.imps for b in self.boards if b.imps < 0)

    @property
    def margin(self) -> int:
        """The home team's net IMPs."""
        return self.imps_home - self.imps_away

    @property
    def vps(self) -> tuple[float, float]:
        """The home and away teams' VPs (WBF 20-VP scale for the boards played)."""
        return match_vps(self.imps_home, self.imps_away, len(self.boards))


def _room(result: object, board: int, room: str) -> Played:
    if not isinstance(result, Played):
        raise BridgeInputError(f"board {board}: the {room} room's result {describe(result)} must be a played deal "
                               "(parse_played('4SN='), or PASS)")
    return result


def _row(row: object, size: int, what: str) -> Sequence[object]:
    if isinstance(row, str | bytes) or not isinstance(row, Sequence) or len(row) != size:
        raise BridgeInputError(f"{what} {describe(row)}: must be {size} values")
    return row


def _board_imps(board: object, open_room: object, closed_room: object) -> BoardIMPs:
    """One board of a match from its number and the two rooms' results."""
    number = whole_number(board, "board", 1)
    return BoardIMPs(number, _room(open_room, number, "open").score(number),
                     _room(closed_room, number, "closed").score(number))


def team_match(boards: Iterable[Sequence[object]]) -> MatchScore:
    """Score a team match from each board's result in the open and the closed room
    (board number, then the two results as :class:`~xlbridge.engine.Played` values),
    board by board in board order.

    >>> from xlbridge.engine import parse_played
    >>> match = team_match([(1, parse_played("4SN="), parse_played("4SE-1")),
    ...                     (2, parse_played("3NTS+1"), parse_played("3NTN+1"))])
    >>> [(b.board, b.open_score, b.closed_score, b.imps) for b in match.boards]
    [(1, 420, 50, 9), (2, 630, 630, 0)]
    >>> match.imps_home, match.imps_away, match.vps
    (9, 0, (16.0, 4.0))
    """
    scored = [_board_imps(*_row(row, 3, "board")) for row in column_of(boards, "boards")]
    return MatchScore(tuple(sorted(scored, key=lambda board: board.board)))


# --- an event: matches, byes, standings ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class EventMatch:
    """One match of a team event so far: round, teams, the IMPs each team won over the
    boards played in both rooms, and the VPs they give."""

    round: int
    home: int
    away: int
    imps_home: int
    imps_away: int
    boards: int

    @property
    def vp_home(self) -> float:
        """The home team's VPs."""
        return match_vps(self.imps_home, self.imps_away, self.boards)[0]

    @property
    def vp_away(self) -> float:
        """The away team's VPs."""
        return match_vps(self.imps_home, self.imps_away, self.boards)[1]


@dataclass(frozen=True)
class TeamEventScore:
    """A team event scored: every match, each round's bye, the bye's VPs; the standings
    after any round."""

    matches: tuple[EventMatch, ...]
    byes: Mapping[int, int]
    bye_vp: float

    @property
    def rounds_begun(self) -> list[int]:
        """The rounds with a board played, in order."""
        return sorted({m.round for m in self.matches})

    def rows(self, through: int | None = None) -> list[tuple]:
        """The matches (and the byes of the rounds begun) up to round ``through``, as
        :func:`team_standings` takes them."""
        begun = self.rounds_begun
        last = max(begun, default=0) if through is None else through
        rows: list[tuple] = [(m.home, m.away, m.imps_home, m.imps_away, m.boards)
                             for m in self.matches if m.round <= last]
        rows += [(team, None) for round_no, team in sorted(self.byes.items())
                 if round_no <= last and round_no in begun]
        return rows

    def standings(self, through: int | None = None) -> list[TeamStanding]:
        """The standings after round ``through`` (by default: everything played)."""
        return team_standings(self.rows(through), bye_vp=self.bye_vp)

    def played(self) -> list[Pairing]:
        """Every match so far as (home, away), byes as (team, None): a Swiss draw's history."""
        return [(home, away) for home, away, *_ in self.rows()]


def team_event(boards: Iterable[Sequence[object]], byes: Mapping[int, int] | None = None,
               *, bye_vp: object = BYE_VP) -> TeamEventScore:
    """Score a team event from its boards, each (round, home, away, board, open room,
    closed room), and each round's bye (``{round: team}``): every match's IMPs and VPs,
    and the standings of :func:`team_standings`.

    >>> from xlbridge.engine import parse_played
    >>> four, down = parse_played("4SN="), parse_played("4SN-1")
    >>> event = team_event([(1, 1, 2, 1, four, down), (1, 1, 2, 2, down, down)], {1: 3}, bye_vp=14)
    >>> [(m.home, m.away, m.imps_home, m.imps_away, m.vp_home) for m in event.matches]
    [(1, 2, 10, 0, 16.46)]
    >>> [(s.place, s.team, s.vp) for s in event.standings()]
    [('1', 1, 16.46), ('2', 3, 14.0), ('3', 2, 3.54)]
    """
    bye = bye_points(bye_vp)
    if byes is not None and not isinstance(byes, Mapping):
        raise BridgeInputError(f"byes {describe(byes)}: must map each round to its bye team")
    rests = {whole_number(r, "round", 1): whole_number(t, "bye team", 1) for r, t in (byes or {}).items()}
    played: dict[tuple[int, int, int], list[BoardIMPs]] = defaultdict(list)
    for row in column_of(boards, "boards"):
        round_cell, home_cell, away_cell, *board = _row(row, 6, "board")
        round_no, home, away = (whole_number(value, what, 1) for value, what in
                                ((round_cell, "round"), (home_cell, "home team"), (away_cell, "away team")))
        played[round_no, home, away].append(_board_imps(*board))
    matches = tuple(EventMatch(r, h, a, match.imps_home, match.imps_away, len(match.boards))
                    for (r, h, a), scored in sorted(played.items()) for match in (MatchScore(tuple(scored)),))
    return TeamEventScore(matches, rests, bye)
