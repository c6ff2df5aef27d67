"""A pairs (or Swiss pairs) book carrying the club's register (``xlbridge workbooks pairs --players``),
recalculated by LibreOffice: each pair typed as two player numbers shows the registered
names by formula (``PairPlayers``), a number the register lacks marked ``?``, a pair typed
by name left to its name, as ``check`` reads the same cells; and the book's own ranking
shows the registered names, as ``report`` does."""

from __future__ import annotations

import dataclasses

from openpyxl import load_workbook

from tests import lo
from xlbridge import workbooks
from xlbridge.cli import main
from xlbridge.engine.players import Club, Register, pair_players
from xlbridge.event import sample, score_pairs
from xlbridge.kinds import PAIRS
from xlbridge.kinds.players import read_players, registered
from xlbridge.workbooks import register as carried

pytestmark = lo.needs_soffice

TYPED = ["12 31", "40-99", "Ann & Bob", "41 & 12", "12/40", " 31   41 ", "7", ""]


def test_pair_players_show_the_registered_names(tmp_path):
    register_path = tmp_path / "players.xlsx"
    book = workbooks.build("players")
    workbooks.write_named(book, "PlayerNumber", [12, 31, 40, 41])
    workbooks.write_named(book, "PlayerName", ["Ann Smith", "Bob Jones", "Cy Young", "Di Prince"])
    book.save(register_path)
    assert main(["workbooks", "pairs", "--players", str(register_path), "--out", str(tmp_path)]) == 0
    assert main(["workbooks", "swiss-pairs", "--pairs", "12", "--rounds", "3", "--players", str(register_path),
                 "--out", str(tmp_path)]) == 0
    typed = []
    for name in ("pairs", "swiss-pairs"):
        event = load_workbook(tmp_path / f"{name}.xlsx")
        if name == "pairs":
            workbooks.write_named(event, "PairNumber", list(range(1, len(TYPED) + 1)))
        workbooks.write_named(event, "PairName", TYPED)
        typed.append(tmp_path / f"typed-{name}.xlsx")
        event.save(typed[-1])
    register: Register = read_players(register_path)[0]

    def expected(text: str) -> str | None:  # the engine's reading of the same cell
        found = pair_players(text, register)
        if len(found) != 2 or not all(part.isdigit() for part, _ in found):
            return None
        return " - ".join(player.name if player else f"{part}?" for part, player in found)

    # A scored event whose first pairs are typed as numbers: the book's own ranking names them.
    event = sample.pairs_event(seed=6)
    numbers = {0: "12 31", 1: "40-41"}
    event = dataclasses.replace(event, pairs=tuple(dataclasses.replace(p, names=numbers.get(i, p.names))
                                                   for i, p in enumerate(event.pairs)))
    scored = PAIRS.fill(event)
    carried.add(scored, register, Club())
    scored.save(tmp_path / "scored.xlsx")
    # An individual's players typed as numbers (a number cell or text) or names.
    assert main(["workbooks", "individual", "--players", "8", "--players", str(register_path),
                 "--out", str(tmp_path / "ind")]) == 0
    individual = load_workbook(tmp_path / "ind" / "individual.xlsx")
    seats = [12, "31", "Ann Smith", "99", None, " 40 "]
    workbooks.write_named(individual, "PlayerName", seats)
    individual.save(tmp_path / "typed-individual.xlsx")
    *outputs, ranked, seated = lo.recalc([*typed, tmp_path / "scored.xlsx", tmp_path / "typed-individual.xlsx"],
                                         tmp_path / "out")
    values = lo.Values(seated)
    assert values.errors() == []
    assert values.read("PlayerRegistered")[: len(seats)] == ["Ann Smith", "Bob Jones", None, "99?", None, "Cy Young"]
    for path in outputs:
        values = lo.Values(path)
        assert values.errors() == []
        shown = values.read("PairPlayers")[: len(TYPED)]
        assert shown == [expected(text) for text in TYPED], path.name
        assert shown[:2] == ["Ann Smith - Bob Jones", "Cy Young - 99?"]
    values = lo.Values(ranked)
    report = score_pairs(registered(event, register))
    in_order = [report.names[total.pair] for _, totals in report.rankings() for total in totals]
    assert values.read("RankPair")[: len(in_order)] == [t.pair for _, ts in report.rankings() for t in ts]
    assert values.read("RankName")[: len(in_order)] == in_order
    assert {"Ann Smith - Bob Jones", "Cy Young - Di Prince"} <= set(in_order)
