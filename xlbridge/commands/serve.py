"""``xlbridge serve``: results from the tables' phones, straight into the event (issue 23).

``xlbridge serve EVENT.xlsx`` serves a web app on the club's own network: each table's
phone (logged in by the QR code on its card, ``EVENT-tables.pdf``) enters its boards,
East-West confirm, the director watches, corrects and closes rounds. Every entry is in the
journal (``EVENT.journal.sqlite``) before the phone is told it is saved;
``xlbridge serve --write EVENT.xlsx`` puts the confirmed entries into the workbook.
"""

from __future__ import annotations

import argparse
import importlib.util
import socket
import sys
from pathlib import Path

from ..engine import XlbridgeError
from ..live.event import read_event
from ..live.journal import Journal, journal_path
from ..live.writeback import write_back
from ..workbooks import LANGUAGES
from . import EXIT_OK, EXIT_PROBLEMS, CommandError

INSTALL = "xlbridge serve needs its web server: pip install 'xlbridge[serve]'"
EXTRAS = ("starlette", "uvicorn", "multipart", "segno")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the ``serve`` subcommand."""
    parser = subparsers.add_parser(
        "serve",
        help="results from the tables' phones: a web app for a pairs event from a movement, an individual, a "
        "team event or a Swiss pairs event",
        description="Serve a pairs event written from a movement, an individual, a team event or a Swiss pairs "
        "event to the tables' phones: each table enters and "
        "confirms its boards, the director watches, corrects and closes rounds. Prints the tables' and the "
        "director's addresses and writes EVENT-tables.pdf (a QR card a table). The default address is this "
        "computer only (127.0.0.1): give --host 0.0.0.0 to open it to the club's Wi-Fi (docs/serve.md).",
    )
    parser.add_argument("file", metavar="EVENT.xlsx",
                        help="a pairs workbook written with --movement, individual.xlsx, teams-event.xlsx or "
                        "swiss-pairs.xlsx")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)")
    parser.add_argument("--port", type=_port, default=8000, help="port (default: 8000)")
    parser.add_argument("--lang", type=str.lower, choices=LANGUAGES,
                        help="language of the pages (default: the workbook's)")
    parser.add_argument("--write", action="store_true",
                        help="write the journal's confirmed results into the workbook instead of serving")
    parser.add_argument("--force", action="store_true",
                        help="with --write: the journal's result over a different one typed in the workbook; "
                        "serving: the table cards printed anew over EVENT-tables.pdf printed for another address")
    parser.add_argument("--no-cards", action="store_true", help="do not write EVENT-tables.pdf")
    parser.set_defaults(run=run)


def _port(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= 65535:
        raise argparse.ArgumentTypeError(f"port {text!r}: must be a whole number 1-65535")
    return int(text)


def run(args: argparse.Namespace) -> int:
    book = Path(args.file)
    if not book.is_file():
        raise CommandError(f"{book}: no such file")
    if args.write:
        return write(book, force=args.force)
    missing = [name for name in EXTRAS if importlib.util.find_spec(name) is None]
    if missing:
        raise CommandError(INSTALL)
    import uvicorn

    from ..live.app import create_app

    event = read_event(book, args.lang)
    app = create_app(book, event)
    server = app.app.state.server
    codes = server.codes
    base = f"http://{_address(args.host)}:{args.port}"
    tables = {table: f"{base}/t/{codes[f't{table}']}" for table in event.tables}
    director = f"{base}/d/{codes['director']}"
    sections = f" in {len(event.sections)} sections ({', '.join(event.sections)})" if event.sections else ""
    print(f"{book}: {event.name}, {len(event.tables)} tables{sections}, {event.rounds} rounds; journal "
          f"{journal_path(book)}")
    for table, url in tables.items():
        print(f"table {event.label(table)}: {url}")
    print(f"director: {director}")
    if _loopback(args.host):
        # A card whose code points at this computer only would send every phone nowhere.
        print(f"{args.host} is this computer only: the tables' phones cannot reach it. Give --host 0.0.0.0 "
              "(or this computer's address on the club's Wi-Fi) to serve them; no table cards written")
    elif not args.no_cards:
        _cards(book, event.name, tables, director, event.lang, server.journal, base, force=args.force,
               sections={place.table: (place.section, place.number) for place in event.places if place.section})
    sys.stdout.flush()
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", access_log=False, server_header=False)
    return EXIT_OK


def write(book: Path, *, force: bool) -> int:
    """``--write``: the confirmed entries into the workbook; the conflicts listed."""
    path = journal_path(book)
    if not path.is_file():
        raise CommandError(f"{book}: no journal beside it ({path.name}); nothing to write")
    journal = Journal(path)
    try:
        entries = [stored.entry for stored in journal.entries() if stored.confirmed]
    finally:
        journal.close()
    report = write_back(book, entries, force=force)
    for line in report.lines():
        print(line)
    return EXIT_PROBLEMS if any(not conflict.replaced for conflict in report.conflicts) else EXIT_OK


CARDS_ADDRESS = "cards_address"
"""The journal's setting: the address the printed table cards point at."""


def _cards(book: Path, title: str, tables: dict[int, str], director: str, lang: str, journal: Journal,
           base: str, *, force: bool, sections: dict[int, tuple[str, int]] | None = None) -> None:
    """EVENT-tables.pdf, when it is not there yet or (with ``force``) was printed for another
    address. The codes never change, so cards printed for this address stay valid and are
    kept; cards printed for another (the laptop got a new address on the Wi-Fi) would send
    the phones nowhere, which is said in one line. A PDF that cannot be written is said in
    one line too, and the server runs all the same. A sectioned event's cards name each
    table's section and its number there (``sections``: table -> (section, number))."""
    target = book.with_name(f"{book.stem}-tables.pdf")
    printed = journal.setting(CARDS_ADDRESS)
    if target.exists() and not force:
        if printed in ("", base):
            print(f"{target}: kept (the codes are the same)")
        else:
            print(f"{target}: printed for {printed}, not {base}: its codes would send the phones nowhere; "
                  "serve with --force to print the cards anew")
        return
    from ..live.cards import table_cards  # segno, of the serve extra, only when serving

    try:
        more = {"sections": sections} if sections else {}  # a sectioned event's cards name each table's section
        print(f"Wrote {table_cards(title, tables, director, lang, target, force=force, **more)}")
    except (XlbridgeError, OSError) as error:
        print(f"{target}: not written ({error})")
        return
    journal.set_setting(CARDS_ADDRESS, base)


def _loopback(host: str) -> bool:
    """True for an address only this computer reaches.

    >>> _loopback("127.0.0.1"), _loopback("localhost"), _loopback("::1"), _loopback("0.0.0.0")
    (True, True, True, False)
    """
    return host == "localhost" or host.startswith("127.") or host == "::1"


def _address(host: str) -> str:
    """The address phones use: the host given, or this computer's on the network for 0.0.0.0."""
    if host not in ("0.0.0.0", "::", ""):
        return f"[{host}]" if ":" in host else host
    try:  # the interface a packet out would leave by (nothing is sent)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.255.255.255", 1))
            return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
