"""``xlbridge export --html``: the results web page, its figures, its safety, and the page
in a real browser (Debian's chromium, driven by Playwright: no browser download)."""

from __future__ import annotations

import html.parser
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from xlbridge import kinds, workbooks
from xlbridge.event import sample
from xlbridge.event import scored as report
from xlbridge.formats import html as page_format

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def export(*args: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xlbridge", "export", *map(str, args)],
                          capture_output=True, text=True, timeout=300, check=False)


class Tables(html.parser.HTMLParser):
    """Every table's rows of cell texts, every id and every in-page link of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self.ids: set[str] = set()
        self.links: list[str] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if "id" in attributes:
            self.ids.add(attributes["id"])
        if tag == "a" and attributes.get("href", "").startswith("#"):
            self.links.append(attributes["href"][1:])
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append("".join(self._cell))
            self._cell = None


@pytest.fixture(scope="module")
def books(tmp_path_factory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("export")
    event = sample.pairs_event()
    pairs = kinds.PAIRS.fill(event)
    workbooks.write_named(pairs, "PairName", ['<script>alert("x")</script> & Co'])
    paths = {"pairs": folder / "pairs.xlsx", "teams": folder / "teams.xlsx"}
    workbooks.save(pairs, paths["pairs"])
    workbooks.save(kinds.TEAMS.fill(sample.team_match()), paths["teams"])
    return paths


def test_the_page_shows_the_engines_ranking_and_every_traveller(books, tmp_path):
    out = tmp_path / "results.html"
    done = export(books["pairs"], "--html", out)
    assert done.returncode == 0, done.stderr
    text = out.read_text(encoding="utf-8")
    parsed = Tables()
    parsed.feed(text)
    ranking = parsed.tables[0]
    assert ranking[0] == ["Place", "Pair", "Names", "MP", "Top", "%"]
    scored = report.score_pairs(sample.pairs_event()).scored
    for place, pair, _names, mp, top, percent in ranking[1:]:
        total = scored.pairs[int(pair)]
        assert (place, float(mp), float(top), percent) == (total.place, total.mp, total.top, f"{total.percent:.2f}")
    assert len(parsed.tables) == 1 + 27 + 18  # the ranking, then a traveller a board, then a pair's own card
    assert {f"board-{b}" for b in range(1, 28)} <= parsed.ids
    assert set(parsed.links) <= parsed.ids and len(parsed.links) >= 27
    # self-contained: nothing fetched, no script; a name is text, never markup
    assert "<script>alert" not in text and "&lt;script&gt;alert" in text
    for needle in ("http://", "https://", "<script", "src=", "@import"):
        assert needle not in text.replace("&lt;script&gt;", ""), needle


def test_a_team_match_page_and_the_refusals(books, tmp_path):
    out = tmp_path / "match.html"
    assert export(books["teams"], "--html", out).returncode == 0
    match = report.score_teams(sample.team_match())
    assert f"{match.vp_home:.2f}" in out.read_text(encoding="utf-8") and match.verdict in out.read_text("utf-8")
    before = out.read_bytes()
    again = export(books["teams"], "--html", out)
    assert again.returncode == 2 and "already exists" in again.stderr and out.read_bytes() == before
    assert export(books["teams"], "--html", out, "--force").returncode == 0
    blank = workbooks.save(workbooks.build("pairs"), tmp_path / "blank.xlsx")
    empty = export(blank, "--html", tmp_path / "never.html")
    assert empty.returncode == 1 and "no results yet" in empty.stderr
    assert not (tmp_path / "never.html").exists()


def test_dumps_and_dump_agree(tmp_path):
    scored = report.score_pairs(sample.pairs_event())
    with (tmp_path / "page.html").open("w", encoding="utf-8") as handle:
        page_format.dump(scored, handle)
    assert (tmp_path / "page.html").read_text(encoding="utf-8") == page_format.dumps(scored)


def opened(path: Path) -> Iterator[tuple[object, int, list[str]]]:
    """The page at ``path`` in Debian's chromium at a phone's and a desktop's width: each
    (page, width, console and page errors so far), the page closed after its turn."""
    from playwright.sync_api import sync_playwright

    flags = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
             "--disable-component-update", "--disable-sync"]  # Playwright gives it a fresh profile
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=flags)
        try:
            for width, height in ((390, 844), (1280, 900)):
                page = browser.new_page(viewport={"width": width, "height": height})
                errors: list[str] = []
                page.on("console", lambda message, errors=errors: errors.append(message.text)
                        if message.type == "error" else None)
                page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
                page.goto(path.as_uri())
                yield page, width, errors
                page.close()
        finally:
            browser.close()


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)")
def test_the_page_in_a_real_browser_at_phone_and_desktop_width(books, tmp_path):
    out = tmp_path / "results.html"
    assert export(books["pairs"], "--html", out).returncode == 0
    for page, width, errors in opened(out):
        assert errors == []
        links = page.eval_on_selector_all("a[href^='#']", "els => els.map(e => e.getAttribute('href'))")
        assert len(links) >= 28 and all(page.query_selector(link) for link in links)
        page.click("a[href='#board-5']")
        assert page.evaluate("location.hash") == "#board-5"
        # readable: nothing wider than the screen, and the ranking's text is real text
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert "Tuesday Pairs" in page.inner_text("h1")
        page.screenshot(path=str(tmp_path / f"page-{width}.png"), full_page=False)
        assert (tmp_path / f"page-{width}.png").stat().st_size > 10_000


def test_exactly_one_format_a_run(books, tmp_path):
    neither = export(books["pairs"])
    both = export(books["pairs"], "--pbn", tmp_path / "a.pbn", "--usebio", tmp_path / "a.xml")
    assert neither.returncode == both.returncode == 2
    assert "one of the arguments --pbn --usebio --html --federation is required" in neither.stderr
    assert "not allowed with argument" in both.stderr and not list(tmp_path.iterdir())
    for flag, name, start in (("--pbn", "a.pbn", "% PBN 2.1"), ("--usebio", "a.xml", "<?xml")):
        assert export(books["pairs"], flag, tmp_path / name).returncode == 0
        assert (tmp_path / name).read_text(encoding="utf-8").startswith(start)
        again = export(books["pairs"], flag, tmp_path / name)
        assert again.returncode == 2 and "already exists" in again.stderr


@pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)")
def test_a_team_events_page_in_a_real_browser(tmp_path):
    from tests.test_teams_event_book import play, standings

    names = ["Aces", "Kings", "Queens", "Jacks", "Tens", "Nines", "Eights"]
    book = workbooks.build("teams-event", teams=7, boards=3, names=names, event="Winter teams")
    play(book, {1, 2, 3}, seed=8)
    path = workbooks.save(book, tmp_path / "event.xlsx")
    out = tmp_path / "event.html"
    assert export(path, "--html", out).returncode == 0
    parsed = Tables()
    parsed.feed(out.read_text(encoding="utf-8"))
    expected = standings(book)
    assert [row[:2] for row in parsed.tables[0][1:]] == [[s.place, str(s.team)] for s in expected]
    assert [row[4] for row in parsed.tables[0][1:]] == [f"{s.vp:.2f}" for s in expected]
    assert len(parsed.tables) == 1 + 3 and {"round-1", "round-2", "round-3"} <= parsed.ids
    refused = export(path, "--pbn", tmp_path / "event.pbn")
    assert refused.returncode == 2
    assert "--pbn covers pairs events, individuals, team matches and Swiss pairs events" in refused.stderr
    assert not (tmp_path / "event.pbn").exists()
    for page, width, errors in opened(out):
        assert errors == []
        links = page.eval_on_selector_all("a[href^='#']", "els => els.map(e => e.getAttribute('href'))")
        assert len(links) >= 6 and all(page.query_selector(link) for link in links)
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        assert "Winter teams" in page.inner_text("h1")
        page.screenshot(path=str(tmp_path / f"event-{width}.png"), full_page=True)
    assert (tmp_path / "event-390.png").stat().st_size > 10_000
