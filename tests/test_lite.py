"""The xlwings Lite bundle: install/lite/ is current, and main.py stands alone.

"Stands alone" is checked the way Lite runs it: a fresh interpreter (``-I -S``:
no site-packages, no PYTHONPATH, so not this checkout's xlbridge either) that
can import xlwings and nothing else, loading main.py as module ``main``.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import xlwings

from xlbridge import cli, lite, udfs

ROOT = Path(__file__).resolve().parents[1]
LITE = ROOT / "install" / "lite"

_spec = importlib.util.spec_from_file_location(
    "officejs_harness", Path(__file__).parent / "officejs" / "harness.py"
)
assert _spec is not None and _spec.loader is not None
harness = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(harness)


def test_committed_bundle_is_current():
    assert lite.stale(LITE) == [], "regenerate it: xlbridge lite --output install/lite"


def test_requirements_need_only_xlwings():
    assert (LITE / "requirements.txt").read_text().split() == ["xlwings"]


@pytest.fixture(scope="module")
def fresh(tmp_path_factory):
    """Folders for a fresh interpreter: ``site`` holds only xlwings, ``app`` the bundle."""
    base = tmp_path_factory.mktemp("lite")
    site, app = base / "site", base / "app"
    site.mkdir()
    app.mkdir()
    (site / "xlwings").symlink_to(Path(xlwings.__file__).parent, target_is_directory=True)
    (app / "main.py").write_text(lite.bundle(), encoding="utf-8")
    return site, app


def fresh_env():
    """An environment with none of this process's Python settings."""
    return {k: v for k, v in os.environ.items() if not k.startswith(("PYTHON", "XLWINGS"))}


PROBE = """
import importlib.util, json, sys
sys.path[:0] = [SITE, APP]
assert importlib.util.find_spec("xlbridge") is None, "xlbridge importable without the bundle"
import main
loaded = {
    name: getattr(module, "__file__", None) or ""
    for name, module in sys.modules.items()
}
print(json.dumps({
    "examples": [
        main.BRIDGESCORE("4S", 10, False), main.BRIDGESCORE("3NT", 9, "All", "E"),
        main.BRIDGESCORE("4S", 10, 2, "N"), main.IMPS(620, 170), main.VP(8, 14),
        main.CHICAGOVUL(2, "duplicate"), main.BOARDVUL(13), main.BOARDDEALER(13),
        main.MATCHPOINTS(420, [420, 450, 400, 420]), main.MPPERCENT(420, [420, 450, 400, 420]),
        main.COMPIMPS(480, 28, "M10", False),
    ],
    "column": main.BRIDGESCORE([["4S"], [None], ["8S"]], [[10], [None], [9]], True),
    "functions": sorted(main.__all__),
    "bundled": sorted(n for n in loaded if n.split(".")[0] == "xlbridge"),
    "loader": type(sys.modules["xlbridge.engine"].__loader__).__name__,
    "files": sorted(set(loaded.values())),
}))
"""


def test_main_py_runs_with_only_xlwings(fresh):
    site, app = fresh
    probe = PROBE.replace("SITE", repr(str(site))).replace("APP", repr(str(app)))
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", probe],
        capture_output=True, text=True, env=fresh_env(), cwd=app, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["examples"] == [420, -600, 620, 10, 12.44, "NS", "All", "N", 3.0, 50.0, -4]
    assert found["column"] == [[620], [""], ['#VALUE! contract "8S": level must be 1-7']]
    assert found["functions"] == sorted(udfs.__all__)
    assert "xlbridge.engine.score" in found["bundled"] and "xlbridge.udfs" not in found["bundled"]
    assert found["loader"] == "_Bundle"
    # nothing came from this checkout, or from any site-packages but the xlwings link
    assert not [f for f in found["files"] if f.startswith(str(ROOT))]
    assert not [f for f in found["files"] if "site-packages" in f and "xlwings" not in f]


def test_main_py_through_the_office_js_path(fresh):
    site, app = fresh
    running = harness.Harness(
        str(app / "main.py"), env=fresh_env(), python=[sys.executable, "-I", "-S"],
        paths=[str(site)],
    )
    try:
        meta = running.meta()
        assert sorted(f["name"] for f in meta["functions"]) == sorted(udfs.__all__)

        def call(name, *args):
            return running.call(harness.call_data(name, *args, version=xlwings.__version__))

        assert call("BRIDGESCORE", [["4S"]], [[10]], [[2]], [["N"]]) == {"ok": [[620]]}
        assert call("BRIDGESCORE", [["8S"]], [[10]], [[False]], None) == {
            "error": "XlwingsError", "message": 'contract "8S": level must be 1-7'
        }
        assert call("BOARDVUL", [[1, 2, None]]) == {"ok": [["None", "NS", ""]]}
    finally:
        running.close()


def test_running_main_py_again_reloads_the_bundle(fresh):
    # Lite may execute an edited main.py in the same interpreter
    site, app = fresh
    probe = f"""
import runpy, sys
sys.path[:0] = [{str(site)!r}]
first = runpy.run_path({str(app / "main.py")!r})
second = runpy.run_path({str(app / "main.py")!r})
finders = [f for f in sys.meta_path if getattr(f, "xlbridge_bundle", False)]
assert len(finders) == 1, finders
assert second["BRIDGESCORE"]("4S", 10, False) == 420
print("ok")
"""
    done = subprocess.run(
        [sys.executable, "-I", "-S", "-c", probe],
        capture_output=True, text=True, env=fresh_env(), timeout=120,
    )
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr


def test_lite_command_writes_and_checks(tmp_path, capsys):
    assert cli.main(["lite", "--check", "--output", str(tmp_path)]) == 1
    assert "out of date" in capsys.readouterr().out
    assert cli.main(["lite", "--output", str(tmp_path)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["main.py", "requirements.txt"]
    assert (tmp_path / "main.py").read_text(encoding="utf-8") == lite.bundle()
    assert cli.main(["lite", "--output", str(tmp_path)]) == 0
    assert "up to date" in capsys.readouterr().out
    assert cli.main(["lite", "--check", "--output", str(tmp_path)]) == 0
    with (tmp_path / "main.py").open("a", encoding="utf-8") as edited:
        edited.write("# edited by hand\n")
    assert cli.main(["lite", "--check", "--output", str(tmp_path)]) == 1
    assert f"out of date: {tmp_path / 'main.py'}" in capsys.readouterr().out


def test_main_py_ends_with_the_functions_module_itself():
    body = lite.bundle().split("# " + "-" * 64 + " xlbridge/udfs.py\n", 1)[1]
    source = (ROOT / "xlbridge" / "udfs.py").read_text(encoding="utf-8")
    assert body.strip() and body in source


def test_sources_that_cannot_be_embedded_are_refused():
    with pytest.raises(ValueError, match="cannot embed"):
        lite._literal("xlbridge.engine.x", "text = '''quoted'''\n")
