"""The documents a user is pointed to: every link resolves, every public name is described."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from xlbridge import engine as E
from xlbridge import workbooks as W

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md")), *sorted(ROOT.glob("install/*/README.md"))]


def slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens.

    >>> slug("The `xlbridge` command: demo, check, report")
    'the-xlbridge-command-demo-check-report'
    """
    text = heading.strip().lower()
    kept = "".join(ch for ch in text if ch in " -_" or unicodedata.category(ch)[0] in "LN")
    return kept.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    found: set[str] = set()
    for heading in re.findall(r"^#{1,6} (.+)$", text, flags=re.M):
        base = slug(heading)
        name, number = base, 1
        while name in found:  # a repeated heading gets -1, -2 ...
            name, number = f"{base}-{number}", number + 1
        found.add(name)
    return found


def links(path: Path) -> list[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return [target for target in re.findall(r"\]\(([^)\s]+)\)", text) if "://" not in target
            and not target.startswith("mailto:")]


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_and_anchor_resolves(document: Path):
    for target in links(document):
        file_part, _, anchor = target.partition("#")
        destination = (document.parent / file_part).resolve() if file_part else document
        assert destination.exists(), f"{document.name}: {target} (no such file)"
        if anchor:
            assert destination.suffix == ".md", target
            assert anchor in anchors(destination), f"{document.name}: {target} (no such heading)"


# Every document and source file, where a file of the repository may be cited.
SOURCES = sorted({*DOCUMENTS, *(ROOT / "xlbridge").rglob("*.py"), *(ROOT / "tests").rglob("*.py"),
                  *(ROOT / "tests").rglob("*.md"), *(ROOT / "install").rglob("*.py"), *(ROOT / ".ci").glob("*")})
# A cited document or module: a path ending .md or .py, not part of a longer word or path.
CITED = re.compile(r"(?<![\w./*-])((?:\.\./)?[\w.-]+(?:/[\w.-]+)*\.(?:md|py))(?![\w/-])")
PLACEHOLDERS = {"NAME", "CODE"}  # docs/architecture.md's "formats/NAME.py": the file one adds
ELSEWHERE = {"xlwings/udfs.py", "xlwings/utils.py"}  # xlwings' own modules, in its package


def cited_files(text: str) -> set[str]:
    """The documents and modules ``text`` names.

    >>> sorted(cited_files("see docs/rules.md, NAME.md and (engine/pairs.py); not x.md5 or a/*.md"))
    ['NAME.md', 'docs/rules.md', 'engine/pairs.py']
    """
    return set(CITED.findall(text))


def _in_repository(cited: str, source: Path, names: set[str]) -> bool:
    """Whether ``cited`` is a file here: from the root, beside ``source``, or the tail of a path
    (``engine/pairs.py`` for xlbridge/engine/pairs.py, as modules cite each other)."""
    if (ROOT / cited).is_file() or (source.parent / cited).is_file():
        return True
    return any(name == cited or name.endswith(f"/{cited}") for name in names)


def test_no_file_is_cited_that_is_not_in_the_repository():
    """A document or module named in the docs, a docstring or a comment exists (issue 18:
    xlbridge/udfs.py cited a functions document that never was in the repository)."""
    names = {path.relative_to(ROOT).as_posix() for path in SOURCES}
    names |= {path.relative_to(ROOT).as_posix() for path in ROOT.glob("*.md")}
    missing = []
    for source in SOURCES:
        if not source.is_file():
            continue
        for cited in cited_files(source.read_text(encoding="utf-8")):
            if cited in ELSEWHERE or PLACEHOLDERS & set(Path(cited).stem.split("_")):
                continue
            if not _in_repository(cited, source, names):
                missing.append(f"{source.relative_to(ROOT)}: {cited}")
    assert not missing, missing


def test_the_readme_points_at_the_documents():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "](docs/rules.md)" in readme and "](docs/workbooks.md)" in readme


def test_every_defined_name_of_every_template_is_described():
    described = set(re.findall(r"`([A-Za-z]+)\*?`", (ROOT / "docs" / "workbooks.md").read_text(encoding="utf-8")))
    books = [W.build(name) for name in W.TEMPLATES]
    books.append(W.build("pairs", movement=E.movement("mitchell", 7, 21)))
    for book in books:
        public = {name for name in book.defined_names if not name.startswith("tbl")}
        assert public <= described, public - described
