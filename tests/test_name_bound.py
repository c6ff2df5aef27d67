"""One bound for names (issue 18): import accepts a pair's names and an event's name as long
as the pairs workbook's cells allow (``workbooks/book.py``), so an imported book checks clean
and holds only what its own validation allows; one character more is refused at import, in
one line, and nothing is written."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from openpyxl.utils import range_boundaries

from xlbridge import kinds, workbooks
from xlbridge.cli import main
from xlbridge.workbooks.book import EVENT_LENGTH, NAME_LENGTH

DATA = Path(__file__).parent / "data"
# (file, its encoding, pair 1's first player or names as the file writes them, the event's name)
SOURCES = {
    "pbn": ("club_night.pbn", "utf-8", '"Ann Berg - Bo Dahl"', "Club Night"),
    "usebio": ("club_night_flat.xml", "iso-8859-1", "<PLAYER_NAME>Ann Berg</PLAYER_NAME>", "Club Night"),
}


def _written(tmp_path: Path, fmt: str, names_length: int, event_length: int = 10) -> tuple[Path, str, str]:
    """The source file with pair 1's names and the event's name made that long: (file, names, event)."""
    file, encoding, spelled, event = SOURCES[fmt]
    text = (DATA / file).read_text(encoding=encoding)
    long_event = ("Autumn pairs " * 20)[:event_length - 1] + "x"
    if fmt == "pbn":
        names = "Ann Berg - " + "B" * (names_length - len("Ann Berg - "))
        text = text.replace(spelled, f'"{names}"').replace(f'[Event "{event}"]', f'[Event "{long_event}"]')
    else:  # USEBIO lists the players; import joins them with " – "
        first = "A" * (names_length - len(" – Bo Dahl"))
        names = f"{first} – Bo Dahl"
        text = text.replace(spelled, f"<PLAYER_NAME>{first}</PLAYER_NAME>").replace(
            f"<EVENT_DESCRIPTION>{event}</EVENT_DESCRIPTION>", f"<EVENT_DESCRIPTION>{long_event}</EVENT_DESCRIPTION>")
    source = tmp_path / f"long{Path(file).suffix}"
    source.write_text(text, encoding=encoding)
    return source, names, long_event


def _validation_bound(book: openpyxl.Workbook, name: str) -> int:
    """The longest text the book's own validation allows in the (first) cell of ``name``."""
    [(title, ref)] = list(book.defined_names[name].destinations)
    column, row, _, _ = range_boundaries(ref.replace("$", ""))
    for validation in book[title].data_validations.dataValidation:
        for cells in str(validation.sqref).split():
            low_col, low_row, high_col, high_row = range_boundaries(cells)
            if low_col <= column <= high_col and low_row <= row <= high_row:
                assert validation.type == "textLength" and validation.formula1 == "0"
                return int(validation.formula2)
    raise AssertionError(f"no validation on {name}")


@pytest.mark.parametrize("fmt", SOURCES)
def test_the_longest_names_import_fit_their_cells_and_check_clean(tmp_path, capsys, fmt):
    source, names, event = _written(tmp_path, fmt, NAME_LENGTH, EVENT_LENGTH)
    out = tmp_path / "long.xlsx"
    assert main(["import", str(source), "--out", str(out)]) == 0, capsys.readouterr().err
    book = openpyxl.load_workbook(out)
    written = [cell.value for cell in workbooks.named_cells(book, "PairName") if cell.value]
    assert names in written and len(names) == NAME_LENGTH
    assert workbooks.read_named(book, "EventName") == [event] and len(event) == EVENT_LENGTH
    # The book's own cells allow them: the bounds are the same numbers.
    assert _validation_bound(book, "PairName") == NAME_LENGTH
    assert _validation_bound(book, "EventName") == EVENT_LENGTH
    checked = kinds.check(kinds.read(out))
    assert checked.problems == ()
    assert any(pair.names == names for pair in checked.event.pairs)
    assert main(["check", str(out)]) == 0


@pytest.mark.parametrize("fmt", SOURCES)
@pytest.mark.parametrize(("names_length", "event_length", "said"), [
    (NAME_LENGTH + 1, 10, f"names are {NAME_LENGTH + 1} characters; the limit is {NAME_LENGTH}"),
    (20, EVENT_LENGTH + 1, f"the event's name is {EVENT_LENGTH + 1} characters; the limit is {EVENT_LENGTH}"),
])
def test_one_character_more_is_refused_in_one_line(tmp_path, capsys, fmt, names_length, event_length, said):
    source, _, _ = _written(tmp_path, fmt, names_length, event_length)
    out = tmp_path / "never.xlsx"
    assert main(["import", str(source), "--out", str(out)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and said in err[0], err
    assert not out.exists()
