"""A sectioned pairs event scored and shown (issue 19 part 6): ``score_pairs`` on an event of
two sections equals :func:`xlbridge.engine.sections_event` on its rows, and the views (text,
CSV, the web page, the printout) show every pair with its section, the overall ranking and
each section's with its top, travellers with each row's section, and each pair's own card.

Two 5-table Mitchells of 15 boards, A and B, with results random but seeded (the same
every run). The one-section views are the existing tests' (test_report.py, test_hand_views.py,
test_export.py): they pass unchanged.
"""

from __future__ import annotations

import csv
import dataclasses
import html.parser
import io
import itertools
import random
import re
import shutil
from pathlib import Path

import pytest

from tests import lo
from xlbridge.engine import BridgeInputError, Side, movement, sections_event
from xlbridge.engine.handicap import handicapped
from xlbridge.engine.handrecord import HandRecord
from xlbridge.engine.hands import deals
from xlbridge.event import Pair, PairResult, PairsEvent, Play, SectionTotal, score_pairs
from xlbridge.formats import csv as csv_format
from xlbridge.formats import html as page
from xlbridge.formats import printout, text
from xlbridge.formats import table as tables

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CONTRACTS = [("4S", "N", 10), ("4S", "N", 9), ("3NT", "S", 9), ("3NT", "E", 8), ("2H", "W", 8), ("4H", "S", 11),
             ("A60/40", "", None)]
SECTIONS = ("A", "B")


def two_sections(across: bool = True, seed: int = 19, **options: object) -> PairsEvent:
    """Sections A and B, each a 5-table Mitchell of 15 boards, every pair named."""
    chance = random.Random(seed)
    results, pairs = [], []
    for section in SECTIONS:
        for seating in movement("mitchell", tables=5, boards=15).rows:
            for board in seating.boards:
                results.append(PairResult(board, seating.ns, seating.ew, Play(*chance.choice(CONTRACTS)), section))
        pairs += [Pair(number, f"{section}{number} North – {section}{number} South", section=section)
                  for number in range(1, 11)]
    return PairsEvent("Two sections", "2026-12-01", tuple(pairs), tuple(results), tables=10, boards=15,
                      options=options, across=across)


def engine(event: PairsEvent, **extra: object):
    """sections_event straight on the event's rows: what the report must equal."""
    return sections_event([(r.section, *r.entry) for r in event.results], across=event.across,
                          mpscale=event.scale, **event.options, **extra)


CASES = [(True, {}), (False, {}), (True, {"fields": 2}), (False, {"fields": 2}), (True, {"scoring": "Butler"}),
         (False, {"scoring": "Cross-IMPs", "fields": 2})]


@pytest.mark.parametrize(("across", "options"), CASES)
def test_the_reports_figures_are_sections_events(across, options):
    event = two_sections(across, **options)
    report, scored = score_pairs(event), engine(event)
    assert report.sectioned == scored
    assert report.scored.rows == scored.rows
    assert report.comparison == ("across the field" if across else "within sections")
    assert set(report.pairs) == set(scored.pairs) and len(report.pairs) == 20
    for key, line in scored.pairs.items():
        total = report.pairs[key]
        assert isinstance(total, SectionTotal) and (total.section, total.pair) == key
        assert (total.percent, total.mp, total.imps, total.place) == \
            (line.total.percent, line.total.mp, line.total.imps, line.total.place)
        assert total.section_place == line.section_place
    for (title, totals), field in zip(report.rankings(), scored.field_list, strict=True):
        assert [(t.section, t.pair) for t in totals] == [line.key for line in scored.ranking(field)]
        assert title == {None: "", Side.NS: "North-South", Side.EW: "East-West"}[field]
    sections = report.section_rankings()
    assert len(sections) == 2 * len(scored.field_list)
    for title, totals in sections:
        section = title.split()[1]
        assert {t.section for t in totals} == {section}
        assert [t.place for t in totals] == [scored.pairs[(section, t.pair)].section_place for t in totals]


def test_one_section_is_as_before():
    from xlbridge.event import sample

    report = score_pairs(sample.pairs_event())
    assert report.sectioned is None and report.sections == () and report.comparison == ""
    assert report.section_rankings() == [] and tables.sections_text(report) == ""
    assert report.pairs == {("", number): total for number, total in report.scored.pairs.items()}
    assert not any(isinstance(total, SectionTotal) for _, totals in report.rankings() for total in totals)
    assert [report.label(t) for t in report.rankings()[0][1]] == [str(t.pair) for t in report.rankings()[0][1]]
    assert "Overall" not in text.dumps(report) and "Section" not in csv_format.dumps(report).splitlines()[0]


def test_a_penalty_is_its_sections_pair_and_a_missing_section_is_refused():
    event = two_sections()
    pairs = tuple(dataclasses.replace(p, penalty=3) if (p.section, p.number) == ("B", 4) else p for p in event.pairs)
    fined = score_pairs(dataclasses.replace(event, pairs=pairs))
    assert fined.pairs[("B", 4)].penalty == 3.0 and fined.pairs[("A", 4)].penalty == 0.0
    assert fined.pairs[("B", 4)].mp == score_pairs(event).pairs[("B", 4)].mp - 3
    assert fined.sectioned == engine(event, penalties={("B", 4): 3})
    unsectioned = (*event.results[:-1], dataclasses.replace(event.results[-1], section=""))
    with pytest.raises(BridgeInputError, match="every pair and result needs its section"):
        score_pairs(dataclasses.replace(event, results=unsectioned))


def _blocks(shown: str) -> dict[str, list[list[str]]]:
    """The terminal text's tables by heading: each row's cells (two spaces apart)."""
    blocks = {}
    for block in shown.split("\n\n")[1:]:
        heading, _header, _rule, *rows = block.splitlines()
        blocks[heading] = [re.split(r"\s{2,}", row.strip()) for row in rows]
    return blocks


@pytest.mark.parametrize("across", [True, False])
def test_text_shows_the_overall_ranking_and_each_sections_with_its_top(across):
    report = score_pairs(two_sections(across))
    shown = text.dumps(report)
    first = shown.splitlines()[0]
    assert first.endswith(f"sections A, B, {'across the field' if across else 'within sections'}")
    assert first.startswith("Two sections, 2026-12-01: 20 pairs, 15 boards")
    blocks = _blocks(shown)
    tops = {section: report.top(section) for section in SECTIONS}
    # Across the field a board's top is the whole field's: 10 results, 18; within: 5 results, 8.
    assert tops == ({"A": 18.0, "B": 18.0} if across else {"A": 8.0, "B": 8.0})
    assert list(blocks) == ["Overall", *(f"Section {s}, top {tops[s]:.0f}" for s in SECTIONS)]
    overall = blocks["Overall"]
    assert [(row[0], row[1]) for row in overall] == [
        (t.place, report.label(t)) for t in report.rankings()[0][1]]
    assert sorted(row[1] for row in overall) == sorted(f"{s} {n}" for s in SECTIONS for n in range(1, 11))
    for section in SECTIONS:
        rows = blocks[f"Section {section}, top {tops[section]:.0f}"]
        assert [row[1] for row in rows] == [f"{section} {n}" for _, n in
                                            [line.key for line in report.sectioned.ranking(section=section)]]
        assert [row[0] for row in rows] == [report.sectioned.pairs[(section, int(row[1].split()[1]))].section_place
                                            for row in rows]
        assert all(row[2] == f"{section}{row[1].split()[1]} North – {section}{row[1].split()[1]} South"
                   for row in rows)


def test_csv_has_every_pairs_section_and_its_place_there():
    report = score_pairs(two_sections(False, fields=2))
    rows = list(csv.DictReader(io.StringIO(csv_format.dumps(report))))
    assert list(rows[0])[:5] == ["Field", "Place", "Section", "SectionPlace", "Pair"]
    assert len(rows) == 20
    for row in rows:
        line = report.sectioned.pairs[(row["Section"], int(row["Pair"]))]
        assert (row["Place"], row["SectionPlace"], float(row["Percent"])) == \
            (line.total.place, line.section_place, round(line.total.percent, 2))
        assert row["Field"] == str(line.total.field)


def test_a_traveller_and_a_pairs_card_carry_the_section():
    report = score_pairs(two_sections())
    event = report.event
    board = [i for i, r in enumerate(event.results) if r.board == 7]
    table = tables.traveller(report, board)
    cells = table.cells("text")
    assert len(cells) == 10
    assert [(c[0], c[1]) for c in cells] == [(f"{event.results[i].section} {event.results[i].ns}",
                                              f"{event.results[i].section} {event.results[i].ew}") for i in board]
    assert {c[0].split()[0] for c in cells} == {"A", "B"}
    assert table.headings("csv")[:4] == ["Board", "Section", "NS", "EW"]
    assert [c[1] for c in table.cells("csv")] == [event.results[i].section for i in board]
    # B 3's card: its 15 boards, none of A 3's, its own matchpoints, opponents in its section
    card = tables.pair_boards(report, 3, "B")
    mine = [i for i, r in enumerate(event.results) if r.section == "B" and 3 in (r.ns, r.ew)]
    assert len(card.rows) == 15 == len(mine)
    by_board = {row[0]: row for row in card.rows}
    for i in mine:
        result, points = event.results[i], report.sectioned.rows[i]
        row = by_board[result.board]
        assert row[5] == (points.ns if result.ns == 3 else points.ew)
        opponents = result.ew if result.ns == 3 else result.ns
        assert row[2] == f"B {opponents}" and row[-1] == f"B{opponents} North – B{opponents} South"
    assert sum(row[5] for row in card.rows) == report.pairs[("B", 3)].mp


class _Anchors(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.links: list[str] = []
        self.headings: list[str] = []
        self._in: str | None = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if "id" in attributes:
            self.ids.add(attributes["id"])
        if tag == "a" and (attributes.get("href") or "").startswith("#"):
            self.links.append(attributes["href"][1:])
        if tag == "h2":
            self._in, self.headings = "h2", [*self.headings, ""]

    def handle_data(self, data):
        if self._in == "h2":
            self.headings[-1] += data

    def handle_endtag(self, tag):
        if tag == "h2":
            self._in = None


def test_the_web_page_has_every_section_ranking_traveller_and_card():
    report = score_pairs(two_sections())
    shown = page.dumps(report)
    found = _Anchors()
    found.feed(shown)
    assert all(link in found.ids for link in found.links)  # no link goes nowhere
    cards = {f"pair-{s}-{n}" for s in SECTIONS for n in range(1, 11)}
    assert cards <= found.ids and cards <= set(found.links)
    assert found.headings[:3] == ["Overall", "Section A, top 18", "Section B, top 18"]
    assert "Pair B 3: B3 North – B3 South" in found.headings
    assert "sections A, B, across the field" in shown
    # every traveller's rows link to the cards of the pairs of the row's own section
    assert {f"board-{b}" for b in range(1, 16)} <= found.ids


def test_the_printout_has_the_overall_and_the_section_rankings():
    report = score_pairs(two_sections(False))
    sheet = printout.pairs_printout(report).active
    values = [[cell.value for cell in row] for row in sheet.iter_rows()]
    headings = [row[0] for row in values if isinstance(row[0], str) and row[0].startswith(("Overall", "Section"))]
    assert headings == ["Overall", "Section A, top 8", "Section B, top 8"]
    assert "sections A, B, within sections" in str(values[1][0])
    labels = [row[1] for row in values if isinstance(row[1], str) and re.fullmatch(r"[AB] \d+", row[1])]
    assert len(labels) == 40 and sorted(set(labels)) == sorted(f"{s} {n}" for s in SECTIONS for n in range(1, 11))


def test_handicaps_rank_every_section_together():
    event = two_sections()
    handicaps = {("A", 1): 6.0, ("B", 8): 12.5, ("B", 3): -4.0}
    pairs = tuple(dataclasses.replace(p, handicap=handicaps.get((p.section, p.number))) for p in event.pairs)
    report = score_pairs(dataclasses.replace(event, pairs=pairs))
    lines = [(key, line.total.percent, None) for key, line in report.sectioned.pairs.items()]
    assert list(report.handicapped) == handicapped(lines, handicaps)
    assert {h.pair: h.percent for h in report.handicapped}[("B", 8)] == report.pairs[("B", 8)].percent + 12.5
    shown = _blocks(text.dumps(report))["Handicapped"]
    assert [(row[0], row[1]) for row in shown] == [(h.place, f"{h.pair[0]} {h.pair[1]}") for h in report.handicapped]
    assert len(shown) == 20 and shown[[row[1] for row in shown].index("A 1")][2] == "A1 North – A1 South"


def test_an_imp_sections_heading_has_no_top():
    report = score_pairs(two_sections(scoring="Butler"))
    assert [tables.section_heading(report, title, totals) for title, totals in report.section_rankings()] == \
        ["Section A", "Section B"]


def with_hands(event: PairsEvent) -> PairsEvent:
    """The event with every board's deal (no double dummy): the printout then has travellers."""
    return dataclasses.replace(event, hands={b: HandRecord(b, d) for b, d in enumerate(deals(15, seed="x3"), 1)})


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)")
def test_the_sectioned_page_in_a_real_browser(tmp_path):
    from tests.test_export import opened

    out = tmp_path / "sections.html"
    out.write_text(page.dumps(score_pairs(with_hands(two_sections()))), encoding="utf-8")
    for tab, width, errors in opened(out):
        assert errors == []
        links = tab.eval_on_selector_all("a[href^='#']", "els => els.map(e => e.getAttribute('href'))")
        assert "#pair-B-3" in links and all(tab.query_selector(link) for link in links)
        tab.screenshot(path=str(tmp_path / f"sections-{width}.png"))
        tab.goto(out.as_uri() + "#board-7")
        tab.screenshot(path=str(tmp_path / f"sections-board-{width}.png"))
        rows = tab.locator("#board-7 tbody tr").all_inner_texts() or tab.locator("#board-7 tr").all_inner_texts()
        assert sum(bool(re.match(r"\s*[AB] \d+", row)) for row in rows) == 10
        width_used = tab.evaluate("document.documentElement.scrollWidth")
        assert width_used <= width + 1 or width == 390  # a phone scrolls the wide tables inside their box


@lo.requires_soffice
def test_the_sectioned_printout_as_a_pdf(tmp_path):
    book = tmp_path / "sections.xlsx"
    printout.pairs_printout(score_pairs(with_hands(two_sections()))).save(book)
    pdf = Path(lo.to_pdf([book], tmp_path / "pdf")[0])
    pages = lo.pdf_words(pdf)
    words = [w.text for p in pages for w in p.words]
    joined = " ".join(words)
    assert "Overall" in words and "Section A, top 18" in joined and "Section B, top 18" in joined
    for section in SECTIONS:  # each pair: once in the overall ranking, once in its section's, in travellers
        assert sum(a == section and b.isdigit() for a, b in itertools.pairwise(words)) >= 20 + 150
    for p in pages:
        assert all(w.x_max <= p.width and w.y_max <= p.height for w in p.words)
    lo.to_png(pdf, tmp_path / "png")  # to look at: pytest --basetemp=DIR
