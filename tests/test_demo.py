"""``xlbridge demo`` end to end, through the real entry point.

The files it writes exist and open, and LibreOffice, recalculating the two filled
sample books from scratch, arrives at exactly the numbers the command printed.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import openpyxl
import pytest

from tests import lo
from xlbridge import kinds, workbooks
from xlbridge.director import safe_open
from xlbridge.event import next_round, sample


def printed_table(stdout: str, header_start: str) -> list[list[str]]:
    """The rows of the printed table whose header starts with ``header_start``.

    Columns are cut where the dashes under the header are, so names with spaces
    and blank cells stay in their column.
    """
    lines = stdout.splitlines()
    top = next(i for i, line in enumerate(lines) if line.startswith(header_start))
    spans = [m.span() for m in re.finditer(r"-+", lines[top + 1])]
    rows = []
    for line in lines[top + 2:]:
        if not line.strip():
            break
        cells = [line[a:b] for a, b in spans[:-1]] + [line[spans[-1][0]:]]
        rows.append([cell.strip() for cell in cells])
    return rows


def run_demo(*args: str | Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xlbridge", "demo", *map(str, args)],
                          capture_output=True, text=True, timeout=300, check=False)


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("demo") / "club"
    done = run_demo("--out", out)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stderr == ""
    return out, done.stdout


def printed_ranking(stdout: str) -> list[dict[str, str]]:
    keys = ("place", "pair", "names", "mp", "top", "percent")
    return [dict(zip(keys, row, strict=True)) for row in printed_table(stdout, "Place")]


def printed_match(stdout: str) -> dict[str, float]:
    """The IMPs each way and the VPs printed for the team match."""
    home, away = printed_table(stdout, "Team")
    return {"home_imps": int(home[1]), "away_imps": int(away[1]),
            "home_vp": float(home[2]), "away_vp": float(away[2])}


def printed_boards(stdout: str) -> dict[int, int]:
    """The home team's IMPs on each board, as printed (blank both ways is 0)."""
    result = {}
    for board, *_, home, away in printed_table(stdout, "Board"):
        if board.isdigit():
            result[int(board)] = int(home or 0) - int(away or 0)
    return result


def test_demo_writes_every_template_and_the_three_samples(demo) -> None:
    out, stdout = demo
    names = {path.name for path in out.iterdir()}
    expected = {workbooks.file_name(t) for t in workbooks.TEMPLATES}
    assert names == expected | {"sample-pairs.xlsx", "sample-teams.xlsx", "sample-team-event.xlsx"}
    for name in names:
        assert str(out / name) in stdout
        book = safe_open.load(out / name)  # opens, through every safety check
        assert {"Contract", "OpenContract", "Player", "PlayerNumber", "SeasonPlayer"} & set(book.defined_names)
        book.close()


def test_demo_prints_real_rankings_and_the_match(demo) -> None:
    _, stdout = demo
    event = sample.pairs_event()
    ranking = printed_ranking(stdout)
    assert [int(r["pair"]) for r in ranking] and len(ranking) == len(event.pairs)
    assert {int(r["pair"]) for r in ranking} == {p.number for p in event.pairs}
    # matchpoints on 2/1/0: every board gives out n(n-1) points over its results
    tables = event.tables
    assert sum(float(r["mp"]) for r in ranking) == event.boards * tables * (tables - 1) * 2
    percents = [float(r["percent"]) for r in ranking]
    assert percents == sorted(percents, reverse=True) and 35 < percents[-1] < percents[0] < 70
    totals = printed_match(stdout)
    assert set(totals) == {"home_imps", "away_imps", "home_vp", "away_vp"}
    assert totals["home_vp"] + totals["away_vp"] == pytest.approx(20)


def test_demo_samples_read_back_as_the_generated_events(demo) -> None:
    out, _ = demo

    pairs = kinds.check(kinds.read(out / "sample-pairs.xlsx"))
    teams = kinds.check(kinds.read(out / "sample-teams.xlsx"))
    swiss = kinds.check(kinds.read(out / "sample-team-event.xlsx"))
    assert pairs.clean and teams.clean and swiss.clean
    assert pairs.event.results == sample.pairs_event().results
    assert teams.event.boards == sample.team_match().boards
    assert sorted(swiss.event.boards, key=repr) == sorted(sample.team_event().boards, key=repr)


def test_the_sample_is_a_realistic_field() -> None:
    """Doubled and redoubled contracts, slams, passed-out boards, games and part scores."""
    plays = [r.play for r in sample.pairs_event().results]
    plays += [p for b in sample.team_match().boards for p in (b.open, b.closed)]
    contracts = [p.contract for p in plays]
    assert sum(c.endswith("XX") for c in contracts) >= 1
    assert sum(c.endswith("X") and not c.endswith("XX") for c in contracts) >= 10
    assert sum(c[0] in "67" for c in contracts if c != "PASS") >= 5
    assert sum(c == "PASS" for c in contracts) >= 5
    made = [p.tricks >= int(p.contract[0]) + 6 for p in plays if p.contract != "PASS"]
    assert 0.6 < sum(made) / len(made) < 0.85  # most contracts make, as at a club


def test_demo_run_again_shows_the_results_and_keeps_the_files(demo) -> None:
    out, _ = demo
    before = {p.name: p.stat().st_mtime_ns for p in out.iterdir()}
    done = run_demo("--out", out)
    assert done.returncode == 0, done.stderr
    assert printed_ranking(done.stdout) == printed_ranking(demo[1])  # the results again
    last = done.stdout.strip().splitlines()[-1]
    assert "already there" in last and f"xlbridge demo --out {out} --force" in last
    assert {p.name: p.stat().st_mtime_ns for p in out.iterdir()} == before  # nothing rewritten
    done = run_demo("--out", out, "--force")
    assert done.returncode == 0, done.stderr
    assert printed_ranking(done.stdout) == printed_ranking(demo[1])  # the same sample every run


@lo.needs_soffice[0]
@lo.needs_soffice[1]
def test_libreoffice_recalculates_the_samples_to_the_printed_numbers(demo, tmp_path: Path) -> None:
    out, stdout = demo
    pairs, teams, swiss = lo.recalc([out / "sample-pairs.xlsx", out / "sample-teams.xlsx",
                                     out / "sample-team-event.xlsx"], tmp_path)

    book = openpyxl.load_workbook(pairs, data_only=True)
    names = ("RankPlace", "RankPair", "RankName", "RankMP", "RankPercent")
    rows = [row for row in zip(*(workbooks.read_named(book, n) for n in names), strict=True)
            if row[1] not in (None, "")]
    printed = printed_ranking(stdout)
    assert len(rows) == len(printed) == len(sample.pairs_event().pairs)
    for (place, pair, name, mp, percent), line in zip(rows, printed, strict=True):
        assert str(place) == line["place"]
        assert pair == int(line["pair"])
        assert name == line["names"]
        assert mp == pytest.approx(float(line["mp"]))
        assert f"{percent:.2f}" == line["percent"]

    book = openpyxl.load_workbook(teams, data_only=True)
    totals = printed_match(stdout)
    value = {n: workbooks.read_named(book, n)[0] for n in
             ("HomeIMPs", "AwayIMPs", "TotalIMPs", "VPHome", "VPAway")}
    assert value["HomeIMPs"] == totals["home_imps"]
    assert value["AwayIMPs"] == totals["away_imps"]
    assert value["TotalIMPs"] == totals["home_imps"] - totals["away_imps"]
    assert value["VPHome"] == pytest.approx(totals["home_vp"])
    assert value["VPAway"] == pytest.approx(totals["away_vp"])
    # and board by board: the IMPs LibreOffice computed are the ones printed
    boards = dict(zip(workbooks.read_named(book, "Board"), workbooks.read_named(book, "BoardIMPs"),
                      strict=True))
    assert printed_boards(stdout) == {b: boards[b] for b in printed_boards(stdout)}
    assert len(printed_boards(stdout)) == len(sample.team_match().boards)

    # the Swiss: the standings the sheet ranks are the ones printed
    book = openpyxl.load_workbook(swiss, data_only=True)
    sheet = {team: (vp, str(place)) for team, vp, place in
             zip(*(workbooks.read_named(book, n) for n in ("TeamNumber", "TeamVP", "TeamPlace")), strict=True)}
    printed = printed_table(stdout, "Place  Team")
    assert len(printed) == 8
    for place, team, _name, _matches, vp, *_ in printed:
        assert sheet[int(team)] == (pytest.approx(float(vp)), place)


def test_the_sample_swiss_is_drawn_as_xlbridge_draw_draws(demo, tmp_path: Path) -> None:
    from xlbridge.cli import main
    from xlbridge.event import score_event

    out, stdout = demo
    event = sample.team_event()
    standings = score_event(event).standings()
    leader = printed_table(stdout, "Place  Team")[0]
    assert (leader[0], int(leader[1]), leader[4]) == (standings[0].place, standings[0].team, f"{standings[0].vp:.2f}")
    # The command draws round 4 in the file as the engine draws it from the sample itself,
    # and no two teams meet twice in the four rounds.
    copy = tmp_path / "swiss.xlsx"
    copy.write_bytes((out / "sample-team-event.xlsx").read_bytes())
    assert main(["draw", str(copy)]) == 0
    rows = zip(*(workbooks.read_named(openpyxl.load_workbook(copy), n) for n in ("MatchRound", "MatchHome",
                                                                                "MatchAway")), strict=True)
    fourth = list(dict.fromkeys((home, away) for r, home, away in rows if r == 4))
    assert fourth == next_round(score_event(event))[1]
    met = [frozenset((b.home, b.away)) for b in event.boards if b.board % event.match_boards == 1]
    met += [frozenset(pairing) for pairing in fourth]
    assert len(met) == len(set(met)) == 16
