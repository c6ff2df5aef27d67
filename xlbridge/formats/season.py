"""A season's standings as terminal text (what ``xlbridge report SEASON.xlsx`` prints):
the ladder by the club's rule, then each player's sessions.

    >>> from xlbridge.engine.season import SeasonLine, SeasonRule
    >>> from xlbridge.event.season import Season, SeasonReport
    >>> lines = (SeasonLine("a", 1, "Ann", 60.0, 1, 1, "2025-01-07", "Tuesday", "Bob"),
    ...          SeasonLine("a", 2, "Bob", 60.0, 1, 1, "2025-01-07", "Tuesday", "Ann"))
    >>> print(season_text(SeasonReport(Season("Spring", lines, SeasonRule(minimum=1), ()))).splitlines()[0])
    Spring: 1 session, 2 players; the average of the best 10 sessions, 1 to qualify
"""

from __future__ import annotations

from ..event.season import SeasonReport
from .text import text_table

RULES = {"average": "the average of the best {best} sessions", "points": "points by place",
         "both": "points by place, then the average of the best {best} sessions"}


def season_text(report: SeasonReport) -> str:
    """The ladder, then each player's sessions."""
    season = report.season
    rule = season.rule
    held = season.sessions
    standings = report.standings
    head = (f"{season.name or 'Season'}: {held} session{'s' if held != 1 else ''}, {len(standings)} players; "
            f"{RULES[rule.ranking].format(best=rule.best)}, {rule.minimum} to qualify")
    rows = [[s.place if s.place is not None else "-", s.number, s.player, s.sessions,
             f"{100 * s.sessions / held:.0f}%" if held else "-",
             "-" if s.average is None else f"{s.average:.2f}", f"{s.points:g}"] for s in standings]
    parts = [head, "", text_table(["Place", "No.", "Player", "Sessions", "Attended", "Average", "Points"], rows,
                                  ">><>>>>")]
    for standing in standings:
        lines = report.lines_of(standing.number)
        if not lines:
            continue
        parts += ["", f"{standing.player} ({standing.number})",
                  text_table(["Date", "Event", "Partner", "Dir", "Score", "Place", "Field", "Boards"],
                             [[line.date, line.event, line.partner, line.direction,
                               f"{line.score:.2f}{'%' if line.unit == '%' else ' IMPs'}",
                               _place(line.place, line.place_to), line.field or "", line.boards or ""]
                              for line in lines], "<<<<>>>>")]
    return "\n".join(parts)


def _place(place: int | None, place_to: int | None) -> str:
    if place is None:
        return ""
    return f"{place}-{place_to}" if place_to and place_to > place else str(place)
