"""Engine benchmarks: scoring throughput vs endplay; matchpoints vs the all-pairs count."""

from __future__ import annotations

import importlib
import pkgutil
import random

import xlbridge
import xlbridge.engine

from .timing import Row, best_of

STRAINS = ("C", "D", "H", "S", "NT")
DOUBLINGS = ("", "", "", "X", "XX")


def result_strings(count: int, seed: int = 1) -> list[str]:
    """Random legal result strings in the form both parsers read: ``4SNX-1``, ``3NTE=``."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        level = rng.randint(1, 7)
        diff = rng.randint(-(level + 6), 7 - level)
        result = "=" if diff == 0 else f"{diff:+d}"
        out.append(f"{level}{rng.choice(STRAINS)}{rng.choice('NESW')}{rng.choice(DOUBLINGS)}{result}")
    return out


def clear_engine_caches() -> None:
    """Empty every memo in the engine, so a timed run starts cold."""
    for info in pkgutil.iter_modules(xlbridge.engine.__path__):
        module = importlib.import_module(f"xlbridge.engine.{info.name}")
        for value in vars(module).values():
            if hasattr(value, "cache_clear"):
                value.cache_clear()


def scoring_rows(count: int = 100_000) -> list[Row]:
    """Parse + score of the same ``count`` strings, with caches cleared before each run."""
    from endplay.types import Contract, Vul

    texts = result_strings(count)
    vuls = [("None", Vul.none), ("All", Vul.both)]

    def ours() -> list[int]:
        return [s for v, _ in vuls for s in xlbridge.score_played_many(texts, v)]

    def endplay() -> list[int]:
        return [Contract(t).score(ev) for _, ev in vuls for t in texts]

    # Same numbers from both, from NS's view (endplay scores for declarer's side).
    sample = texts[:2000]
    for text in sample:
        played = xlbridge.parse_played(text)
        sign = 1 if played.contract.declarer.side is xlbridge.Side.NS else -1
        assert played.score("All") == sign * Contract(text).score(Vul.both), text

    distinct = len(set(texts))
    cold_time = best_of(ours, repeat=7, setup=clear_engine_caches)
    theirs_time = best_of(endplay, repeat=3)
    warm_time = best_of(ours, repeat=7)
    return [
        Row(f"scoring: {count:,} strings x 2 vul, caches cold", cold_time, theirs_time,
            "endplay", target=25, note=f"{distinct:,} distinct strings"),
        Row(f"scoring: {count:,} strings x 2 vul, caches warm", warm_time, theirs_time,
            "endplay", note="parse memo filled"),
    ]


def scalar_rows(calls: int = 20_000) -> list[Row]:
    """One score a call, as scripts call it: ``xlbridge.score("4S", 10, False)`` and a few
    other deals, against endplay's ``Contract("4SN=").score(...)`` (parse and score) and
    bridgebots' ``calculate_score`` (handed arguments already parsed), in one run."""
    from endplay.types import Contract, Vul

    deals = [("4S", 10, False, "4SN=", 4, "SPADES", 0, 10), ("3NT", 8, True, "3NTE-1", 3, "NO_TRUMP", 0, 8),
             ("2HX", 9, False, "2HSX+1", 2, "HEARTS", 1, 9), ("6D", 12, True, "6DW=", 6, "DIAMONDS", 0, 12)]
    rounds = calls // len(deals)
    plain = [(contract, tricks, vul) for contract, tricks, vul, *_rest in deals] * rounds
    texts = [(text, Vul.both if vul else Vul.none) for _c, _t, vul, text, *_rest in deals] * rounds
    score = xlbridge.score

    def ours() -> None:
        for contract, tricks, vul in plain:
            score(contract, tricks, vul)

    def endplay() -> None:
        for text, vul in texts:
            Contract(text).score(vul)

    for contract, tricks, vul, text, *_rest in deals:  # the same numbers from both
        assert xlbridge.score(contract, tricks, vul) == Contract(text).score(Vul.both if vul else Vul.none)
    ours_time = best_of(ours, repeat=7)
    rows = [Row(f"score(): {calls:,} single calls", ours_time, best_of(endplay, repeat=3), "endplay",
                target=25, note="one deal a call, as scripts call it")]
    try:
        from bridgebots import calculate_score
        from bridgebots.deal_enums import BiddingSuit
    except ImportError:
        rows.append(Row("score(): single calls vs bridgebots (skipped)", ours_time,
                        note="pip install '.[bench]' for bridgebots"))
        return rows
    parsed = [(level, BiddingSuit[suit], doubled, tricks, vul)
              for _c, _t, vul, _text, level, suit, doubled, tricks in deals]
    many = parsed * rounds

    def bridgebots() -> None:
        for level, suit, doubled, tricks, vul in many:
            calculate_score(level, suit, doubled, tricks, vul)

    for (contract, tricks, vul, *_rest), args in zip(deals, parsed, strict=True):
        assert xlbridge.score(contract, tricks, vul) == calculate_score(*args)
    rows.append(Row(f"score(): {calls:,} single calls", ours_time, best_of(bridgebots, repeat=5),
                    "bridgebots (pre-parsed)", target=1, note="faster than a call on parsed values"))
    return rows


def matchpoint_rows(count: int = 10_000) -> list[Row]:
    """One board of ``count`` results: the engine's sort vs the naive all-pairs count."""
    rng = random.Random(2)
    board = [rng.choice((-200, -100, -50, 110, 140, 170, 420, 450, 480, 620, 650, 990)) +
             rng.randint(0, 3) * 10 for _ in range(count)]

    def naive() -> list[float]:
        return [sum(2 if v > o else 1 if v == o else 0 for o in board) - 1 for v in board]

    assert naive()[:50] == xlbridge.matchpoints(board)[:50]
    ours_time = best_of(lambda: xlbridge.matchpoints(board))
    small = [board[: count // 10]]
    small_time = best_of(lambda: xlbridge.matchpoints(small[0]))
    naive_time = best_of(naive, repeat=1)
    growth = ours_time / small_time
    return [
        Row(f"matchpoints: one board of {count:,} results", ours_time, naive_time,
            "naive all-pairs count", target=100),
        Row(f"matchpoints: {count // 10:,} -> {count:,} results (time ratio)", ours_time,
            note=f"x{growth:.1f} for 10x the results (n log n ~ x12, n^2 = x100)"),
    ]


def session_rows(tables: int = 28, boards: int = 36, budget: float = 0.050) -> list[Row]:
    """pairs_event on a session of about 1,000 results (5% adjusted or not played),
    in each scoring, against issue 9's budget of 50 ms."""
    rng = random.Random(9)
    strings = result_strings(tables * boards, seed=9)
    rows = []
    for board in range(1, boards + 1):
        for table in range(1, tables + 1):
            ns, ew = table, 100 + (table + board) % tables
            if rng.random() < 0.05:
                rows.append((board, ns, ew, rng.choice(["A60/40", "A50", "NP"]), None, None))
                continue
            text = strings[len(rows)]
            level, strain = text[0], "NT" if text[1] == "N" else text[1]
            seat = text[3] if strain == "NT" else text[2]
            contract = level + strain
            tricks = int(level) + 6 + rng.choice([-1, 0, 0, 1])
            rows.append((board, ns, ew, contract, seat, max(0, min(13, tricks))))
    out = []
    for scoring in ("MP", "Cross-IMPs", "Butler"):
        took = best_of(lambda s=scoring: xlbridge.pairs_event(rows, scoring=s), repeat=5)
        out.append(Row(f"pairs_event: {len(rows)} results, {scoring}", took, budget, "the 50 ms budget",
                       target=1, note=f"{tables} tables x {boards} boards"))
    return out


def run() -> list[Row]:
    """All engine benchmarks."""
    return scoring_rows() + scalar_rows() + matchpoint_rows() + session_rows()
