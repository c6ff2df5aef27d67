"""The score of one deal (Law 77; docs/rules.md §2)."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from .contract import Contract, Doubling, Strain, parse_contract
from .errors import BridgeInputError, describe
from .numeric import whole_number
from .result import tricks_taken
from .seat import Seat, Side
from .vulnerability import Vulnerability, board_vul

# Trick score that makes a game (below the line in rubber; the game bonus in duplicate).
GAME_POINTS = 100


@dataclass(frozen=True, slots=True)
class ScoreParts:
    """The pieces of a deal's score, as rubber bridge writes them.

    ``below`` is the trick score for tricks bid and made (below the line);
    ``above`` is overtricks, the insult bonus and slam bonuses (above the
    line) for declarer; ``penalty`` is what the defenders get for undertricks.
    Duplicate adds a game or part-score bonus, which rubber does not have.
    """

    below: int = 0
    above: int = 0
    penalty: int = 0

    @property
    def made(self) -> bool:
        """True when the contract was made."""
        return self.penalty == 0


def trick_score(strain: Strain, tricks: int, doubling: Doubling = Doubling.UNDOUBLED) -> int:
    """Trick score for ``tricks`` bid-and-made tricks in ``strain``.

    >>> trick_score(Strain.NT, 3), trick_score(Strain.C, 2, Doubling.REDOUBLED), trick_score("S", 4, "X")
    (100, 160, 240)
    """
    strain, doubling = _strain(strain), _doubling(doubling)
    tricks = whole_number(tricks, "tricks", 0, 7)
    if tricks <= 0:
        return 0
    if strain is Strain.NT:
        base = 40 + 30 * (tricks - 1)
    else:
        base = (20 if strain.is_minor else 30) * tricks
    return base * doubling


def undertrick_penalty(down: int, vulnerable: bool, doubling: Doubling = Doubling.UNDOUBLED) -> int:
    """Points to the defenders for ``down`` undertricks.

    >>> undertrick_penalty(3, False, Doubling.DOUBLED), undertrick_penalty(13, True, Doubling.REDOUBLED)
    (500, 7600)
    """
    down = whole_number(down, "undertricks", 0, 13)
    vulnerable, doubling = declarer_vulnerable(vulnerable), _doubling(doubling)
    if down <= 0:
        return 0
    if doubling is Doubling.UNDOUBLED:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        doubled = 200 + 300 * (down - 1)
    else:
        doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled * (doubling // 2)


def score_parts(contract: Contract, tricks: int, vulnerable: bool) -> ScoreParts:
    """Split a played contract's score into trick score, bonuses and penalty.

    >>> score_parts(parse_contract("4S"), 11, False), score_parts("4S", 11, "NV")
    (ScoreParts(below=120, above=30, penalty=0), ScoreParts(below=120, above=30, penalty=0))
    """
    contract, tricks, vulnerable = _played(contract, tricks, vulnerable)
    if contract.passed_out:
        return ScoreParts()
    return ScoreParts(*_parts(contract.level, contract.strain, contract.doubling, tricks, vulnerable))


def _played(contract: object, tricks: object, vulnerable: object) -> tuple[Contract, int, bool]:
    """A contract (or its text), tricks taken 0-13 and declarer's vulnerability, checked."""
    if not (isinstance(contract, Contract) and type(tricks) is int and 0 <= tricks <= 13
            and isinstance(vulnerable, bool)):  # what the engine itself passes: no parsing
        contract = parse_contract(contract)
        tricks = whole_number(tricks, "tricks", 0, 13)
        vulnerable = declarer_vulnerable(vulnerable)
    return contract, tricks, vulnerable


_STRAINS = {"C": Strain.C, "D": Strain.D, "H": Strain.H, "S": Strain.S, "N": Strain.NT, "NT": Strain.NT}
_DOUBLINGS = {"": Doubling.UNDOUBLED, "X": Doubling.DOUBLED, "XX": Doubling.REDOUBLED}


def _strain(value: object) -> Strain:
    if isinstance(value, Strain):
        return value
    found = _STRAINS.get("".join(value.split()).upper()) if isinstance(value, str) else None
    if found is None:
        raise BridgeInputError(f"strain {describe(value)}: must be C, D, H, S or NT")
    return found


def _doubling(value: object) -> Doubling:
    if isinstance(value, Doubling):
        return value
    if isinstance(value, str) and "".join(value.split()).upper() in _DOUBLINGS:
        return _DOUBLINGS["".join(value.split()).upper()]
    if not isinstance(value, bool) and value in (1, 2, 4):
        return Doubling(int(value))
    raise BridgeInputError(f"doubling {describe(value)}: must be blank, X or XX (1, 2 or 4)")


def _parts(level: int, strain: Strain, doubling: Doubling, tricks: int, vulnerable: bool) -> tuple[int, int, int]:
    """(below, above, penalty) of a contract that was not passed out."""
    need = level + 6
    if tricks < need:
        return 0, 0, undertrick_penalty(need - tricks, vulnerable, doubling)
    below = trick_score(strain, level, doubling)
    over = tricks - need
    if doubling is Doubling.UNDOUBLED:
        above = trick_score(strain, over + 1) - trick_score(strain, 1) if over else 0
    else:
        above = over * (100 if vulnerable else 50) * doubling
        above += 50 if doubling is Doubling.DOUBLED else 100
    if level == 6:
        above += 750 if vulnerable else 500
    elif level == 7:
        above += 1500 if vulnerable else 1000
    return below, above, 0


def duplicate_score(contract: Contract, tricks: int, vulnerable: bool) -> int:
    """Duplicate score from declarer's side: positive if made, negative if not.

    >>> duplicate_score(parse_contract("2CXX"), 9, True), duplicate_score("2CXX", 9.0, "V")
    (1160, 1160)
    """
    contract, tricks, vulnerable = _played(contract, tricks, vulnerable)
    if contract.passed_out:
        return 0
    return duplicate_points(contract.level, contract.strain, contract.doubling, tricks, vulnerable)


# Keyed on plain values, not on a Contract: declarer does not change the score,
# and the 2,940 possible scores fill this once.
@functools.lru_cache(maxsize=4096)
def duplicate_points(level: int, strain: Strain, doubling: Doubling, tricks: int, vulnerable: bool) -> int:
    """:func:`duplicate_score` of a contract given by its parts (level 1-7), memoised.

    >>> duplicate_points(4, Strain.S, Doubling.UNDOUBLED, 10, False)
    420
    """
    below, above, penalty = _parts(level, strain, doubling, tricks, vulnerable)
    if penalty:
        return -penalty
    bonus = (500 if vulnerable else 300) if below >= GAME_POINTS else 50
    return below + above + bonus


def score(contract: object, result: object, vulnerable: object, declarer: object = None) -> int:
    """The duplicate score of one deal, exactly as ``BRIDGESCORE``.

    Without ``declarer`` (given neither here nor appended to the contract) the
    score is declarer's and ``vulnerable`` says whether declarer is
    vulnerable. With it, the score is North-South's, and ``vulnerable`` may
    also be the board's vulnerability (``"NS"``, ``"All"`` ...) or a board number.

    >>> score("4S", 10, False), score("4S", "+1", True), score("3NT", 9, "All", "E")
    (420, 650, -600)
    >>> score("4S", 10, 2, "N")
    620
    """
    # Scripts call this one deal at a time: the same few thousand argument tuples recur,
    # so each is worked out once. Types are part of the key, since True == 1 but
    # vulnerable=True (declarer vulnerable) and vulnerable=1 (board 1) differ.
    try:
        return _SCORED[contract, result, vulnerable, declarer, result.__class__, vulnerable.__class__]
    except KeyError:
        key = (contract, result, vulnerable, declarer, result.__class__, vulnerable.__class__)
        points = _SCORED[key] = _score(contract, result, vulnerable, declarer)
        if len(_SCORED) > _SCORED_MAX:
            _SCORED.clear()
            _SCORED[key] = points
        return points
    except TypeError:  # an unhashable argument (a list ...): no memo, the usual message
        return _score(contract, result, vulnerable, declarer)


_SCORED: dict[tuple[object, ...], int] = {}
_SCORED_MAX = 1 << 17


def _score(contract: object, result: object, vulnerable: object, declarer: object) -> int:
    """:func:`score` itself, without the memo."""
    played = parse_contract(contract)
    if declarer is not None and not (isinstance(declarer, str) and not declarer.strip()):
        seat = Seat.parse(declarer)
        if played.declarer is not None and played.declarer is not seat:
            raise BridgeInputError(
                f"declarer {describe(declarer)}: contract {describe(contract)} names {played.declarer}"
            )
        played = played.with_declarer(seat)
    if played.passed_out:
        return 0
    tricks = tricks_taken(played, result)
    if played.declarer is None:
        return duplicate_score(played, tricks, declarer_vulnerable(vulnerable))
    vul = seat_vulnerable(vulnerable, played.declarer)
    points = duplicate_score(played, tricks, vul)
    return points if played.declarer.side is Side.NS else -points


_YES = {"TRUE", "1", "V", "VUL", "VULNERABLE", "YES"}
_NO = {"FALSE", "0", "NV", "NON", "NONVUL", "NOTVUL", "NOTVULNERABLE", "NONVULNERABLE", "NO"}


def declarer_vulnerable(value: object) -> bool:
    """Parse "is declarer vulnerable": TRUE/FALSE, 1/0, V/NV, Vul/Non, Yes/No.

    >>> declarer_vulnerable("NV"), declarer_vulnerable(1.0)
    (False, True)
    """
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        key = "".join(value.split()).upper().replace("-", "")
        if key in _YES:
            return True
        if key in _NO or value.strip() == "-":
            return False
    raise BridgeInputError(f"vulnerable {describe(value)}: must be TRUE/FALSE, 1/0, V/NV or Yes/No")


def seat_vulnerable(value: object, seat: Seat) -> bool:
    """Whether ``seat`` is vulnerable, from a bool-like, a vulnerability or a board number.

    >>> seat_vulnerable("EW", Seat.E), seat_vulnerable(2, Seat.E), seat_vulnerable(True, Seat.E)
    (True, False, True)
    """
    seat = Seat.parse(seat, "seat")
    if isinstance(value, bool):
        return value
    if isinstance(value, Vulnerability):
        return value.is_vulnerable(seat)
    if isinstance(value, int | float):
        return board_vul(value).is_vulnerable(seat)
    if isinstance(value, str):
        text = value.strip()
        try:
            return Vulnerability.parse(text).is_vulnerable(seat)
        except BridgeInputError:
            pass
        if text and (text[0].isdigit()):
            return board_vul(whole_number(text, "vulnerable (board)", 1)).is_vulnerable(seat)
        try:
            return declarer_vulnerable(text)
        except BridgeInputError:
            pass
    raise BridgeInputError(
        f"vulnerable {describe(value)}: must be None/NS/EW/All, a board number or TRUE/FALSE"
    )
