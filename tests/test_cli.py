"""The `xlbridge` command through its installed entry point."""

import subprocess
import sys

import xlbridge


def xlbridge_command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "xlbridge", *args], capture_output=True, text=True, timeout=60)


def test_version():
    done = xlbridge_command("--version")
    assert done.returncode == 0
    assert done.stdout.strip() == f"xlbridge {xlbridge.__version__}"


def test_help_lists_every_command():
    done = xlbridge_command("--help")
    assert done.returncode == 0
    for command in ("demo", "workbooks", "check", "report", "score", "addin", "lite"):
        assert f"    {command}" in done.stdout


def test_score_one_deal_from_ns_view():
    assert xlbridge_command("score", "3NT", "E", "=", "--vul", "All").stdout == "NS -600\n"
    assert xlbridge_command("score", "4SX", "N", "-1", "--vul", "7").stdout == "NS -200\n"
    assert xlbridge_command("score", "PASS", "N", "0").stdout == "NS 0\n"
    assert xlbridge_command("score", "PASS").stdout == "NS 0\n"  # nothing else to give
    assert xlbridge_command("score", "passed out").stdout == "NS 0\n"


def test_a_contract_without_declarer_or_result_says_what_is_missing():
    done = xlbridge_command("score", "4S")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "xlbridge: 4S: give the declarer and the result too, e.g. xlbridge score 4S N 10\n"


def test_bad_input_is_one_line_and_exit_2():
    done = xlbridge_command("score", "8S", "N", "10")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr == 'xlbridge: contract "8S": level must be 1-7\n'


def test_one_root_for_every_error_the_command_reports():
    from xlbridge.commands import CommandError, StateError
    from xlbridge.director.names import NamedRangeError
    from xlbridge.director.office import OfficeError
    from xlbridge.director.safe_open import UnreadableWorkbook
    from xlbridge.engine import BridgeInputError, OptionError, XlbridgeError
    from xlbridge.files import OutputError, OutputExistsError
    from xlbridge.kinds import NotOurWorkbook

    for kind in (BridgeInputError, OptionError, CommandError, StateError, NamedRangeError, OfficeError,
                 UnreadableWorkbook, NotOurWorkbook, OutputExistsError, OutputError):
        assert issubclass(kind, XlbridgeError), kind
    assert issubclass(OutputExistsError, FileExistsError) and issubclass(OptionError, ValueError)
    done = xlbridge_command("demo", "--paper", "A5", "--out", "never-written")  # an OptionError
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1
