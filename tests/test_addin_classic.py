"""The functions through the classic add-in's own code (xlwings/udfs.py), as far as Linux allows.

"Import Functions" runs ``xlwings.udfs.import_udfs``, which decorates with
``xlfunc``/``xlarg`` and writes one VBA Function per UDF with
``generate_vba_wrapper``. That module imports pywin32 at the top, so a
subprocess stubs those imports, binds ``xw.func``/``xw.arg`` to the classic
decorators (as xlwings does on Windows), imports xlbridge.udfs and writes the
VBA. What needs Excel itself (COM, calling the UDF server) is not covered here.
"""

from __future__ import annotations

import inspect
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from xlbridge import udfs

ROOT = Path(__file__).resolve().parents[1]

SCRIPT = r"""
import io, json, sys, types
for name in ("pythoncom", "pywintypes", "win32com", "win32com.client"):
    sys.modules[name] = types.ModuleType(name)
sys.modules["pythoncom"].CoInitialize = lambda: None
sys.modules["win32com.client"].Dispatch = None
sys.modules["win32com"].client = sys.modules["win32com.client"]
import xlwings
import xlwings.udfs as classic
xlwings.func, xlwings.arg, xlwings.ret = classic.xlfunc, classic.xlarg, classic.xlret
import xlbridge.udfs as udfs
vba = io.StringIO()
classic.generate_vba_wrapper("xlbridge.udfs", udfs, vba, types.SimpleNamespace(Name="club.xlsm"))
print(json.dumps({
    "vba": vba.getvalue(),
    "functions": {
        name: {key: getattr(udfs, name).__xlfunc__[key] for key in ("args", "ret", "volatile")}
        for name in udfs.__all__
    },
}, default=repr))
"""


@pytest.fixture(scope="module")
def classic():
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    env = dict(os.environ, PYTHONPATH=path)
    env.pop("XLWINGS_ON_SERVER", None)
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("name", udfs.__all__)
def test_vba_declares_each_function_with_its_arguments(classic, name):
    parameters = inspect.signature(getattr(udfs, name)).parameters.values()
    declared = ", ".join(
        p.name if p.default is inspect.Parameter.empty else f"Optional {p.name}"
        for p in parameters
    )
    names = ", ".join(p.name for p in parameters)
    vba = classic["vba"]
    assert f"Function {name}({declared})\n" in vba
    assert f'{name} = XLPy.CallUDF("xlbridge.udfs", "{name}", Array({names}), ThisWorkbook' in vba


def test_vba_declares_nothing_else(classic):
    declared = re.findall(r"^Function (\w+)\(", classic["vba"], flags=re.M)
    assert sorted(declared) == sorted(udfs.__all__)
    assert "Application.Volatile" not in classic["vba"]


@pytest.mark.parametrize("name", udfs.__all__)
def test_classic_metadata(classic, name):
    info = classic["functions"][name]
    assert info["volatile"] is False
    assert info["ret"]["doc"] == getattr(udfs, name).__doc__
    for arg in info["args"]:
        # read raw: xlbridge.udfs.cell() turns COM's values (error numbers ...) into input
        assert arg["options"]["convert"] == "raw"
        assert arg["doc"] and not arg["doc"].startswith("Positional argument")
        assert len(arg["doc"]) <= 255  # the add-in cuts longer ones
