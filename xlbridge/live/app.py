"""The web app of ``xlbridge serve`` (Starlette, served by uvicorn): one event, its tables'
phones and its director.

Routes, all of them (anything else is 404):

============================  =====================================================================
``GET /t/{code}``             log this phone in as the table of ``code`` (a cookie), then ``/table``
``GET /d/{code}``             log in as the director, then ``/director``; a wrong code is 403
``GET /table``                the table's round: pairs, boards, a form a board, score, next
``POST /table/enter``         North-South enter a board (``board``, ``level``/``strain``/``doubling``,
                              ``declarer``, ``tricks``, ``lead_suit``/``lead_rank``)
``POST /table/confirm``       East-West confirm a board (``board``)
``POST /table/correct``       a correction until the round is closed (logged)
``GET /director``             tables x rounds, late tables, ranking, corrections' log, forms
``POST /director/result``     correct or add any result (``round``, ``table``, ``board``, ``contract``,
                              ``declarer``, ``tricks``, ``lead``), logged as the director's
``POST /director/close``      close a round (``round``): its tables move on and cannot write it
``POST /director/setting``    show the traveller after entry or not (``show`` yes/no)
``POST /director/write``      write the confirmed entries into the workbook (the kept results listed)
``GET /style.css``            the one style sheet
============================  =====================================================================

Every POST carries ``csrf`` (the login's token; without it: 403) and ``key`` (the
idempotency key: the same key again returns the first answer and writes nothing); table
forms also carry ``round`` and ``table``, so a page left open from a closed round or
another table's login is refused, not applied elsewhere. A refusal answers the page with
one line saying why (400, 403 or 409) and leaves the journal as it was; a table's write that
went in is sent on to ``GET /table?saved=N`` (or ``confirmed=N``), which shows it, so a
reload never offers to send the form again.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Route

from ..engine import XlbridgeError
from ..workbooks.i18n import Labels
from . import forms, pages
from .entry import Entry
from .event import LiveEvent, Place
from .journal import DIRECTOR, Journal, Outcome, Stored, journal_path
from .security import COOKIE, DIRECTOR_COOKIE, Guard, RateLimit, Signer
from .writeback import write_back

TRAVELLER = "show_traveller"

RATE_ADDRESS = (600, 60.0)
"""Requests a client address may make in a minute (a club's Wi-Fi may put every phone behind one address)."""
RATE_LOGIN = (120, 10.0)
"""Requests one login (a table's phone, the director) may make in ten seconds: a table enters a
board in four (entry and confirmation, each a POST and the page it is sent on to) over a
minute or more, so only a stuck or hostile client reaches it."""


class Server:
    """One served event: its movement, its journal and its codes."""

    def __init__(self, event: LiveEvent, journal: Journal) -> None:
        self.event, self.journal = event, journal
        self.codes = journal.codes(event.tables)
        self.logins = {code: who for who, code in self.codes.items()}
        self.signer = Signer(journal.secret())

    # --- who is asking -------------------------------------------------------------------------

    def login(self, request: Request, *, director: bool) -> tuple[str | None, str]:
        """Who the request's login is, and its cookie: the table's or the director's, each a
        cookie of its own, so one browser may be logged in as both."""
        cookie = request.cookies.get(DIRECTOR_COOKIE if director else COOKIE, "")
        return self.signer.who(cookie), cookie

    def current_round(self) -> int | None:
        """The round the tables play now: the first one not closed (None: every round is)."""
        closed = self.journal.closed()
        return next((r for r in range(1, self.event.rounds + 1) if r not in closed), None)

    # --- pages ---------------------------------------------------------------------------------

    def table_view(self, table: int, cookie: str, text: str = "", ok: bool = False) -> pages.TableView:
        round = self.current_round()
        place = None if round is None else self.event.place(round, table)
        stored = self.journal.entries()
        mine = {s.entry.board: s for s in stored if round is not None and s.entry.key[:2] == (round, table)}
        travellers: dict[int, list[Stored]] = {}
        if self.journal.setting(TRAVELLER) == "yes":
            for board in mine:
                # a team or Swiss pairs event's boards are the round's (another round's board 1 is another deal)
                travellers[board] = [s for s in stored if s.entry.board == board
                                     and (not self.event.by_round or s.entry.round == round)
                                     and self.event.compared(table, s.entry.table)]
        # a sectioned event's pair numbers repeat in each section: the names are the table's section's
        return pages.TableView(self.event.lang, self.event.name, place, round, table, self.event.names_at(place), mine,
                               travellers, self.signer.csrf(cookie), text, ok, self.event.undrawn,
                               self.event.labels if self.event.sections else {})

    def director_view(self, cookie: str, text: str = "", ok: bool = False) -> pages.DirectorView:
        stored = self.journal.entries()
        counts: dict[tuple[int, int], tuple[int, int, int]] = {}
        keys = {s.entry.key: s for s in stored}
        for place in self.event.places:
            if place.sits_out:
                continue
            here = [(place.round, place.table, board) for board in place.boards]
            typed = sum(key in self.event.typed for key in here)
            entered = sum(key in keys for key in here if key not in self.event.typed)
            confirmed = sum(keys[key].confirmed for key in here if key in keys and key not in self.event.typed)
            counts[(place.round, place.table)] = (typed + entered, typed + confirmed, len(place.boards))
        return pages.DirectorView(
            self.event.lang, self.event.name, self.event.rounds, self.event.tables, self.journal.closed(), counts,
            self.late(counts), self.journal.corrections(), self.ranking(stored),
            self.journal.setting(TRAVELLER) == "yes", self.signer.csrf(cookie), text, ok, self.event.individual,
            self.event.teams, self.event.swiss, self.event.labels if self.event.sections else {},
            {place.table: place.section for place in self.event.places} if self.event.sections else {})

    def late(self, counts: dict[tuple[int, int], tuple[int, int, int]]) -> list[int]:
        """Tables behind the others in the current round: fewer boards in than a table of the
        round that has finished it."""
        round = self.current_round()
        mine = {table: count for (r, table), count in counts.items() if r == round}
        if not any(entered == boards for entered, _, boards in mine.values()):
            return []
        return sorted(table for table, (entered, _, boards) in mine.items() if entered < boards)

    def ranking(self, stored: list[Stored]) -> list[tuple[str, list[tuple[str, int | str, str, str]]]]:
        """The live ranking: the book's results and the confirmed entries, scored by the engine."""
        return self.event.ranking(s.entry for s in stored if s.confirmed)


def write_now(book: Path, entries: list[Entry]) -> list[str]:
    """The director's button: the entries into the book at once (a book open in a
    spreadsheet program is refused, not waited for)."""
    return write_back(book, entries, wait=0.0).lines()


def create_app(book: Path, event: LiveEvent, *, rate_address: tuple[int, float] = RATE_ADDRESS,
               rate_login: tuple[int, float] = RATE_LOGIN,
               writer: Callable[[Path, list[Entry]], list[str]] = write_now) -> Guard:
    """The app serving ``event`` (read from ``book``), its journal beside the book.
    ``writer`` writes entries into the book and returns the lines to show (by default
    :func:`~xlbridge.live.writeback.write_back`, not waiting for a spreadsheet program
    that has the book open: the page says so at once)."""
    server = Server(event, Journal(journal_path(book)))

    def labels() -> Labels:
        return Labels(event.lang, "serve")

    def refuse(status: int, key: str, **values: object) -> PlainTextResponse:
        return PlainTextResponse(labels()(key, **values) + "\n", status_code=status)

    async def login(request: Request) -> Response:
        who = server.logins.get(request.path_params["code"])
        wanted = "director" if request.url.path.startswith("/d/") else "table"
        if who is None or (who == DIRECTOR) != (wanted == "director"):
            return refuse(403, "err_code")
        response = RedirectResponse(f"/{wanted}", status_code=303)
        response.set_cookie(DIRECTOR_COOKIE if who == DIRECTOR else COOKIE, server.signer.login(who), httponly=True,
                            samesite="lax", max_age=24 * 3600)
        return response

    def table_of(who: str | None) -> int | None:
        return int(who[1:]) if who and who.startswith("t") and who[1:].isdigit() else None

    async def table_page(request: Request) -> Response:
        who, cookie = server.login(request, director=False)
        table = table_of(who)
        if table is None:
            return refuse(403, "err_login")
        done = request.query_params.get("saved") or request.query_params.get("confirmed")
        text = ""
        if done is not None and done.isdigit():
            action = "confirm" if "confirmed" in request.query_params else "enter"
            text = await run_in_threadpool(done_text, table, int(done), action)
        view = await run_in_threadpool(server.table_view, table, cookie, text, bool(text))
        return HTMLResponse(pages.table_page(view))

    def done_text(table: int, board: int, action: str) -> str:
        """What the page says after a write went in: the board's result and score to confirm,
        or that it is confirmed; nothing for a board the table has no entry of."""
        t = labels()
        mine = [s for s in server.journal.entries() if s.entry.table == table and s.entry.board == board]
        if not mine:
            return ""
        if action == "confirm":
            return t("confirmed", board=board) if mine[-1].confirmed else ""
        stored = mine[-1]
        return t("saved", board=board, result=f"{pages.result_text(stored)}, NS {pages.ns_score(stored):+d}")

    async def posted(request: Request, director: bool) -> tuple[str, str, dict[str, str]] | Response:
        """The login, cookie and fields of a POST, or the refusal: not logged in, a forged form."""
        who, cookie = server.login(request, director=director)
        if who is None or (who == DIRECTOR) != director:
            return refuse(403, "err_login")
        try:
            form = await request.form(max_files=0, max_fields=40)
        except Exception:  # a body that is not a form (or too many fields): nothing to act on
            return refuse(400, "err_csrf")
        fields = {name: str(value) for name, value in form.items()}
        if not server.signer.csrf_ok(cookie, fields.get("csrf")):
            return refuse(403, "err_csrf")
        key = fields.get("key", "")
        if not 8 <= len(key) <= 64:
            return refuse(400, "err_csrf")
        fields["key"] = f"{who}:{key}"  # a key is its login's: another login's key is never its answer
        return who, cookie, fields

    def table_answer(table: int, cookie: str, status: int, text: str, ok: bool = False) -> HTMLResponse:
        return HTMLResponse(pages.table_page(server.table_view(table, cookie, text, ok)), status_code=status)

    def table_post(action: str) -> Callable[[Request], object]:
        async def handle(request: Request) -> Response:
            got = await posted(request, director=False)
            if isinstance(got, Response):
                return got
            who, cookie, fields = got
            table = table_of(who)
            assert table is not None
            return await run_in_threadpool(table_write, action, table, cookie, fields)

        return handle

    def table_write(action: str, table: int, cookie: str, fields: dict[str, str]) -> Response:
        t = labels()
        try:
            round, place = where(table, fields)
            if action == "confirm":
                board = forms.number(fields, "board")
                if board not in place.boards:
                    raise forms.Refusal("err_board", 403, board=board, table=table, round=round)
                outcome = server.journal.confirm((round, table, board), by=f"t{table}", key=fields["key"])
            else:
                entry = forms.from_buttons(fields, round=round, table=table, boards=place.boards)
                board = entry.board
                if action == "enter":
                    outcome = server.journal.enter(entry, by=f"t{table}", key=fields["key"])
                else:
                    outcome = server.journal.correct(entry, by=f"t{table}", key=fields["key"])
        except forms.Refusal as refusal:
            if refusal.values.get("table") == table:  # the table as its players read it (A 3 in a section)
                refusal.values["table"] = event.label(table)
            return table_answer(table, cookie, refusal.status, t(refusal.key, **refusal.values))
        return table_outcome(table, cookie, action, board, outcome)

    def where(table: int, fields: dict[str, str]) -> tuple[int, Place]:
        """The round and place a table's form is for: this table, this round, else refused."""
        round = server.current_round()
        posted_table, posted_round = forms.number(fields, "table"), forms.number(fields, "round")
        if posted_table != table:
            raise forms.Refusal("err_other", 403, table=event.label(table), other=event.label(posted_table))
        if round is None or posted_round != round:
            raise forms.Refusal("err_closed", 403, round=posted_round)
        place = event.place(round, table)
        if place is None or place.sits_out:
            raise forms.Refusal("err_board", 403, board=fields.get("board", "?"), table=event.label(table), round=round)
        return round, place

    def table_outcome(table: int, cookie: str, action: str, board: int, outcome: Outcome) -> Response:
        t = labels()
        if outcome.status == "exists":
            result = pages.result_text(outcome.stored)
            return table_answer(table, cookie, 409, t("err_exists", board=board, result=result))
        if outcome.status == "missing":
            return table_answer(table, cookie, 409, t("err_missing", board=board))
        # Saved: the phone is sent to its page (post, redirect, get), so a reload shows the page
        # again instead of offering to send the form a second time.
        done = "confirmed" if action == "confirm" else "saved"
        return RedirectResponse(f"/table?{done}={board}", status_code=303)

    async def director_page(request: Request) -> Response:
        who, cookie = server.login(request, director=True)
        if who != DIRECTOR:
            return refuse(403, "err_login")
        view = await run_in_threadpool(server.director_view, cookie)
        return HTMLResponse(pages.director_page(view))

    def director_post(action: str) -> Callable[[Request], object]:
        async def handle(request: Request) -> Response:
            got = await posted(request, director=True)
            if isinstance(got, Response):
                return got
            _, cookie, fields = got
            return await run_in_threadpool(director_write, action, cookie, fields)

        return handle

    def director_write(action: str, cookie: str, fields: dict[str, str]) -> Response:
        t = labels()
        try:
            if action == "result":
                round, table = forms.number(fields, "round"), director_table(fields)
                place = event.place(round, table)
                boards = () if place is None or place.sits_out else place.boards
                try:
                    entry = forms.from_director(fields, boards=boards, round=round, table=table)
                except forms.Refusal as refusal:
                    if refusal.values.get("table") == table:
                        refusal.values["table"] = event.label(table)
                    raise
                outcome = server.journal.correct(entry, by=DIRECTOR, key=fields["key"])
                assert outcome.stored is not None
                text = t("saved", board=entry.board, result=pages.result_text(outcome.stored))
            elif action == "close":
                round = forms.number(fields, "round")
                if not 1 <= round <= event.rounds:
                    raise forms.Refusal("err_closed", round=round)
                server.journal.close_round(round)
                text = t("round_closed", round=round)
            elif action == "setting":
                show = "yes" if fields.get("show") == "yes" else "no"
                server.journal.set_setting(TRAVELLER, show)
                text = t("show_traveller") + ": " + t(show)
            else:
                text = write(t)
        except forms.Refusal as refusal:
            view = server.director_view(cookie, t(refusal.key, **refusal.values))
            return HTMLResponse(pages.director_page(view), status_code=refusal.status)
        return HTMLResponse(pages.director_page(server.director_view(cookie, text, ok=True)))

    def director_table(fields: dict[str, str]) -> int:
        """The table the director's form names: its number, and in a sectioned event its
        section too (``B`` and ``1``: table 5 of :func:`~xlbridge.live.event.across`)."""
        number = forms.number(fields, "table")
        if not event.sections:
            return number
        section = fields.get("section", "").strip().upper()
        for place in event.places:
            if place.section == section and place.number == number:
                return place.table
        if section not in event.sections:
            raise forms.Refusal("err_section", section=section or "-", sections=", ".join(event.sections))
        raise forms.Refusal("err_board", board=fields.get("board", "?"), table=f"{section} {number}",
                            round=fields.get("round", "?"))

    def write(t: Labels) -> str:
        confirmed = [s.entry for s in server.journal.entries() if s.confirmed]
        try:
            return " ".join(writer(book, confirmed))
        except XlbridgeError as error:
            raise forms.Refusal("err_write", 409, error=str(error)) from None

    async def style(request: Request) -> Response:
        return Response(pages.STYLE, media_type="text/css")

    async def not_found(request: Request, exc: Exception) -> Response:
        return PlainTextResponse("Not found.\n", status_code=404)

    routes = [
        Route("/t/{code}", login), Route("/d/{code}", login),
        Route("/table", table_page),
        *(Route(f"/table/{action}", table_post(action), methods=["POST"])
          for action in ("enter", "confirm", "correct")),
        Route("/director", director_page),
        *(Route(f"/director/{action}", director_post(action), methods=["POST"])
          for action in ("result", "close", "setting", "write")),
        Route("/style.css", style),
    ]
    app = Starlette(routes=routes, exception_handlers={404: not_found, 405: not_found})
    app.state.server = server
    return Guard(app, by_address=RateLimit(*rate_address), by_login=RateLimit(*rate_login))
