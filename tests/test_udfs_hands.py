"""The hands' Excel functions: HANDHCP and DEALHAND everywhere, DDTABLE, PARSCORE and
PARCONTRACT with DDS, and one line saying so where DDS is absent (not installed, or xlwings
Lite, checked in a fresh interpreter running the Lite bundle)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import xlwings

from xlbridge import lite, solver, udfs
from xlbridge.engine.hands import deals
from xlbridge.udfs import DDTABLE, DEALHAND, HANDHCP, PARCONTRACT, PARSCORE

DEAL = "N:J843.A85.AQJ84.2 KQ9.T963.97.T965 752.KJ72.K5.AQJ4 AT6.Q4.T632.K873"
NO_SOLVER = f"#VALUE! {udfs.NO_SOLVER}"
needs_dds = pytest.mark.skipif(not solver.available(), reason=solver.INSTALL)


def test_handhcp_counts_a_4_k_3_q_2_j_1():
    assert HANDHCP("AKQJ.AKQ.AKQ.AKQ") == 37
    assert HANDHCP("T98765432.T98.x.") == 0
    assert HANDHCP("J843.A85.AQJ84.2") == 12
    assert HANDHCP([["AKQ2.T98.7653.A2"], [None], ["AKQ2.T98.765.A2"]]) == [
        [13], [""], ['#VALUE! hand "AKQ2.T98.765.A2": has 12 cards; a hand has 13']]
    assert HANDHCP("N:AKQ2.T98.7653.A2 - - -").startswith("#VALUE! hand ")  # a deal is not a hand


def test_dealhand_gives_each_seat_and_nothing_for_a_hidden_hand():
    assert DEALHAND(DEAL, [["N", "E", "S", "W"]]) == [
        ["J843.A85.AQJ84.2", "KQ9.T963.97.T965", "752.KJ72.K5.AQJ4", "AT6.Q4.T632.K873"]]
    assert DEALHAND(DEAL, "west") == "AT6.Q4.T632.K873"
    assert DEALHAND("N:- KQ9.T963.97.T965 - -", "N") == ""
    # three hands known: the fourth is the cards left
    assert DEALHAND("N:J843.A85.AQJ84.2 KQ9.T963.97.T965 752.KJ72.K5.AQJ4 -", "W") == "AT6.Q4.T632.K873"
    assert DEALHAND(DEAL, "X") == '#VALUE! seat "X": must be N, E, S or W'
    assert DEALHAND(None, "N") == ""
    wrong = DEALHAND("N:J843.A85.AQJ84.2 J843.A85.AQJ84.2 - -", "N")
    assert wrong.startswith("#VALUE! deal ") and "is in North's and East's hands" in wrong


@needs_dds
def test_ddtable_spills_strains_down_and_declarers_across_as_dds_solves_each_deal():
    from endplay.dds import calc_dd_table
    from endplay.types import Deal as Cards
    from endplay.types import Denom, Player

    for deal in [DEAL, *map(str, deals(3, seed="excel"))]:
        table = DDTABLE(deal)
        theirs = calc_dd_table(Cards(deal))  # endplay's own reading of the deal, one deal a call
        assert table == [[theirs[denom, Player.find(seat)] for seat in "NESW"]
                         for denom in (Denom.nt, Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs)]
    assert DDTABLE(DEAL) == [[9, 4, 9, 4], [9, 3, 9, 3], [9, 3, 9, 3], [10, 3, 10, 3], [8, 5, 8, 5]]


@needs_dds
def test_par_follows_the_boards_vulnerability_from_north_souths_view():
    # NS make 3NT: 400 not vulnerable (boards 1, 3), 600 vulnerable (2, 4)
    assert PARSCORE(DEAL, [[1, 2, 3, 4]]) == [[400, 600, 400, 600]]
    assert PARCONTRACT(DEAL, 1) == "NS 3NT="
    # the same cards turned a seat: East-West now hold them, and par is theirs
    turned = "E:" + DEAL[2:]
    assert PARSCORE(turned, 1) == -400 and PARCONTRACT(turned, 1) == "EW 3NT="
    assert PARSCORE(DEAL, 0) == '#VALUE! board 0: must be a whole number, 1 or more'


@needs_dds
def test_a_deal_not_known_card_for_card_is_one_line():
    for function, args in ((DDTABLE, ()), (PARSCORE, (1,)), (PARCONTRACT, (1,))):
        said = function("N:J843.A85.AQJ84.2 - - -", *args)
        assert said == '#VALUE! deal "N:J843.A85.AQJ84....": not every card is known; double dummy needs all 52'


@needs_dds
def test_a_deal_is_solved_once_however_many_cells_ask(monkeypatch):
    asked = []
    real = solver.solve

    def counting(boards):
        asked.append(boards)
        return real(boards)

    monkeypatch.setattr(solver, "solve", counting)
    udfs._solve.cache_clear()
    one = str(deals(1, seed="cells")[0])
    DDTABLE(one), PARSCORE(one, 1), PARCONTRACT(one, 1), DDTABLE(one)
    assert len(asked) == 1


def test_without_dds_the_solver_functions_say_so_in_one_line(monkeypatch):
    monkeypatch.setattr(solver, "available", lambda: False)
    udfs._solve.cache_clear()
    assert DDTABLE(DEAL) == NO_SOLVER
    assert PARSCORE(DEAL, 1) == NO_SOLVER
    assert PARCONTRACT(DEAL, [[1], [2]]) == [[NO_SOLVER], [NO_SOLVER]]
    assert "\n" not in NO_SOLVER and "pip install 'xlbridge[dds]'" in NO_SOLVER
    # the others need no solver
    assert HANDHCP("J843.A85.AQJ84.2") == 12 and DEALHAND(DEAL, "S") == "752.KJ72.K5.AQJ4"
    # and under Office.js (xlwings Lite, Server) the same line is the error's message
    monkeypatch.setattr(udfs, "OFFICE_JS", True)
    with pytest.raises(xlwings.XlwingsError, match=r"^double dummy needs DDS"):
        DDTABLE(DEAL)


PROBE = """
import json, sys
sys.path[:0] = [SITE, APP]
import main
deal = THE_DEAL
print(json.dumps([main.HANDHCP("J843.A85.AQJ84.2"), main.DEALHAND(deal, "W"), main.DDTABLE(deal),
                  main.PARSCORE(deal, 1), main.PARCONTRACT(deal, 1)]))
"""


def test_in_the_lite_bundle_the_solver_functions_say_so_and_the_others_work(tmp_path):
    """The bundle as ``xlbridge lite`` makes it, in a fresh interpreter with xlwings alone
    (as tests/test_lite.py runs it): no xlbridge.solver, no DDS, no traceback."""
    site, app = tmp_path / "site", tmp_path / "app"
    site.mkdir()
    app.mkdir()
    (site / "xlwings").symlink_to(Path(xlwings.__file__).parent, target_is_directory=True)
    (app / "main.py").write_text(lite.bundle(), encoding="utf-8")
    probe = PROBE.replace("SITE", repr(str(site))).replace("APP", repr(str(app))).replace("THE_DEAL", repr(DEAL))
    env = {k: v for k, v in __import__("os").environ.items() if not k.startswith(("PYTHON", "XLWINGS"))}
    done = subprocess.run([sys.executable, "-I", "-S", "-c", probe], capture_output=True, text=True, env=env,
                          cwd=app, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == [12, "AT6.Q4.T632.K873", NO_SOLVER, NO_SOLVER, NO_SOLVER]
