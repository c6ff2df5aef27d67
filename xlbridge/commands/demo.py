"""``xlbridge demo``: the whole thing at work in one command.

Writes the blank template set and three filled sample books (a pairs event, a team
match, and a Swiss team event three rounds in; the same every run), reads the filled
books back as ``report`` would, scores them with the engine and prints the ranking, the
match result and the standings.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from .. import files, kinds, workbooks
from ..director.safe_open import UnreadableWorkbook
from ..event import sample, score_event, score_pairs, score_teams
from ..formats import text
from ..kinds import PAIRS, TEAM_EVENT, TEAMS
from . import EXIT_OK, CommandError

PAIRS_FILE = "sample-pairs.xlsx"
TEAMS_FILE = "sample-teams.xlsx"
EVENT_FILE = "sample-team-event.xlsx"


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``demo`` subcommand."""
    parser = subparsers.add_parser(
        "demo",
        help="write the templates and a filled sample pairs event, team match and team event, and score them",
        description="Write every template plus a filled sample pairs event (9 tables, "
        "27 boards), team match (24 boards) and Swiss team event (8 teams, 3 of 5 rounds played, "
        "ready for `xlbridge draw`) into a folder, score them with the engine and print the "
        "ranking, the match result and the standings.",
    )
    parser.add_argument("--out", metavar="DIR", type=Path, default=Path("xlbridge-demo"),
                        help="folder to write into (default ./xlbridge-demo)")
    parser.add_argument("--force", action="store_true", help="replace files already there")
    parser.add_argument("--lang", default="en", help="labels: en (default), fi or ru")
    parser.add_argument("--paper", default="A4", help="A4 (default) or Letter")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the sample's ranking and match result, write the files, and confirm that the
    filled books, read back as ``xlbridge report`` reads them, say the same."""
    started = time.perf_counter()
    # Bad options fail here, before anything is printed or written.
    args.lang, args.paper = workbooks.language(args.lang), workbooks.paper_name(args.paper)
    out: Path = args.out
    samples = [out / PAIRS_FILE, out / TEAMS_FILE, out / EVENT_FILE]
    existing = [str(p) for p in samples if p.exists()]
    event, match, swiss = sample.pairs_event(), sample.team_match(), sample.team_event()
    # The engine scores the sample first, so the ranking shows at once; the files follow.
    pairs, teams, standings = score_pairs(event), score_teams(match), score_event(swiss)
    print(text.dumps(pairs), end="\n\n", flush=True)
    print(text.dumps(teams), end="\n\n", flush=True)
    print(text.dumps(standings), end="\n\n", flush=True)
    if existing and not args.force:
        # A second run in the same folder: the results again, and the files left as they are.
        print(f"{' and '.join(existing)} {'are' if len(existing) > 1 else 'is'} already there, "
              f"kept as {'they are' if len(existing) > 1 else 'it is'} (they may hold your changes); "
              f"rewrite them with `xlbridge demo --out {out} --force`, or use --out for another folder")
        return EXIT_OK
    # The templates and the samples are one set: a kill leaves the old set or the new one.
    writes = workbooks.set_writes(out, lang=args.lang, paper=args.paper)
    written = list(writes)
    for kind, sampled, path in zip((PAIRS, TEAMS, TEAM_EVENT), (event, match, swiss), samples, strict=True):
        writes[path] = lambda temp, kind=kind, sampled=sampled: kind.fill(
            sampled, lang=args.lang, paper=args.paper, fit=True).save(temp)
    files.write_all(writes, force=args.force)
    # What the files hold, read back and scored exactly as `xlbridge report` does, must be
    # what was printed.
    if (score_pairs(_checked(samples[0])).scored.pairs != pairs.scored.pairs
            or score_teams(_checked(samples[1])).boards != teams.boards
            or score_event(_checked(samples[2])).standings() != standings.standings()):
        raise CommandError(f"{out}: the sample books read back differently from the sample")
    print(f"Wrote {len(written) + len(samples)} workbooks to {out}/ in {time.perf_counter() - started:.1f} s:")
    for path in [*written, *samples]:
        print(f"  {path}")
    print(f"\nNext: open {samples[0]} in Excel or LibreOffice, or try\n"
          f"  xlbridge check {samples[0]}\n"
          f"  xlbridge report {samples[1]} --csv match.csv --pdf match.pdf\n"
          f"  xlbridge draw {samples[2]}      (the Swiss's round 4)")
    return EXIT_OK


def _checked(path: Path):
    """The event in a sample book, read back and checked (it must be clean)."""
    try:
        checked = kinds.check(kinds.read(path))
    except UnreadableWorkbook as error:
        raise CommandError(str(error)) from None
    if checked.problems:  # the sample is generated valid: a problem here is a bug
        raise CommandError(f"{path}: the sample has problems: {checked.problems[0]}")
    return checked.event
