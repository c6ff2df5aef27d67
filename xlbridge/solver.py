"""Double dummy and par from DDS, Bo Haglund and Soren Hein's solver, through endplay's
bindings: the optional extra ``pip install 'xlbridge[dds]'``. xlbridge writes no solver.

Par is DDS's ``DealerPar``: the contract, found from the double-dummy table, that neither
side can outbid with profit, the opponents' best sacrifice doubled, for the board's
vulnerability; when both sides could reach a par the dealer's side, bidding first, has it.

    >>> from xlbridge.engine.hands import Deal
    >>> deal = Deal.parse("N:J843.A85.AQJ84.2 KQ9.T963.97.T965 752.KJ72.K5.AQJ4 AT6.Q4.T632.K873")
    >>> if available():
    ...     [(tricks, par)] = solve([(1, deal)])
    ...     print(tricks.hex(), par)
    ... else:
    ...     print("999a8999a84333543335 NS 3NT= +400")
    999a8999a84333543335 NS 3NT= +400
"""

from __future__ import annotations

from collections.abc import Sequence

from .engine import BridgeInputError, Strain, board_dealer, board_vul
from .engine.doubledummy import STRAINS, Par, ParContract, Tricks
from .engine.hands import Deal
from .engine.vulnerability import Vulnerability

INSTALL = "double dummy needs DDS: pip install 'xlbridge[dds]'"
"""What to do when the solver is not installed, in one line."""

_BATCH = 32  # DDS's CalcAllTables solves at most 32 deals (strains × deals ≤ 160) a call


def available() -> bool:
    """Whether DDS can be loaded here (not in xlwings Lite: DDS is a C++ library)."""
    try:
        import endplay.dds  # noqa: F401
    except ImportError:
        return False
    return True


def solve(boards: Sequence[tuple[int, Deal]]) -> list[tuple[Tricks, Par]]:
    """The double-dummy tricks and the par of each ``(board, deal)``, solved in batches
    on every core. A deal not known card for card is refused, naming its board."""
    try:
        from endplay.dds import calc_all_tables, par
        from endplay.types import Deal as Cards
        from endplay.types import Player, Vul
    except ImportError:
        raise BridgeInputError(INSTALL) from None
    for board, deal in boards:
        if not deal.complete:
            raise BridgeInputError(f"board {board}: the deal is not known card for card; double dummy needs all 52")
    results: list[tuple[Tricks, Par]] = []
    for start in range(0, len(boards), _BATCH):
        batch = boards[start:start + _BATCH]
        tables = calc_all_tables([Cards(str(deal)) for _board, deal in batch])
        for (board, _deal), table in zip(batch, tables, strict=True):
            by_strain = table.to_list()  # rows ♠ ♥ ♦ ♣ NT, columns N E S W
            order = {Strain.S: 0, Strain.H: 1, Strain.D: 2, Strain.C: 3, Strain.NT: 4}
            tricks = Tricks(tuple(tuple(by_strain[order[strain]][seat] for strain in STRAINS) for seat in range(4)))
            # a Vul, not an int: endplay reads an int as a board number
            found = par(table, Vul[_VUL[board_vul(board)]], Player.find(str(board_dealer(board))))
            results.append((tricks, _par(found)))
    return results


def _par(found: object) -> Par:
    """DDS's par list as a :class:`Par`: one contract per strain and level, its
    declarers joined (``3NT`` by N and by S is ``NS 3NT``)."""
    contracts: dict[tuple[int, Strain, bool, int], str] = {}
    for contract in found:  # type: ignore[attr-defined]
        key = (contract.level, _STRAIN[contract.denom.name], contract.penalty.name == "doubled", contract.result)
        seat = "NESW"[int(contract.declarer)]
        contracts[key] = "".join(sorted(contracts.get(key, "") + seat, key="NSEW".index))
    return Par(int(found.score),  # type: ignore[attr-defined]
               tuple(ParContract(level, strain, doubled, seats, result)
                     for (level, strain, doubled, result), seats in contracts.items()))


_STRAIN = {"spades": Strain.S, "hearts": Strain.H, "diamonds": Strain.D, "clubs": Strain.C, "nt": Strain.NT}
_VUL = {Vulnerability.NONE: "none", Vulnerability.NS: "ns", Vulnerability.EW: "ew", Vulnerability.ALL: "both"}
