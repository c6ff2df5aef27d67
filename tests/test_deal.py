"""``xlbridge deal`` end to end (through ``xlbridge.cli.main``): the PBN deal file read back
by a reader nobody here wrote (endplay's PBN parser), with DDS's tricks and par when the
solver is installed and one line saying how to get them when it is not; Duplimate's DUP
file checked against the example in its maker's published description; the refusals."""

from __future__ import annotations

import pytest

from tests import lo
from xlbridge import cli, solver
from xlbridge.engine import board_dealer, board_vul
from xlbridge.engine.hands import CARDS, SUITS, Deal, deals
from xlbridge.formats import dup, handrecords

parsers = pytest.importorskip("endplay.parsers.pbn", reason="endplay (the test extra) reads the files back")


def deal_file(tmp_path, *args, name="deals.pbn"):
    out = tmp_path / name
    return out, cli.main(["deal", *args, "--out", str(out)])


def read_by_endplay(path):
    return parsers.loads(path.read_text(encoding="utf-8"))


def test_a_session_is_dealt_into_a_pbn_file_endplay_reads_back_equal(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(solver, "available", lambda: False)  # the deals alone: DDS is tested below
    out, status = deal_file(tmp_path, "--boards", "36", "--seed", "club night", "--event", "Tuesday",
                            "--date", "2026-12-01")
    said = capsys.readouterr()
    assert status == 0
    assert said.out == f"Wrote {out}: boards 1-36 dealt from seed 'club night'\n"
    assert said.err == f"No double dummy or par: {solver.INSTALL}\n"  # said once, not a board at a time
    boards = read_by_endplay(out)
    expected = deals(36, seed="club night")
    assert [board.board_num for board in boards] == list(range(1, 37))
    for board, deal in zip(boards, expected, strict=True):
        assert Deal.parse(board.deal.to_pbn()) == deal
        assert board.dealer.abbr == str(board_dealer(board.board_num))
        vul = {"None": "none", "NS": "ns", "EW": "ew", "All": "both"}[str(board_vul(board.board_num))]
        assert board.vul.name == vul
        assert board.info["Event"] == "Tuesday" and board.info["Date"] == "2026.12.01"
        assert "DoubleDummyTricks" not in board.info
    assert [record.deal for record in handrecords.read(out.read_text(encoding="utf-8")).records] == expected


def test_the_seed_gives_the_same_file_and_no_seed_another(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(solver, "available", lambda: False)
    one, _ = deal_file(tmp_path, "--boards", "8", "--seed", "42", name="one.pbn")
    two, _ = deal_file(tmp_path, "--boards", "8", "--seed", "42", name="two.pbn")
    other, _ = deal_file(tmp_path, "--boards", "8", name="three.pbn")
    assert one.read_bytes() == two.read_bytes()
    assert one.read_bytes() != other.read_bytes()
    assert "the operating system's randomness" in capsys.readouterr().out


@pytest.mark.skipif(not solver.available(), reason=solver.INSTALL)
def test_with_dds_each_board_carries_its_double_dummy_tricks_and_par(tmp_path, capsys):
    from endplay.dds import calc_dd_table
    from endplay.types import Denom, Player

    out, status = deal_file(tmp_path, "--boards", "4", "--first", "5", "--seed", "solve me")
    said = capsys.readouterr()
    assert status == 0 and said.err == ""
    assert said.out == f"Wrote {out}: boards 5-8 dealt from seed 'solve me', with double dummy and par\n"
    boards = read_by_endplay(out)
    records = handrecords.read(out.read_text(encoding="utf-8")).records
    assert [board.board_num for board in boards] == [record.board for record in records] == [5, 6, 7, 8]
    strains = {"NT": Denom.nt, "S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs}
    for board, record in zip(boards, records, strict=True):
        # each deal solved one by one, as endplay reads it from the file: the tags belong to that deal
        table = calc_dd_table(board.deal)
        assert record.tricks is not None and record.par is not None
        for seat in "NESW":
            for strain, denom in strains.items():
                assert record.tricks.rows["NESW".index(seat)][list(strains).index(strain)] == \
                    table[denom, Player.find(seat)], (board.board_num, seat, strain)
        assert board.info["DoubleDummyTricks"] == record.tricks.hex()
        assert board.info["OptimumScore"] == record.par.optimum_score()


def test_a_dup_file_for_a_duplimate_machine(tmp_path, capsys):
    out, status = deal_file(tmp_path, "--boards", "36", "--first", "3", "--seed", "machine", name="deals.DUP")
    assert status == 0 and "(Duplimate DUP)" in capsys.readouterr().out
    data = out.read_bytes()
    assert data == dup.dumps(deals(36, seed="machine"), first=3)
    assert len(data) == 36 * dup.SIZE
    assert {data[n * 156 + 146:n * 156 + 156] for n in range(36)} == {b"YN3  1 38 "}
    # --format wins over the extension
    pbn, status = deal_file(tmp_path, "--boards", "2", "--format", "DUP", name="deals.pbn")
    assert status == 0 and len(pbn.read_bytes()) == 2 * dup.SIZE


def test_the_dup_writer_gives_the_example_of_duplimates_own_description():
    """Jannersten's description of the DUP file (see xlbridge/formats/dup.py) gives one
    deal in both parts and the last ten bytes of a set of 32; the writer gives the same
    DGE bytes and trailer, and BRI numbers naming the same cards (the example lists them
    in the order dealt, the writer in suit order)."""
    bri = {"N": "18043727240822422106250717", "E": "51503215164929412640314645", "S": "43351128302039140152133403"}
    dge = "♠J987♥JT7643♦A4♣Q♠♥KQ2♦QT9♣AK98543♠AQ42♥A8♦KJ762♣J2♠KT653♥95♦853♣T76"
    symbols = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
    hands = ["".join(ch if ch not in symbols else "." for ch in part)[1:] for part in
             dge.replace("♠", "|♠").split("|")[1:]]
    deal = Deal.parse("N:" + " ".join(hands))
    data = dup.dumps([deal] * 32, first=1)
    glyphs = {"♥": 3, "♦": 4, "♣": 5, "♠": 6}  # the IBM PC's glyphs of bytes 3-6 (Python's cp437 has controls)
    assert data[78:146] == bytes(glyphs.get(ch, ord(ch)) for ch in dge)
    assert data[146:156] == b"YN1  1 32 "  # "YN1**1*32*, * = space"
    for n, seat in enumerate("NES"):
        theirs = {CARDS[int(bri[seat][i:i + 2]) - 1] for i in range(0, 26, 2)}
        ours = {CARDS[int(data[26 * n + i:26 * n + i + 2]) - 1] for i in range(0, 26, 2)}
        assert ours == theirs == set(deal.hands[n].cards()), seat  # type: ignore[union-attr]
    assert SUITS == "SHDC"


@pytest.mark.parametrize(("args", "message"), [
    (["--boards", "0"], '--boards "0": give a whole number 1-999'),
    (["--boards", "ten"], '--boards "ten": give a whole number 1-999'),
    (["--boards", "1000"], '--boards "1000": give a whole number 1-999'),
    (["--boards", "4", "--first", "0"], '--first "0": give a whole number 1-999'),
    (["--boards", "36", "--first", "970"], "--first 970 --boards 36: the last board would be 1005"),
    (["--boards", "4", "--date", "1.12.2026"], '--date "1.12.2026": write the date as YYYY-MM-DD'),
])
def test_bad_options_are_one_line_and_exit_2(tmp_path, capsys, args, message):
    out, status = deal_file(tmp_path, *args)
    said = capsys.readouterr()
    assert status == 2 and said.out == ""
    assert said.err.startswith(f"xlbridge: {message}") and said.err.count("\n") == 1
    assert not out.exists()


def test_an_existing_file_is_replaced_only_with_force(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(solver, "available", lambda: False)
    out = tmp_path / "deals.pbn"
    out.write_text("the director's own deals\n", encoding="utf-8")
    assert cli.main(["deal", "--boards", "4", "--out", str(out)]) == 2
    assert "already exists" in capsys.readouterr().err
    assert out.read_text(encoding="utf-8") == "the director's own deals\n"
    assert cli.main(["deal", "--boards", "4", "--out", str(out), "--force"]) == 0
    assert len(read_by_endplay(out)) == 4


@lo.requires_soffice
def test_hands_prints_the_hand_records_four_boards_a_page(tmp_path, capsys):
    """``--hands``: the PDF LibreOffice prints from formats.printout.hand_records, read
    back with pdftotext: 6 boards on 2 pages, 4 then 2, each board's hands as dealt."""
    pdf = tmp_path / "hands.pdf"
    out, status = deal_file(tmp_path, "--boards", "6", "--seed", "print me", "--event", "Tuesday pairs",
                            "--hands", str(pdf), "--paper", "Letter")
    said = capsys.readouterr()
    assert status == 0, said.err
    assert f"Wrote {pdf}: the hand records, four boards to a page" in said.out
    pages = lo.pdf_words(pdf)
    assert len(pages) == 2
    assert (round(pages[0].width), round(pages[0].height)) == (612, 792)  # Letter
    on_page = [[n for n in range(1, 7) if f"Board {n}" in page.text] for page in pages]
    assert on_page == [[1, 2, 3, 4], [5, 6]]
    assert all("Tuesday pairs" in page.text for page in pages)
    for one in deals(6, seed="print me"):
        north = one.hands[0]
        assert north is not None
        spades = north.suits[0] or "—"
        assert any(spades.replace("T", "10") in page.text or spades in page.text for page in pages)
    assert "♠" in pages[0].text and "♥" in pages[0].text
    assert handrecords.read(out.read_text(encoding="utf-8")).records[0].deal == deals(1, seed="print me")[0]


def test_hands_needs_libreoffice_and_refuses_before_dealing(tmp_path, monkeypatch, capsys):
    from xlbridge.director import office

    monkeypatch.setattr(office, "soffice", lambda: None)
    out, status = deal_file(tmp_path, "--boards", "4", "--hands", str(tmp_path / "hands.pdf"))
    assert status == 2 and "LibreOffice is not installed" in capsys.readouterr().err
    assert not out.exists()
    # an existing PDF is refused before anything is written, the deal file included
    monkeypatch.undo()
    (tmp_path / "old.pdf").write_bytes(b"%PDF the director's")
    out, status = deal_file(tmp_path, "--boards", "4", "--hands", str(tmp_path / "old.pdf"), name="new.pbn")
    assert status == 2 and "already exists" in capsys.readouterr().err
    assert not out.exists() and (tmp_path / "old.pdf").read_bytes() == b"%PDF the director's"
