"""``xlbridge addin`` and install/windows: the classic add-in's config, set up for the user.

Every test writes to a temporary folder (``--config``), never to the real home.
"""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest
import xlwings
import xlwings.utils

from xlbridge import cli
from xlbridge.commands import addin

ROOT = Path(__file__).resolve().parents[1]
KEY = addin.interpreter_key()


def run(*args):
    return cli.main(["addin", *args])


def test_writes_the_config(tmp_path, capsys):
    config = tmp_path / ".xlwings" / "xlwings.conf"
    assert run("--config", str(config), "--interpreter", r"C:\Python\python.exe") == 0
    assert config.read_text() == (
        f'"{KEY}","C:\\Python\\python.exe"\n"UDF MODULES","xlbridge.udfs"\n'
    )
    out = capsys.readouterr().out
    assert f"wrote {config}" in out
    for step in ("xlwings addin install", "Trust access to the VBA project object model",
                 "Tools > References", "Import Functions"):
        assert step in out
    assert [p.name for p in config.parent.iterdir()] == ["xlwings.conf"]  # no temporary left


def test_xlwings_reads_what_it_wrote(tmp_path, monkeypatch):
    config = tmp_path / "xlwings.conf"
    assert run("--config", str(config)) == 0
    monkeypatch.setattr(xlwings, "USER_CONFIG_FILE", str(config))
    assert xlwings.utils.read_user_config() == {
        "udf modules": "xlbridge.udfs",
        KEY.lower(): sys.executable,
    }


def test_refuses_to_overwrite_without_force(tmp_path, capsys):
    config = tmp_path / "xlwings.conf"
    config.write_text('"LICENSE_KEY","abc"\n')
    assert run("--config", str(config)) == cli.EXIT_INPUT
    assert "exists; rerun with --force" in capsys.readouterr().err
    assert config.read_text() == '"LICENSE_KEY","abc"\n'


def test_force_sets_its_keys_and_keeps_the_others(tmp_path):
    config = tmp_path / "xlwings.conf"
    config.write_text(
        f'"LICENSE_KEY","abc"\n"udf modules","mine"\n\n"{KEY}","old"\n"DEBUG UDFS","False"\n'
    )
    config.chmod(0o600)
    assert run("--config", str(config), "--force", "--interpreter", "/opt/python") == 0
    assert config.read_text() == (
        f'"LICENSE_KEY","abc"\n"DEBUG UDFS","False"\n"{KEY}","/opt/python"\n'
        '"UDF MODULES","xlbridge.udfs"\n'
    )
    assert config.stat().st_mode & 0o777 == 0o600  # its mode is kept


def test_a_value_the_format_cannot_hold(tmp_path, capsys):
    config = tmp_path / "xlwings.conf"
    assert run("--config", str(config), "--interpreter", 'C:\\"odd"\\python.exe') == 2
    assert "cannot hold quotes" in capsys.readouterr().err
    assert not config.exists()


def test_default_is_xlwings_user_config():
    assert addin.default_config() == Path(xlwings.USER_CONFIG_FILE)


def test_windows_script_runs_real_commands():
    script = (ROOT / "install" / "windows" / "install.cmd").read_bytes()
    # cmd.exe finds goto labels reliably only in CRLF files
    assert script.count(b"\r\n") == script.count(b"\n")
    text = script.decode("ascii")
    assert "%PY% -m pip install --upgrade ." in text
    assert "%PY% -m xlwings.cli addin install" in text
    commands = [line.split("%PY% -m xlbridge ", 1)[1] for line in text.splitlines()
                if "%PY% -m xlbridge " in line]
    assert commands == ["addin %* || goto failed"]
    parser = cli.build_parser()
    args = parser.parse_args(shlex.split(commands[0].split("||")[0].replace("%*", "--force")))
    assert args.run is addin.run and args.force


@pytest.mark.parametrize("platform", ["win32", "cygwin", "linux"])
def test_interpreter_key(platform):
    assert addin.interpreter_key(platform) == "INTERPRETER_WIN"
