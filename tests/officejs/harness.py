"""Call Excel functions the way xlwings Lite and xlwings Server do, over stdin/stdout.

    XLWINGS_ON_SERVER=true XLWINGS_LICENSE_KEY=noncommercial \\
        python tests/officejs/harness.py xlbridge.udfs      # or a path to a main.py
        python -I -S tests/officejs/harness.py main.py DIR  # DIRs go first on sys.path

Both variables must be set before xlwings is imported, which is why this runs
in its own process: the rest of the test suite sees plain xlwings. One JSON
request per line on stdin, one JSON answer per line on stdout:

- ``{"op": "meta"}``: ``xlwings.server.custom_functions_meta(module)``.
- ``{"op": "call", "data": {...}}``: ``custom_functions_call(data, module)``;
  the answer is ``{"ok": result}`` or ``{"error": "XlwingsError", "message": ...}``.
- ``{"op": "time", "calls": [data, ...], "repeat": n}``: the fastest of ``n``
  runs of all the calls, in seconds (for the benchmark).
- ``{"op": "stub_pyodide"}``: make ``from pyodide.ffi import JsNull`` succeed, as
  it does inside xlwings Lite; without it CPython retries the failing import for
  every cell xlwings converts.

:class:`Harness` is the other end, for tests and benchmarks (load this file by
path: the test suite does not import ``tests`` as a package).
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import json
import os
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def call_data(func_name: str, *args: Any, version: str) -> dict[str, Any]:
    """The request Office.js sends for one call; each argument is a 2-D list, or None."""
    return {
        "func_name": func_name,
        "args": list(args),
        "version": version,
        "client": "Office.js",
        "runtime": "1.4",
        "culture_info_name": "en-US",
        "date_format": "yyyy-mm-dd",
    }


class Harness:
    """A running harness process: ``meta()``, ``call(data)``, ``time(calls)``."""

    def __init__(self, target: str = "xlbridge.udfs", env: Mapping[str, str] | None = None,
                 python: list[str] | None = None, paths: Sequence[str] = ()) -> None:
        environment = dict(os.environ if env is None else env)
        environment.update(XLWINGS_ON_SERVER="true", XLWINGS_LICENSE_KEY="noncommercial")
        if env is None:  # this checkout's xlbridge, whatever is installed
            environment["PYTHONPATH"] = os.pathsep.join(
                p for p in (str(ROOT), environment.get("PYTHONPATH")) if p
            )
        # stderr to a file, not a pipe nobody reads until the end, which could fill up.
        self.stderr = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 - closed in close()
        self.process = subprocess.Popen(
            [*(python or [sys.executable]), __file__, target, *paths],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr,
            text=True, env=environment, cwd=ROOT,
        )

    def request(self, **request: Any) -> dict[str, Any]:
        """Send one request; the answer has ``ok``, or ``error`` and ``message``."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            self.process.wait(timeout=10)
            self.stderr.seek(0)
            error = self.stderr.read()
            raise RuntimeError(f"harness exited {self.process.returncode}: {error[-2000:]}")
        return json.loads(line)

    def meta(self) -> dict[str, Any]:
        """``custom_functions_meta`` of the module."""
        return self.request(op="meta")["ok"]

    def call(self, data: dict[str, Any]) -> dict[str, Any]:
        """``custom_functions_call``: ``{"ok": result}`` or the error raised."""
        return self.request(op="call", data=data)

    def time(self, calls: list[dict[str, Any]], repeat: int = 3) -> float:
        """Seconds for the fastest of ``repeat`` runs of ``calls``."""
        answer = self.request(op="time", calls=calls, repeat=repeat)
        if "ok" not in answer:
            raise RuntimeError(answer)
        return answer["ok"]

    def close(self) -> None:
        """Stop the process (closing stdin ends its loop)."""
        if self.process.stdin:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        if self.process.stdout:
            self.process.stdout.close()
        self.stderr.close()


def load(target: str) -> types.ModuleType:
    """Import a module by name, or a file such as install/lite/main.py as module ``main``."""
    if target.endswith(".py"):
        spec = importlib.util.spec_from_file_location("main", Path(target))
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["main"] = module
        spec.loader.exec_module(module)
        return module
    return importlib.import_module(target)


def stub_pyodide() -> None:
    """Install a ``pyodide.ffi`` with a ``JsNull`` type nothing is an instance of."""
    pyodide = types.ModuleType("pyodide")
    ffi = types.ModuleType("pyodide.ffi")
    ffi.JsNull = type("JsNull", (), {})  # type: ignore[attr-defined]
    pyodide.ffi = ffi  # type: ignore[attr-defined]
    sys.modules["pyodide"] = pyodide
    sys.modules["pyodide.ffi"] = ffi


def main(argv: list[str]) -> int:
    """Serve requests until stdin closes."""
    if os.environ.get("XLWINGS_ON_SERVER") != "true":
        print("set XLWINGS_ON_SERVER=true before starting the harness", file=sys.stderr)
        return 2
    sys.path[:0] = argv[1:]
    import xlwings
    from xlwings.server import custom_functions_call, custom_functions_meta

    module = load(argv[0])
    loop = asyncio.new_event_loop()

    def call(data: dict[str, Any]) -> Any:
        return loop.run_until_complete(custom_functions_call(data, module))

    for line in sys.stdin:
        request = json.loads(line)
        op = request["op"]
        try:
            if op == "meta":
                answer: dict[str, Any] = {"ok": custom_functions_meta(module)}
            elif op == "call":
                answer = {"ok": call(request["data"])}
            elif op == "time":
                best = float("inf")
                for _ in range(request.get("repeat", 3)):
                    start = time.perf_counter()
                    for data in request["calls"]:
                        call(data)
                    best = min(best, time.perf_counter() - start)
                answer = {"ok": best}
            elif op == "stub_pyodide":
                stub_pyodide()
                answer = {"ok": True}
            else:
                answer = {"error": "ValueError", "message": f"unknown op {op!r}"}
        except xlwings.XlwingsError as error:
            answer = {"error": "XlwingsError", "message": str(error)}
        except Exception as error:  # reported to the test, which fails on it
            answer = {"error": type(error).__name__, "message": repr(error)}
        print(json.dumps(answer), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
