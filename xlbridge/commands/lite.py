"""``xlbridge lite``: write the xlwings Lite bundle (main.py, requirements.txt)."""

from __future__ import annotations

import argparse
from pathlib import Path

from .. import lite


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``lite`` subcommand."""
    parser = subparsers.add_parser(
        "lite",
        help="write main.py and requirements.txt to paste into xlwings Lite",
        description=(
            "Write xlwings Lite's main.py (the Excel functions with the scoring engine"
            " embedded) and requirements.txt into a folder. Paste them into the Lite"
            " task pane's editor, replacing what is there."
        ),
    )
    parser.add_argument(
        "--output", type=Path, default=Path("."), metavar="DIR",
        help="folder to write into (default: the current folder)",
    )
    parser.add_argument(
        "--check", action="store_true",
        help="write nothing; exit 1 if the files in DIR are missing or out of date",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Write (or with ``--check`` compare) the bundle; 1 when ``--check`` finds it stale."""
    if args.check:
        stale = lite.stale(args.output)
        for path in stale:
            print(f"out of date: {path} (run: xlbridge lite --output {args.output})")
        return 1 if stale else 0
    changed = lite.write(args.output)
    for name in lite.files():
        path = args.output / name
        print(f"{'wrote' if path in changed else 'up to date'}: {path}")
    return 0
