"""``xlbridge score``: the score of one deal, from the command line."""

from __future__ import annotations

import argparse

from ..engine import parse_contract, score
from . import CommandError


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``score`` subcommand."""
    parser = subparsers.add_parser(
        "score",
        help="score one deal, e.g. xlbridge score 4SX N -1 --vul 7",
        description="Print North-South's duplicate score of one deal.",
    )
    parser.add_argument("contract", help="contract, e.g. 4S, 3NTX, 2HXX or PASS")
    parser.add_argument("declarer", nargs="?", help="N, E, S or W (none for PASS)")
    parser.add_argument("result", nargs="?", help="tricks taken 0-13, or =, +n, -n (none for PASS)")
    parser.add_argument(
        "--vul", default="None", help="board number, or None/NS/EW/All (default None)"
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print NS's score, e.g. ``NS -200``; a passed-out deal needs no declarer or result."""
    if parse_contract(args.contract).passed_out:
        print("NS 0")
        return 0
    if args.declarer is None or args.result is None:
        raise CommandError(f"{args.contract}: give the declarer and the result too, "
                           f"e.g. xlbridge score {args.contract} N 10")
    points = score(args.contract, args.result, args.vul, args.declarer)
    print(f"NS {points:+d}" if points else "NS 0")
    return 0
