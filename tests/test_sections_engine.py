"""A sectioned pairs event (xlbridge.engine.sections): what it must equal, checked against
pairs_event on the same results, and a hand-worked board across two sections."""

from __future__ import annotations

import random

import pytest

from xlbridge.engine import BridgeInputError, movement, pairs_event, sections_event

CONTRACTS = [("4S", "N", 10), ("4S", "N", 9), ("3N", "S", 9), ("3N", "E", 8), ("2H", "W", 8), ("A60/40", "", ""),
             ("NP", "", "")]


def _section_rows(section: str, tables: int, boards: int, seed: int) -> list[tuple[object, ...]]:
    """Every result of a Mitchell section of ``tables`` tables, random but repeatable."""
    chance = random.Random(seed)
    plan = movement("mitchell", tables=tables, boards=boards)
    rows = []
    for seating in plan.rows:
        for board in seating.boards:
            rows.append((section, board, seating.ns, seating.ew, *chance.choice(CONTRACTS)))
    return rows


def test_hand_worked_board_across_two_sections() -> None:
    # Board 1 (none vulnerable): A's tables 420 and 450, B's table -50 and 420.
    rows = [("A", 1, 1, 11, "4S", "N", 10), ("A", 1, 2, 12, "4S", "N", 11),
            ("B", 1, 1, 11, "4S", "N", 9), ("B", 1, 2, 12, "4S", "N", 10)]
    across = sections_event(rows)
    # Four results: 450 beats three (6), 420 beats one and ties one (3 each), -50 none (0).
    assert [(r.ns, r.ew) for r in across.rows] == [(3.0, 3.0), (6.0, 0.0), (0.0, 6.0), (3.0, 3.0)]
    assert [p.key for p in across.ranking(section="B")] == [("B", 11), ("B", 2), ("B", 12), ("B", 1)]
    within = sections_event(rows, across=False)
    assert [(r.ns, r.ew) for r in within.rows] == [(0.0, 2.0), (2.0, 0.0), (0.0, 2.0), (2.0, 0.0)]
    assert within.pairs[("B", 2)].section_place == "1-2" and within.pairs[("B", 2)].total.place == "1-4"


@pytest.mark.parametrize("scoring", ["MP", "Cross-IMPs", "Butler"])
def test_one_section_is_pairs_event(scoring: str) -> None:
    rows = _section_rows("A", 7, 14, seed=1)
    alone = pairs_event([row[1:] for row in rows], scoring=scoring)
    for across in (True, False):
        event = sections_event(rows, scoring=scoring, across=across)
        assert event.rows == alone.rows
        assert {key[1]: line.total for key, line in event.pairs.items()} == alone.pairs
        assert all(line.section_place == line.total.place for line in event.pairs.values())


@pytest.mark.parametrize("scoring", ["MP", "Butler"])
def test_within_sections_is_each_section_alone(scoring: str) -> None:
    a, b = _section_rows("A", 7, 14, seed=2), _section_rows("B", 5, 15, seed=3)
    event = sections_event(a + b, scoring=scoring, across=False, fields=2)
    for rows in (a, b):
        alone = pairs_event([row[1:] for row in rows], scoring=scoring, fields=2)
        section = rows[0][0]
        assert {pair: event.pairs[(section, pair)].section_place for pair in alone.pairs} == \
            {pair: total.place for pair, total in alone.pairs.items()}
        assert {pair: event.pairs[(section, pair)].total.percent for pair in alone.pairs} == \
            {pair: total.percent for pair, total in alone.pairs.items()}
    # Overall: by percentage (IMPs) across both sections, in each direction.
    for field in event.field_list:
        ranked = event.ranking(field)
        value = [line.total.imps if scoring == "Butler" else line.total.percent for line in ranked]
        assert value == sorted(value, reverse=True)


def test_across_is_one_field_renumbered() -> None:
    """Across the field the sections are one event: pairs_event on the rows with B's pairs
    renumbered past A's scores every row alike, and Neuberg factors the short boards."""
    a, b = _section_rows("A", 7, 14, seed=4), _section_rows("B", 5, 15, seed=5)
    event = sections_event(a + b, fields=2)
    shifted = [row[1:] for row in a] + [(row[1], row[2] + 100, row[3] + 100, *row[4:]) for row in b]
    whole = pairs_event(shifted, fields=2)
    assert event.rows == whole.rows
    for (section, pair), line in event.pairs.items():
        total = whole.pairs[pair + (100 if section == "B" else 0)]
        assert (line.total.percent, line.total.place) == (total.percent, total.place)
    # Board 15 is B's alone (A plays 14): factored up to the most results any board has.
    fifteen = [r for row, r in zip(a + b, event.rows, strict=True) if row[1] == 15 and r.top is not None]
    assert fifteen and all(r.top == 2 * (whole.expected - 1) for r in fifteen)


def test_bad_rows_name_themselves() -> None:
    with pytest.raises(BridgeInputError, match="row 2: board 1 has no section"):
        sections_event([("A", 1, 1, 2, "4S", "N", 10), ("", 1, 3, 4, "4S", "N", 10)])
    with pytest.raises(BridgeInputError, match="row 1: section \"North\""):
        sections_event([("North", 1, 1, 2, "4S", "N", 10)])
    # A row's number is its own in the event, the section's pair named as the director wrote it.
    b_twice = [("A", 1, 1, 2, "4S", "N", 10), ("B", 1, 1, 2, "4S", "N", 10), ("B", 1, 3, 1, "4S", "N", 10)]
    for across in (True, False):
        with pytest.raises(BridgeInputError, match=r"^row 3: pair B 1 plays board 1 twice \(also row 2\)$"):
            sections_event(b_twice, across=across)
        with pytest.raises(BridgeInputError, match=r"^row 3: contract"):
            sections_event([*b_twice[:2], ("B", 2, 1, 2, "8S", "N", 10)], across=across)
    with pytest.raises(BridgeInputError, match="penalty for pair B3: the pair has no results"):
        sections_event([("A", 1, 1, 2, "4S", "N", 10)], penalties={("B", 3): 1})
