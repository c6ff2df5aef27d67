"""The layout is the architecture (docs/architecture.md): read from the source with ``ast``,
not from what the modules say of themselves.

- Packages import only the layers below them: no cycle, nothing upward, and the views
  (``formats``, ``director``) never import each other.
- A kind's name is written as a string only in its own modules.
- Team scoring lives in the engine: nothing above it computes IMPs or VPs.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from xlbridge import formats, kinds, workbooks

PACKAGE = Path(__file__).resolve().parent.parent / "xlbridge"

# The layers, bottom first. A unit may import its own layer's unit and any unit of a
# lower layer, never a unit beside it or above it. "xlbridge" is the package's
# __init__ (the engine's API and the version).
LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"engine"}),
    frozenset({"xlbridge"}),
    frozenset({"event", "files", "lite", "solver"}),
    frozenset({"workbooks"}),
    frozenset({"formats", "director"}),
    frozenset({"kinds"}),
    # live: the server of `xlbridge serve`, which only commands/serve.py imports.
    frozenset({"live"}),
    frozenset({"commands", "udfs"}),
    frozenset({"cli"}),
    frozenset({"__main__"}),
)
LAYER = {unit: number for number, units in enumerate(LAYERS) for unit in units}


def unit_of(path: Path) -> str:
    """The architectural unit of a source file: its top-level package or module."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    if parts == ("__init__",):
        return "xlbridge"
    return parts[0]


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(["xlbridge", *parts])


def imported_units(path: Path) -> set[str]:
    """The units ``path`` imports (every import statement, also those inside functions)."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    return units_in(path.read_text(encoding="utf-8"), package)


def units_in(source: str, package: str) -> set[str]:
    """The units a module of ``package`` imports, read from its ``source``."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
                # ``from .. import files``: the names may be modules of the package.
                targets = [target] if node.module else [f"{target}.{alias.name}" for alias in node.names]
            else:
                targets = [node.module or ""]
        for target in targets:
            parts = target.split(".")
            if parts[0] != "xlbridge":
                continue
            if len(parts) == 1 or (len(parts) == 2 and parts[1] == "__version__"):
                found.add("xlbridge")
            elif parts[1] in LAYER:
                found.add(parts[1])
            else:  # a name of the package's __init__, e.g. ``from .. import __version__``
                found.add("xlbridge")
    return found


SOURCES = sorted(PACKAGE.rglob("*.py"))


def graph() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for path in SOURCES:
        unit = unit_of(path)
        edges.setdefault(unit, set()).update(imported_units(path) - {unit})
    return edges


def test_every_unit_has_a_layer():
    assert {unit_of(path) for path in SOURCES} <= set(LAYER)


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_nothing_imports_upward_or_sideways(path):
    unit = unit_of(path)
    wrong = sorted(other for other in imported_units(path) - {unit} if LAYER[other] >= LAYER[unit])
    assert not wrong, f"{path.relative_to(PACKAGE)} ({unit}, layer {LAYER[unit]}) imports {wrong}"


def test_the_import_graph_has_no_cycle():
    edges = graph()
    done: set[str] = set()

    def visit(unit: str, path: tuple[str, ...]) -> None:
        assert unit not in path, f"cycle: {' -> '.join((*path, unit))}"
        if unit in done:
            return
        for other in sorted(edges.get(unit, ())):
            visit(other, (*path, unit))
        done.add(unit)

    for unit in sorted(edges):
        visit(unit, ())


def test_director_and_formats_do_not_import_each_other():
    edges = graph()
    assert "formats" not in edges["director"] and "director" not in edges["formats"]
    assert edges["formats"] <= {"engine", "event", "xlbridge", "workbooks"}


def test_the_import_reader_sees_relative_and_function_imports():
    """The reader itself: a relative import two levels up, one inside a function, an
    absolute one, and the package's own ``__version__``."""
    source = ("from ..formats import text\nimport xlbridge.engine.vp\nfrom .. import __version__\n\n"
              "def f():\n    from .. import files\n")
    assert units_in(source, "xlbridge.kinds") == {"formats", "files", "engine", "xlbridge"}


# --- kinds ---------------------------------------------------------------------------------


def own_modules(kind: kinds.Kind) -> set[str]:
    """Where a kind's name may be written: its template's module and its kind's module."""
    return {kind.template.__name__, type(kind).__module__}


def _message_words(tree: ast.AST) -> set[int]:
    """Constants that are the ``what`` of a number reader (``whole_number(v, "teams", ...)``):
    words in a message, not names of kinds."""
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name.endswith("_number"):
                ids.update(id(arg) for arg in node.args if isinstance(arg, ast.Constant))
            # A label's catalog key (t("players")) and an Excel function's argument (@arg("players")).
            if name in ("t", "arg") and node.args and isinstance(node.args[0], ast.Constant):
                ids.add(id(node.args[0]))
        # The Excel functions' shared argument texts, by argument name (udfs.SHARED_DOCS).
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict) and any(
                isinstance(target, ast.Name) and target.id.endswith("_DOCS") for target in node.targets):
            ids.update(id(key) for key in node.value.keys if isinstance(key, ast.Constant))
    return ids


def test_kind_names_are_written_only_in_their_own_modules():
    names = {kind.name: kind for kind in kinds.KINDS}
    # The engine knows no kinds (the layers above prove it); the catalogs are labels keyed
    # by their template's name.
    skipped = {PACKAGE / "engine", PACKAGE / "workbooks" / "catalog"}
    found = []
    for path in SOURCES:
        if any(folder in path.parents for folder in skipped):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        words = _message_words(tree)
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and node.value in names and id(node) not in words
                    and module_name(path) not in own_modules(names[node.value])):
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: {node.value!r}")
    assert not found


def test_own_modules_are_modules_of_the_source():
    modules = {module_name(path) for path in SOURCES}
    for kind in kinds.KINDS:
        assert own_modules(kind) <= modules, kind


def test_each_kind_is_listed_once_with_its_template():
    assert [kind.name for kind in kinds.KINDS] == list(workbooks.TEMPLATES)
    assert len({type(kind) for kind in kinds.KINDS}) == len(kinds.KINDS)
    for kind in kinds.KINDS:
        assert workbooks.template(kind.name) is kind.template
        assert kind.signature <= set(workbooks.build(kind.name).defined_names)
        assert set(kind.exports) <= set(formats.FORMATS)


# --- scoring --------------------------------------------------------------------------------

SCORING = {"imps", "vp", "vp_exact", "match_vps", "team_standings", "team_match", "team_event", "score",
           "duplicate_score", "pairs_event", "matchpoints", "cross_imps", "butler", "individual_event"}


def test_scoring_is_called_only_from_the_engine_and_its_faces():
    """Above the engine, only the scored events (event/), the Excel functions (udfs),
    ``xlbridge score`` (one deal) and the templates' lookup tables (data the engine writes
    for the sheets' formulas) call the engine's scoring; the rest reads their results."""
    allowed = {PACKAGE / "event" / "scored.py", PACKAGE / "event" / "individual.py", PACKAGE / "udfs.py",
               PACKAGE / "commands" / "score.py",
               PACKAGE / "workbooks" / "lookup.py"}
    found = []
    for path in SOURCES:
        if PACKAGE / "engine" in path.parents or path in allowed:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and "engine" in (node.module or "").split("."):
                found += [f"{path.relative_to(PACKAGE)}:{node.lineno}: {alias.name}"
                          for alias in node.names if alias.name in SCORING]
            elif isinstance(node, ast.Attribute) and node.attr in SCORING and getattr(node.value, "id", "") == "engine":
                found.append(f"{path.relative_to(PACKAGE)}:{node.lineno}: engine.{node.attr}")
    assert not found
