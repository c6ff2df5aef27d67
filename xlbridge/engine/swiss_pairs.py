"""Swiss pairs: short matches between two pairs, each board scored on the whole field,
each match's margin converted to VPs, the standings and the next round's draw
(docs/rules.md, "Swiss pairs").

Every pair plays the same boards in a round (a round's boards are numbered on from the
last round's). Each board is compared across every table of the round that played it:

- ``butler``: North-South's score IMPed against the board's Butler datum
  (:func:`~xlbridge.engine.datum`: the mean with the top and bottom dropped, to the
  nearest 10);
- ``cross-imps``: North-South's score IMPed against every other table's score, the
  sum divided by the comparisons (:func:`~xlbridge.engine.cross_imps`, averaged).

East-West score the same IMPs with the sign turned. A match's margin is North-South's
IMPs over its boards; it goes to VPs on the WBF 20-VP scale for the boards played
(:func:`~xlbridge.engine.vp`, interpolated for a fractional margin), as a team match's
does, and the standings and the draw are the team event's own
(:func:`~xlbridge.engine.team_standings`, :func:`~xlbridge.engine.swiss_draw`): ties on
VPs broken by the VPs among the tied pairs, then IMPs won over IMPs lost; a bye scores
``bye_vp`` once its round has begun.

Sources for the methods (what clubs use): the EBU's Swiss pairs are scored with Butler
IMPs against a datum by EBUScore's Swiss Pairs Scorer (Keighley Bridge Club's guide to
it, 2016) and by English clubs, with cross-IMPs offered as the alternative that depends
less on who holds the cards (Cambridge Bridge Club, "Cross-IMP Scoring: new options for
the scoring of Swiss Pairs"); EBU congress Swiss pairs are also matchpointed across the
field with the percentage turned to VPs on an EBU table (Oxford Congress Swiss Pairs
programme; an EBU director on BBO's forums, "match-points being converted to Victory
Points, our standard method here"), which is not the WBF scale and is not offered here.
Finland's championship is "Swiss-IMPs" pairs (Suomen Bridgeliitto, bridgefinland.fi
news 2337: the first round seeded, then by the standings, no rematches). Norway runs
"Monrad" pairs (Norsk Bridge's festival programme: "NM Monrad par"); its scoring was not
found in the sources read.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .errors import BridgeInputError, describe
from .imps import imps
from .matchpoints import datum
from .numeric import column_of, whole_number
from .played import Played
from .teams import BYE_VP, EventMatch, Pairing, TeamEventScore, TeamStanding, bye_points

METHODS = ("butler", "cross-imps")
"""How a board is scored on the field: IMPs against the Butler datum, or cross-IMPs averaged."""

_SPELLINGS = {"butler": "butler", "butler imps": "butler", "butler-imps": "butler", "datum": "butler",
              "cross-imps": "cross-imps", "cross imps": "cross-imps", "crossimps": "cross-imps",
              "cross-imp": "cross-imps", "ximps": "cross-imps"}


def swiss_method(value: object) -> str:
    """A Swiss pairs scoring method: ``butler`` (the default when blank) or ``cross-imps``.

    >>> swiss_method("Cross-IMPs"), swiss_method(None)
    ('cross-imps', 'butler')
    >>> swiss_method("MP")
    Traceback (most recent call last):
    ...
    xlbridge.engine.errors.BridgeInputError: method "MP": must be Butler or Cross-IMPs
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        return "butler"
    found = _SPELLINGS.get(value.strip().lower()) if isinstance(value, str) else None
    if found is None:
        raise BridgeInputError(f"method {describe(value)}: must be Butler or Cross-IMPs")
    return found


@dataclass(frozen=True, slots=True)
class FieldBoard:
    """One table's result in a Swiss pairs round: round, pairs (NS, EW), board, North-South's
    score, the board's datum (Butler; None under cross-IMPs) and North-South's IMPs on the
    field (East-West's are minus these)."""

    round: int
    ns: int
    ew: int
    board: int
    score: int
    datum: int | None
    imps: Fraction


@dataclass(frozen=True)
class SwissPairsScore:
    """A Swiss pairs event scored: every table's result on the field, and the event as a
    team event's matches (NS home, EW away) with its byes, standings and draw history."""

    method: str
    boards: tuple[FieldBoard, ...]
    event: TeamEventScore

    @property
    def matches(self) -> tuple[EventMatch, ...]:
        """Every match with a board played: NS as home, EW as away; IMPs won each way."""
        return self.event.matches

    @property
    def rounds_begun(self) -> list[int]:
        """The rounds with a board played, in order."""
        return self.event.rounds_begun

    def standings(self, through: int | None = None) -> list[TeamStanding]:
        """The standings after round ``through`` (by default: everything played)."""
        return self.event.standings(through)

    def played(self) -> list[Pairing]:
        """Every match so far as (NS, EW), byes as (pair, None): a Swiss draw's history."""
        return self.event.played()


def _row(row: object) -> Sequence[object]:
    if isinstance(row, str | bytes) or not isinstance(row, Sequence) or len(row) != 5:
        raise BridgeInputError(f"board {describe(row)}: must be (round, NS pair, EW pair, board, result)")
    return row


def swiss_pairs_event(boards: Iterable[Sequence[object]], byes: Mapping[int, int] | None = None, *,
                      method: object = "butler", bye_vp: object = BYE_VP) -> SwissPairsScore:
    """Score a Swiss pairs event from its tables' results, each (round, NS pair, EW pair,
    board, result as a :class:`~xlbridge.engine.Played`), and each round's bye
    (``{round: pair}``).

    >>> from xlbridge.engine import parse_played
    >>> rows = [(1, 1, 2, 1, parse_played("4SN=")), (1, 3, 4, 1, parse_played("4SN-1")),
    ...         (1, 5, 6, 1, parse_played("3NTS+1")), (1, 1, 2, 2, parse_played("PASS")),
    ...         (1, 3, 4, 2, parse_played("2HE=")), (1, 5, 6, 2, parse_played("1NTW-1"))]
    >>> event = swiss_pairs_event(rows)
    >>> [(b.board, b.score, b.datum, int(b.imps)) for b in event.boards[:3]]
    [(1, 420, 420, 0), (1, -50, 420, -10), (1, 430, 420, 0)]
    >>> [(m.home, m.away, m.imps_home, m.imps_away, m.vp_home) for m in event.matches]
    [(1, 2, 0, 0, 10.0), (3, 4, 0, 13, 2.31), (5, 6, 2, 0, 11.67)]
    >>> [(s.place, s.team, s.vp) for s in event.standings()]
    [('1', 4, 17.69), ('2', 5, 11.67), ('3-4', 1, 10.0), ('3-4', 2, 10.0), ('5', 6, 8.33), ('6', 3, 2.31)]

    Cross-IMPs: board 1's 420 is +10 against -50 and 0 against 430, +5 averaged.

    >>> crossed = swiss_pairs_event(rows, method="cross-imps")
    >>> [float(b.imps) for b in crossed.boards[:3]], crossed.matches[0].vp_home
    ([5.0, -10.0, 5.0], 14.09)
    """
    how = swiss_method(method)
    bye = bye_points(bye_vp)
    if byes is not None and not isinstance(byes, Mapping):
        raise BridgeInputError(f"byes {describe(byes)}: must map each round to its bye pair")
    rests = {whole_number(r, "round", 1): whole_number(p, "bye pair", 1) for r, p in (byes or {}).items()}
    tables: list[tuple[int, int, int, int, int]] = []
    seen: dict[tuple[int, int], tuple[int, int]] = {}
    for row in column_of(boards, "boards"):
        round_cell, ns_cell, ew_cell, board_cell, result = _row(row)
        round_no = whole_number(round_cell, "round", 1)
        ns, ew = whole_number(ns_cell, "NS pair", 1), whole_number(ew_cell, "EW pair", 1)
        board = whole_number(board_cell, "board", 1)
        if ns == ew:
            raise BridgeInputError(f"round {round_no}, board {board}: pair {ns} cannot play itself")
        if not isinstance(result, Played):
            raise BridgeInputError(f"round {round_no}, board {board}: result {describe(result)} must be a played "
                                   "deal (parse_played('4SN='), or PASS)")
        for pair in (ns, ew):  # a pair plays one match a round, and each of its boards once
            match = seen.setdefault((round_no, pair), (ns, ew))
            if match != (ns, ew):
                raise BridgeInputError(f"round {round_no}: pair {pair} plays two matches ({match[0]} v {match[1]} "
                                       f"and {ns} v {ew})")
        tables.append((round_no, ns, ew, board, result.score(board)))
    twice = sorted(key for key, n in Counter((r, ns, b) for r, ns, _, b, _ in tables).items() if n > 1)
    if twice:
        r, ns, b = twice[0]
        raise BridgeInputError(f"round {r}, board {b}: pair {ns}'s table has two results")
    field: dict[tuple[int, int], list[int]] = defaultdict(list)
    for round_no, _, _, board, score in tables:
        field[round_no, board].append(score)
    scored: list[FieldBoard] = []
    for round_no, ns, ew, board, score in tables:
        scores = field[round_no, board]
        if how == "butler":
            level = datum(scores)
            scored.append(FieldBoard(round_no, ns, ew, board, score, level, Fraction(imps(score - level))))
        else:
            total = sum(imps(score - other) for other in scores) - imps(0)
            share = Fraction(total, len(scores) - 1) if len(scores) > 1 else Fraction(0)
            scored.append(FieldBoard(round_no, ns, ew, board, score, None, share))
    scored.sort(key=lambda b: (b.round, b.board, b.ns))
    per_match: dict[tuple[int, int, int], list[Fraction]] = defaultdict(list)
    for b in scored:
        per_match[b.round, b.ns, b.ew].append(b.imps)
    matches = tuple(EventMatch(r, ns, ew, _number(sum(x for x in got if x > 0)), _number(-sum(x for x in got if x < 0)),
                               len(got)) for (r, ns, ew), got in sorted(per_match.items()))
    return SwissPairsScore(how, tuple(scored), TeamEventScore(matches, rests, bye))


def _number(value: Fraction | int) -> int | float:
    """A sum of IMPs as the team event's figures hold it: whole when it is, else a float."""
    value = Fraction(value)
    return int(value) if value.denominator == 1 else float(value)
