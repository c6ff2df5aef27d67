"""pivot.xlsx in LibreOffice: random legal fills (4 and 5 players, blank and half-filled
rounds, ties, a bad total) recalculated, every named output equal to
:func:`xlbridge.pivot_standings` and the seating to :func:`xlbridge.pivot_seating`;
then printed to PDF on A4 and Letter.

One soffice run recalculates every scenario, one prints every case.
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass, field
from typing import Any

import openpyxl
import pytest

from tests import lo
from xlbridge import engine as E
from xlbridge import workbooks as W
from xlbridge.workbooks.i18n import date_text

pytestmark = lo.needs_soffice

ROUNDS = 15
TRICKY = ['=HYPERLINK("http://x","y")', "+358 40 123", "Anna", "Bert", "Cecilia Montgomery-Smith"]


@dataclass
class PivotFill:
    """What a club types into pivot.xlsx, and what the engine says it shows."""

    label: str
    players: Any  # what is in PlayerCount: 4, 5, or None (cleared)
    names: list[Any]
    ns: list[Any]
    ew: list[Any]
    bad: set[int] = field(default_factory=set)  # rounds (1-based) whose total is not legal
    reopen: bool = False  # fill a saved file, as a script fills a shipped template

    def inputs(self) -> dict[str, list[Any]]:
        return {"PlayerCount": [self.players], "Player": self.names, "RoundNS": self.ns,
                "RoundEW": self.ew}

    def expected(self) -> dict[str, list[Any]]:
        """The engine's standings and seating, as the sheet should show them."""
        count = self.players if self.players in (4, 5) else None
        played = [None if number in self.bad else (ns, ew)
                  for number, (ns, ew) in enumerate(zip(self.ns, self.ew, strict=True), start=1)]
        flags = ["total?" if n in self.bad and count else
                 "players?" if count is None and (ns is not None or ew is not None) else None
                 for n, ns, ew in zip(range(1, ROUNDS + 1), self.ns, self.ew, strict=True)]
        out: dict[str, list[Any]] = {"RoundCheck": flags, "RoundNumber": list(range(1, ROUNDS + 1))}
        standings = E.pivot_standings(count, played) if count else ()
        if not any(p is not None and p != (None, None) for p in played) or not count:
            standings = ()  # nothing counts yet: the standings stay blank
        by_player = {s.player: s for s in standings}
        for name, attribute in (("PlayerRounds", "rounds"), ("PlayerScored", "scored"),
                                ("PlayerConceded", "conceded"), ("PlayerNet", "net"),
                                ("PlayerPlace", "place")):
            out[name] = [getattr(by_player[p], attribute) if p in by_player else None
                         for p in range(1, 6)]

        def shown(player: int | None) -> Any:
            if player is None:
                return None
            return self.names[player - 1] if self.names[player - 1] is not None else player

        seats = {"RoundNorth": [], "RoundEast": [], "RoundSouth": [], "RoundWest": [],
                 "RoundSitsOut": []}
        for number in range(1, ROUNDS + 1):
            seating = E.pivot_seating(count, number) if count else None
            for name, seat in zip(seats, ("N", "E", "S", "W", None), strict=True):
                if seating is None:
                    seats[name].append(None)
                elif seat is None:
                    seats[name].append(shown(seating.sits_out))
                else:
                    seats[name].append(shown(seating.player(seat)))
        return out | seats


def random_fill(seed: int, players: int, *, played: int = ROUNDS, blanks: int = 2,
                halves: int = 1, ties: bool = False, names: bool = True) -> PivotFill:
    """Random side totals for the first ``played`` rounds, ``blanks`` of them left blank
    and ``halves`` with one total blank; ``ties`` draws from few values so nets tie."""
    rng = random.Random(seed)
    pool = [0, 50, 100] if ties else None
    ns: list[Any] = [None] * ROUNDS
    ew: list[Any] = [None] * ROUNDS
    for k in range(played):
        if pool:
            ns[k], ew[k] = rng.choice(pool), rng.choice(pool)
        else:  # Chicago-like round totals: multiples of 10, sometimes large
            ns[k], ew[k] = (rng.choice([0, rng.randrange(0, 3000, 10)]) for _ in range(2))
    rounds = list(range(played))
    for k in rng.sample(rounds, min(blanks, played)):
        ns[k] = ew[k] = None
    for k in rng.sample([k for k in rounds if ns[k] is not None], min(halves, played - blanks)):
        if rng.random() < 0.5:
            ns[k] = None
        else:
            ew[k] = None
    who = [*TRICKY[:players], None] if names else [None] * 5
    if names and rng.random() < 0.5:
        who[1] = None  # one name not typed: the seating shows the number
    return PivotFill(f"pivot-{seed}-{players}", players, who[:5], ns, ew)


SCENARIOS = [
    random_fill(1, 4),
    random_fill(2, 5),
    random_fill(3, 4, played=7, blanks=1, halves=2),
    random_fill(4, 5, played=9, blanks=3, halves=2, names=False),
    random_fill(6, 4, ties=True),  # seeds where nets tie: places 3, 1, 1, 4
    random_fill(5, 5, ties=True),  # 3, 5, 1, 3, 2
    PivotFill("pivot-all-equal", 4, ["A", "B", "C", "D", None], [100] * 3 + [None] * 12,
              [100] * 3 + [None] * 12),  # every net 0: everyone shares first place
    PivotFill("pivot-one-round-5", 5, ["A", "B", "C", "D", "E"], [420] + [None] * 14,
              [None] * 15),  # one half round: the player sitting out has net 0
    PivotFill("pivot-bad-totals", 5, ["A", "B", "C", "D", "E"],
              [620, "lots", 100, 2.5, -50, 300] + [None] * 9,
              [100, 200, None, 300, 0, 600] + [None] * 9, bad={2, 4, 5}),
    PivotFill("pivot-no-count", None, ["A", "B", "C", "D", "E"], [620] + [None] * 14,
              [100] + [None] * 14),
    PivotFill("pivot-empty-5", 5, [None] * 5, [None] * 15, [None] * 15),
]
SCENARIOS[0].reopen = True


@pytest.fixture(scope="module")
def calculated(tmp_path_factory) -> dict[str, lo.Values]:
    folder = tmp_path_factory.mktemp("pivot_filled")
    paths = []
    for fill in SCENARIOS:
        target = folder / f"{fill.label}.xlsx"
        book = W.build("pivot")
        if fill.reopen:
            book = openpyxl.load_workbook(W.save(book, target))
        for name, values in fill.inputs().items():
            W.write_named(book, name, values)
        paths.append(W.save(book, target, force=True))
    for lang in W.LANGUAGES:
        paths.append(W.save(W.build("pivot", lang=lang), folder / f"blank-{lang}.xlsx"))
    outputs = lo.recalc(paths, tmp_path_factory.mktemp("pivot_calculated"))
    return {out.stem: lo.Values(out) for out in outputs}


@pytest.mark.parametrize("fill", SCENARIOS, ids=lambda s: s.label)
def test_every_named_output_equals_the_engine(calculated, fill: PivotFill):
    book = calculated[fill.label]
    for name, expected in fill.expected().items():
        actual = book.read(name)
        assert actual == expected, f"{name}: sheet {actual}, engine {expected}"


def test_the_scenarios_cover_ties_blank_rounds_and_both_sizes():
    places = [s.expected()["PlayerPlace"] for s in SCENARIOS]
    shared = [p for p in places if len([x for x in p if x is not None]) > len(set(p) - {None})]
    assert len(shared) >= 4  # ties share places, random and made up
    assert {s.players for s in SCENARIOS} >= {4, 5}
    assert any(None in s.ns[:5] and None in s.ew[:5] for s in SCENARIOS)


def test_no_formula_shows_an_error_value(calculated):
    errors = [(label, *error) for label, book in calculated.items() for error in book.errors()]
    assert not errors, errors[:10]


@pytest.mark.parametrize("lang", W.LANGUAGES)
def test_a_blank_template_shows_four_players_seating_and_blank_standings(calculated, lang):
    book = calculated[f"blank-{lang}"]
    for name in ("PlayerRounds", "PlayerNet", "PlayerPlace", "RoundCheck", "RoundSitsOut"):
        assert set(book.read(name)) == {None}, name
    # No names yet: the seating shows the players' numbers, from the 4-player schedule.
    assert book.read("RoundNorth")[:4] == [r.north for r in E.pivot_schedule(4)] + [2]
    assert book.read("RoundSouth") == [1] * ROUNDS


def test_names_typed_as_formulas_stay_text(calculated):
    book = calculated["pivot-1-4"]
    assert book.read("Player")[0] == TRICKY[0]
    assert TRICKY[0] in book.read("RoundEast") + book.read("RoundWest") + book.read("RoundSouth")


# --- printing ----------------------------------------------------------------------------

MARGIN = 36.0
PAPER = {"A4": (595.3, 841.9), "Letter": (612.0, 792.0)}
EVENT = "Tuesday Pivot & Co"
PRINTED = [("en", "A4"), ("en", "Letter"), ("fi", "A4"), ("fi", "Letter")]


@pytest.fixture(scope="module")
def printed(tmp_path_factory) -> dict[tuple[str, str], list[lo.Page]]:
    folder = tmp_path_factory.mktemp("pivot_print")
    fill = random_fill(7, 5)
    paths = []
    for lang, paper in PRINTED:
        book = W.build("pivot", lang=lang, paper=paper, event=EVENT,
                       date=datetime.date(2025, 3, 14))
        for name, values in fill.inputs().items():
            W.write_named(book, name, values)
        paths.append(W.save(book, folder / f"pivot-{lang}-{paper}.xlsx"))
    pdfs = lo.to_pdf(paths, tmp_path_factory.mktemp("pivot_pdf"))
    return {case: lo.pdf_words(pdf) for case, pdf in zip(PRINTED, pdfs, strict=True)}


@pytest.mark.parametrize("case", PRINTED, ids="-".join)
def test_one_page_of_the_paper_size_with_everything_on_it(printed, case):
    lang, paper = case
    [page] = printed[case]  # standings and all 15 rounds on one page
    assert (page.width, page.height) == pytest.approx(PAPER[paper], abs=1)
    assert EVENT in page.text and date_text(datetime.date(2025, 3, 14), lang) in page.text
    assert ("Sivu 1 / 1" if lang == "fi" else "Page 1 of 1") in page.text
    words = page.text.split()
    for heading in (("Sija", "Tarkista", "Sivussa") if lang == "fi"
                    else ("Place", "Check", "Sits out")):
        assert heading in page.text
    assert "15" in words and "Montgomery-Smith" in page.text
    left = min(w.x_min for w in page.words)
    right = max(w.x_max for w in page.words)
    assert left >= MARGIN - 2 and right <= page.width - MARGIN + 2, (left, right)


def test_pages_render_to_png(tmp_path):
    [pdf] = lo.to_pdf([W.save(W.build("pivot"), tmp_path / "p.xlsx")], tmp_path / "pdf")
    [png] = lo.to_png(pdf, tmp_path / "png", dpi=30)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
