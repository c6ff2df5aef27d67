"""Behaviour a change could break without any other test noticing (issue 17, item 7): the
pair-name length bound on import, East-West renumbering when North-South and East-West
counts differ, and the decimals of the IMP figures ``report --csv`` writes.

Only stable surfaces are used: the ``xlbridge`` command (``xlbridge.cli.main``), the two
readers ``xlbridge.formats.pbn.loads`` and ``xlbridge.formats.usebio.loads``, and the
files they write. Every expected figure is worked out here by hand or from the input
file's own numbers, never by xlbridge.
"""

from __future__ import annotations

import csv
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import openpyxl
import pytest

from xlbridge.cli import main
from xlbridge.formats import pbn, usebio

DATA = Path(__file__).parent / "data"

NAME_BOUND = 120
"""The longest pair names import accepts (longer ones are refused, never cut)."""


def named_values(path: Path, name: str) -> list[object]:
    """The values of a workbook's defined name (one range), row by row."""
    book = openpyxl.load_workbook(path)
    [(sheet, cells)] = list(book.defined_names[name].destinations)
    return [cell.value for row in book[sheet][cells] for cell in row]


def line_of(text: str, needle: str) -> int:
    return next(number for number, line in enumerate(text.splitlines(), start=1) if needle in line)


# --- the pair-name length bound on import -------------------------------------------


def pbn_with_names(names: str) -> str:
    """A small PBN results file (two boards, pairs 1 v 2) whose pair 1 has ``names``."""
    table = '[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R"]'
    return "\n".join([
        "% PBN 2.1", '[Event "Long names"]', '[Date "2024.10.01"]', '[Board "1"]', '[Scoring "MP"]',
        table, " 1  2 4S    N 10",
        '[TotalScoreTable "Rank\\2R;PairId\\2R;Names\\40L;TotalPercentage\\5R"]',
        f' 1  1 "{names}" 50.00',
        ' 1  2 "Cai Eng - Dan Falk" 50.00',
        "",
        '[Board "2"]', table, " 1  2 3NT   S  9", "",
    ])


def usebio_with_players(first: str, second: str) -> str:
    """A small USEBIO file whose pair 1 has the players ``first`` and ``second``."""
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<USEBIO Version="1.2">
 <EVENT EVENT_TYPE="MP_PAIRS"><EVENT_DESCRIPTION>Long names</EVENT_DESCRIPTION>
  <BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD>
  <PARTICIPANTS>
   <PAIR><PAIR_NUMBER>1</PAIR_NUMBER><PLAYER><PLAYER_NAME>{first}</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>{second}</PLAYER_NAME></PLAYER></PAIR>
   <PAIR><PAIR_NUMBER>2</PAIR_NUMBER><PLAYER><PLAYER_NAME>Cai Eng</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Dan Falk</PLAYER_NAME></PLAYER></PAIR>
  </PARTICIPANTS>
  <BOARD><BOARD_NUMBER>1</BOARD_NUMBER>
   <TRAVELLER_LINE><NS_PAIR_NUMBER>1</NS_PAIR_NUMBER><EW_PAIR_NUMBER>2</EW_PAIR_NUMBER><CONTRACT>4S</CONTRACT><PLAYED_BY>N</PLAYED_BY><TRICKS>10</TRICKS></TRAVELLER_LINE>
  </BOARD>
 </EVENT>
</USEBIO>
"""  # noqa: E501 (a PAIR on one line: the error names its line)


def names_of(length: int) -> str:
    """Pair names exactly ``length`` characters long, with no space at either end."""
    names = "Anna-Kaarina Lindqvist-Vähämäki - " + "B" * length
    return names[:length]


def test_pbn_pair_names_at_the_bound_are_kept_whole_and_one_more_is_refused(tmp_path, capsys):
    at_bound = names_of(NAME_BOUND)
    assert len(at_bound) == NAME_BOUND == 120
    imported = pbn.loads(pbn_with_names(at_bound))
    assert [(p.number, p.names) for p in imported.event.pairs] == [(1, at_bound), (2, "Cai Eng - Dan Falk")]
    # Spaces are collapsed before measuring: 121 characters as written, 120 as read.
    spaced = at_bound.replace(" - ", "  - ", 1)
    assert len(spaced) == NAME_BOUND + 1
    assert pbn.loads(pbn_with_names(spaced)).event.pairs[0].names == at_bound

    over = names_of(NAME_BOUND + 1)
    text = pbn_with_names(over)
    row = line_of(text, over)
    with pytest.raises(Exception) as caught:
        pbn.loads(text)
    assert str(caught.value) == f"line {row}: pair 1: names are 121 characters; the limit is 120"

    # Through the command: at the bound the workbook's pair list holds the names whole ...
    good, out = tmp_path / "good.pbn", tmp_path / "good.xlsx"
    good.write_text(pbn_with_names(at_bound), encoding="utf-8")
    assert main(["import", str(good), "--out", str(out)]) == 0
    assert named_values(out, "PairName")[:2] == [at_bound, "Cai Eng - Dan Falk"]
    capsys.readouterr()
    # ... one character over, nothing is written and the one line names file, line and bound.
    bad, never = tmp_path / "bad.pbn", tmp_path / "never.xlsx"
    bad.write_text(text, encoding="utf-8")
    assert main(["import", str(bad), "--out", str(never)]) == 2
    assert capsys.readouterr().err == (f"xlbridge: {bad}: line {row}: pair 1: names are 121 characters; "
                                       "the limit is 120\n")
    assert not never.exists()


def test_usebio_players_joined_count_towards_the_bound():
    # USEBIO names each player; the pair's names are the players joined by " – " (3 characters).
    first, second = "A" * 58, "B" * 59
    imported = usebio.loads(usebio_with_players(first, second))
    assert imported.event.pairs[0].names == f"{first} – {second}"
    assert len(imported.event.pairs[0].names) == NAME_BOUND

    text = usebio_with_players("A" * 59, second)
    with pytest.raises(Exception) as caught:
        usebio.loads(text.encode("utf-8"))
    row = line_of(text, "A" * 59)
    assert str(caught.value) == f"line {row}: pair 1: names are 121 characters; the limit is 120"


# --- East-West renumbered when each direction is numbered from 1 ------------------------
#
# Two uneven two-winner Mitchells, one board a round, every table playing the round's board,
# East-West moving up a table each round; the pair with no opponent sits the round out.
# Matchpoints on the 2/1/0 scale, 3 results a board, so the top is 4.
#
# 4 NS and 3 EW (USEBIO). Round r: EW e at table (e + r - 2) mod 4 + 1.
#   Board 1 (none vul): NS1-EW1 4S N 10 +420, NS2-EW2 4S N 11 +450, NS3-EW3 4S N 9 -50 (NS4 out)
#            NS2 4 NS1 2 NS3 0; EW3 4 EW1 2 EW2 0
#   Board 2 (NS vul):   NS2-EW1 3NT S 9 +600, NS3-EW2 3NT S 10 +630, NS4-EW3 3NT S 8 -100 (NS1 out)
#            NS3 4 NS2 2 NS4 0; EW3 4 EW1 2 EW2 0
#   Board 3 (EW vul):   NS3-EW1 2H E 8 -110, NS4-EW2 2H E 9 -140, NS1-EW3 2H E 7 +100 (NS2 out)
#            NS1 4 NS3 2 NS4 0; EW2 4 EW1 2 EW3 0
#   Board 4 (all vul):  NS4-EW1 4S N 10 +620, NS1-EW2 4S N 10 +620, NS2-EW3 4S N 9 -100 (NS3 out)
#            NS4 3 NS1 3 NS2 0; EW3 4 EW1 1 EW2 1
#   NS (3 boards, of 12): 1 9 = 75%, 2 6 = 50%, 3 6 = 50%, 4 3 = 25%
#   EW (4 boards, of 16): 1 7 = 43.75%, 2 5 = 31.25%, 3 12 = 75%
FOUR_NS_THREE_EW = {
    1: [(1, 1, "4S", "N", 10), (2, 2, "4S", "N", 11), (3, 3, "4S", "N", 9)],
    2: [(2, 1, "3NT", "S", 9), (3, 2, "3NT", "S", 10), (4, 3, "3NT", "S", 8)],
    3: [(3, 1, "2H", "E", 8), (4, 2, "2H", "E", 9), (1, 3, "2H", "E", 7)],
    4: [(4, 1, "4S", "N", 10), (1, 2, "4S", "N", 10), (2, 3, "4S", "N", 9)],
}
FOUR_NS_THREE_EW_PAIRS = [
    (1, "NS", ("Ann Berg", "Bo Dahl"), "75.00"), (2, "NS", ("Cai Eng", "Dan Falk"), "50.00"),
    (3, "NS", ("Eva Gren", "Fred Holm"), "50.00"), (4, "NS", ("Gus Ivar", "Hanna Juhl"), "25.00"),
    (1, "EW", ("Ida Kask", "Jon Lund"), "43.75"), (2, "EW", ("Kim Mott", "Lea Nurmi"), "31.25"),
    (3, "EW", ("Max Ojala", "Nea Pulkki"), "75.00"),
]


def usebio_mitchell(pairs, boards, *, ew_first: int = 1) -> str:
    """A two-winner USEBIO file; East-West numbered from ``ew_first``."""
    shift = ew_first - 1
    entries = "\n".join(
        f"<PAIR><PAIR_NUMBER>{number + (shift if side == 'EW' else 0)}</PAIR_NUMBER><DIRECTION>{side}</DIRECTION>"
        f"<PERCENTAGE>{percent}</PERCENTAGE>"
        + "".join(f"<PLAYER><PLAYER_NAME>{player}</PLAYER_NAME></PLAYER>" for player in players) + "</PAIR>"
        for number, side, players, percent in pairs)
    lines = "\n".join(
        f"<BOARD><BOARD_NUMBER>{board}</BOARD_NUMBER>"
        + "".join(f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew + shift}"
                  f"</EW_PAIR_NUMBER><CONTRACT>{contract}</CONTRACT><PLAYED_BY>{by}</PLAYED_BY>"
                  f"<TRICKS>{tricks}</TRICKS></TRAVELLER_LINE>" for ns, ew, contract, by, tricks in rows)
        + "</BOARD>"
        for board, rows in boards.items())
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<USEBIO Version="1.2">\n<EVENT EVENT_TYPE="MP_PAIRS">'
            "<EVENT_DESCRIPTION>Uneven Mitchell</EVENT_DESCRIPTION><DATE>15/10/2024</DATE>"
            "<BOARD_SCORING_METHOD>MATCH_POINTS</BOARD_SCORING_METHOD><WINNER_TYPE>2</WINNER_TYPE>\n"
            f"<SESSION><SECTION><PARTICIPANTS>\n{entries}\n</PARTICIPANTS>\n{lines}\n"
            "</SECTION></SESSION></EVENT>\n</USEBIO>\n")


def test_four_ns_three_ew_each_numbered_from_1(tmp_path, capsys):
    text = usebio_mitchell(FOUR_NS_THREE_EW_PAIRS, FOUR_NS_THREE_EW)
    imported = usebio.loads(text)
    # East-West n is pair 4+n: after the highest North-South number.
    assert [(p.number, p.names) for p in imported.event.pairs] == [
        (1, "Ann Berg – Bo Dahl"), (2, "Cai Eng – Dan Falk"), (3, "Eva Gren – Fred Holm"),
        (4, "Gus Ivar – Hanna Juhl"), (5, "Ida Kask – Jon Lund"), (6, "Kim Mott – Lea Nurmi"),
        (7, "Max Ojala – Nea Pulkki")]
    assert imported.notes == ("the file numbers each direction from 1: East-West pair n is pair 4+n here",)
    assert sorted((r.board, r.ns, r.ew) for r in imported.event.results) == [
        (1, 1, 5), (1, 2, 6), (1, 3, 7), (2, 2, 5), (2, 3, 6), (2, 4, 7),
        (3, 1, 7), (3, 3, 5), (3, 4, 6), (4, 1, 6), (4, 2, 7), (4, 4, 5)]
    assert {pair: figure.value for pair, figure in imported.published.items()} == {
        1: "75.00", 2: "50.00", 3: "50.00", 4: "25.00", 5: "43.75", 6: "31.25", 7: "75.00"}

    # The workbook scores it as worked out by hand above, the note said on the way.
    source, out = tmp_path / "mitchell.xml", tmp_path / "mitchell.xlsx"
    source.write_text(text, encoding="utf-8")
    assert main(["import", str(source), "--out", str(out), "--compare"]) == 0
    printed = capsys.readouterr().out
    assert "Note: the file numbers each direction from 1: East-West pair n is pair 4+n here\n" in printed
    assert "0 differences (7 published figures compared)" in printed
    assert named_values(out, "PairNumber") == [1, 2, 3, 4, 5, 6, 7]
    assert main(["check", str(out)]) == 0

    # Numbered 5-7 already: nothing to renumber, and no note.
    apart = usebio.loads(usebio_mitchell(FOUR_NS_THREE_EW_PAIRS, FOUR_NS_THREE_EW, ew_first=5))
    assert apart.notes == ()
    assert [p.number for p in apart.event.pairs] == [1, 2, 3, 4, 5, 6, 7]
    assert sorted((r.board, r.ns, r.ew) for r in apart.event.results) == \
        sorted((r.board, r.ns, r.ew) for r in imported.event.results)


# 3 NS and 4 EW (PBN, a Direction column). Round r: EW e at table (e + r - 2) mod 4 + 1,
# table 4 does not exist: that EW pair sits out.
#   Board 1: NS1-EW1 +420, NS2-EW2 +450, NS3-EW3 -50 (EW4 out)  NS2 4 NS1 2 NS3 0; EW3 4 EW1 2 EW2 0
#   Board 2: NS1-EW4 +600, NS2-EW1 +630, NS3-EW2 -100 (EW3 out) NS2 4 NS1 2 NS3 0; EW2 4 EW4 2 EW1 0
#   Board 3: NS1-EW3 -110, NS2-EW4 -140, NS3-EW1 +100 (EW2 out) NS3 4 NS1 2 NS2 0; EW4 4 EW3 2 EW1 0
#   Board 4: NS1-EW2 +620, NS2-EW3 +620, NS3-EW4 -100 (EW1 out) NS1 3 NS2 3 NS3 0; EW4 4 EW2 1 EW3 1
#   NS (4 boards, of 16): 1 9 = 56.25%, 2 11 = 68.75%, 3 4 = 25%
#   EW (3 boards, of 12): 1 2 = 16.67%, 2 5 = 41.67%, 3 7 = 58.33%, 4 10 = 83.33%
THREE_NS_FOUR_EW = """% PBN 2.1
[Event "Uneven Mitchell"]
[Date "2024.10.15"]
[Board "1"]
[Scoring "MP"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R"]
 1  1 4S    N 10
 2  2 4S    N 11
 3  3 4S    N  9
[TotalScoreTable "Rank\\2R;Direction\\2L;PairId\\2R;Names\\40L;TotalMP\\6R;TotalPercentage\\5R;NrBoards\\2R"]
 1 NS  2 "Cai Eng - Dan Falk"     11.00 68.75  4
 2 NS  1 "Ann Berg - Bo Dahl"      9.00 56.25  4
 3 NS  3 "Eva Gren - Fred Holm"    4.00 25.00  4
 1 EW  4 "Kim Mott - Lea Nurmi"   10.00 83.33  3
 2 EW  3 "Max Ojala - Nea Pulkki"  7.00 58.33  3
 3 EW  2 "Ida Kask - Jon Lund"     5.00 41.67  3
 4 EW  1 "Gus Ivar - Hanna Juhl"   2.00 16.67  3

[Board "2"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R"]
 1  4 3NT   S  9
 2  1 3NT   S 10
 3  2 3NT   S  8

[Board "3"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R"]
 1  3 2H    E  8
 2  4 2H    E  9
 3  1 2H    E  7

[Board "4"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R"]
 1  2 4S    N 10
 2  3 4S    N 10
 3  4 4S    N  9
"""


def test_three_ns_four_ew_each_numbered_from_1(tmp_path, capsys):
    imported = pbn.loads(THREE_NS_FOUR_EW)
    # East-West n is pair 3+n (the highest North-South number), not 4+n (the highest East-West).
    assert [(p.number, p.names) for p in imported.event.pairs] == [
        (1, "Ann Berg - Bo Dahl"), (2, "Cai Eng - Dan Falk"), (3, "Eva Gren - Fred Holm"),
        (4, "Gus Ivar - Hanna Juhl"), (5, "Ida Kask - Jon Lund"), (6, "Max Ojala - Nea Pulkki"),
        (7, "Kim Mott - Lea Nurmi")]
    assert imported.notes == ("the file numbers each direction from 1: East-West pair n is pair 3+n here",)
    assert sorted((r.board, r.ns, r.ew) for r in imported.event.results) == [
        (1, 1, 4), (1, 2, 5), (1, 3, 6), (2, 1, 7), (2, 2, 4), (2, 3, 5),
        (3, 1, 6), (3, 2, 7), (3, 3, 4), (4, 1, 5), (4, 2, 6), (4, 3, 7)]
    assert {pair: figure.value for pair, figure in imported.published.items()} == {
        1: "56.25", 2: "68.75", 3: "25.00", 4: "16.67", 5: "41.67", 6: "58.33", 7: "83.33"}

    source, out = tmp_path / "mitchell.pbn", tmp_path / "mitchell.xlsx"
    source.write_text(THREE_NS_FOUR_EW, encoding="utf-8")
    assert main(["import", str(source), "--out", str(out), "--compare"]) == 0
    printed = capsys.readouterr().out
    assert "Note: the file numbers each direction from 1: East-West pair n is pair 3+n here\n" in printed
    assert "0 differences (7 published figures compared)" in printed
    assert main(["check", str(out)]) == 0


# --- the CSV's IMPs and IMPs a board ----------------------------------------------------


def published_imps(path: Path) -> dict[int, tuple[str, int]]:
    """Each pair's TOTAL_SCORE as the USEBIO file prints it, and the boards it has a
    result on (a line scored NP is no board played; an adjusted score is one)."""
    root = ET.parse(path).getroot()
    boards: dict[int, int] = {}
    for section in root.iter("SECTION"):
        for line in section.iter("TRAVELLER_LINE"):
            if (line.findtext("SCORE") or "").strip().upper() == "NP":
                continue
            for side in ("NS_PAIR_NUMBER", "EW_PAIR_NUMBER"):
                if line.findtext(side):
                    pair = int(line.findtext(side))
                    boards[pair] = boards.get(pair, 0) + 1
    return {int(pair.findtext("PAIR_NUMBER")): (pair.findtext("TOTAL_SCORE"), boards[int(pair.findtext("PAIR_NUMBER"))])
            for pair in root.iter("PAIR")}


def test_report_csv_writes_imps_and_imps_a_board_with_2_decimals(tmp_path, capsys):
    source = DATA / "cross_imps_sections.xml"
    book, out = tmp_path / "imps.xlsx", tmp_path / "imps.csv"
    assert main(["import", str(source), "--out", str(book)]) == 0
    assert main(["report", str(book), "--csv", str(out)]) == 0
    capsys.readouterr()
    with out.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert list(rows[0]) == ["Field", "Place", "Pair", "Names", "IMPs", "IMPsPerBoard", "Boards"]
    got = {int(row["Pair"]): (row["IMPs"], row["IMPsPerBoard"], row["Boards"]) for row in rows}

    # From the file's own figures: its printed total (2 decimals), that total over the boards played.
    expected = {pair: (total, f"{float(total) / boards:.2f}", str(boards))
                for pair, (total, boards) in published_imps(source).items()}
    assert got == expected
    # Written out, so that a change of rounding or decimals shows: 3.5 over 3 boards is 1.17 (not 1.2,
    # 1.167 or 1.1666666666666667), -6.5 over 2 is -3.25, -13 over 2 is -6.50 (not -6.5).
    assert got == {1: ("6.00", "2.00", "3"), 2: ("-6.50", "-3.25", "2"), 3: ("3.50", "1.17", "3"),
                   4: ("5.50", "2.75", "2"), 5: ("-13.00", "-6.50", "2"), 6: ("9.50", "3.17", "3")}
    assert all(re.fullmatch(r"-?\d+\.\d\d", row[column]) for row in rows for column in ("IMPs", "IMPsPerBoard"))
