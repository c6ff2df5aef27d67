"""The cards (xlbridge/engine/hands.py): Deal and Hand in PBN notation, read and written
back, and dealing at random tested for uniformity with a test that can fail.

The randomness tests are chi-square goodness-of-fit tests with a fixed seed, so their
verdict is the same on every run; each is shown to reject a dealer biased on purpose
(the test of the test)."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Iterable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from xlbridge.engine import BridgeInputError, Seat
from xlbridge.engine.hands import CARDS, HCP, RANKS, SUITS, Deal, Hand, deal, deals

SIGNIFICANCE = 0.001
"""A dealer is called biased when the chi-square test's p-value is below this."""
DEALS = 50_000
"""Deals a randomness test draws: about two seconds here (the benchmark, bench_hands.py,
deals 100,000 and reports the same p-values beside the time and memory)."""


def hand_of(cards: Iterable[str]) -> Hand:
    """``SA``-style cards as a Hand, written independently of the engine's own helper."""
    held = set(cards)
    return Hand.parse(".".join("".join(r for r in RANKS if s + r in held) for s in SUITS))


# ---------------------------------------------------------------- notation


def test_a_hand_reads_and_writes_back():
    hand = Hand.parse("AKQ2.T98.7653.A2")
    assert str(hand) == "AKQ2.T98.7653.A2"
    assert Hand.parse(str(hand)) == hand
    assert Hand.parse("2QKA.89t.3567.2a") == hand  # any order, any case, the ten as t
    assert Hand.parse("AKQ2.10 9 8.7653.A2".replace(" ", "")) == hand  # 10 for the ten
    assert (hand.hcp, hand.lengths, hand.shape) == (13, (4, 3, 4, 2), "4-4-3-2")
    assert str(Hand.parse("AKxx.Qxx.xxxx.xx")) == "AKxx.Qxx.xxxx.xx" and not Hand.parse("AKxx.Qxx.xxxx.xx").exact


def test_a_void_and_a_thirteen_card_suit():
    hand = Hand.parse("AKQJT98765432...")
    assert hand.lengths == (13, 0, 0, 0) and hand.shape == "13-0-0-0" and hand.hcp == 10
    assert str(hand) == "AKQJT98765432..."


def test_a_deal_reads_and_writes_back_from_any_first_seat():
    text = "N:AKQ2.T98.7653.A2 J876.AKQ.42.K743 T95.J76.AKQ.QJT9 43.5432.JT98.865"
    deal_ = Deal.parse(text)
    assert str(deal_) == text and Deal.parse(str(deal_)) == deal_
    # the same cards written from East: East's hand first, clockwise
    assert Deal.parse("E:J876.AKQ.42.K743 T95.J76.AKQ.QJT9 43.5432.JT98.865 AKQ2.T98.7653.A2") == deal_
    assert deal_.hand(Seat.W) == Hand.parse("43.5432.JT98.865")
    assert sum(h.hcp for h in deal_.hands if h is not None) == 40


def test_thirteen_cards_a_hand_fifty_two_a_deal():
    for one in deals(20, seed="count"):
        assert one.complete
        cards = [card for hand in one.hands if hand is not None for card in hand.cards()]
        assert [sum(hand.lengths) for hand in one.hands if hand is not None] == [13] * 4
        assert sorted(cards) == sorted(CARDS)


def test_the_fourth_hand_is_the_cards_left_and_an_unknown_hand_stays_unknown():
    three = Deal.parse("N:AKQ2.T98.7653.A2 J876.AKQ.42.K743 T95.J76.AKQ.QJT9 -")
    assert three.complete and str(three.hand(Seat.W)) == "43.5432.JT98.865"
    two = Deal.parse("N:AKQ2.T98.7653.A2 - T95.J76.AKQ.QJT9 -")
    assert two.hand(Seat.E) is None and not two.complete and two.known
    spots = Deal.parse("N:AKxx.xxx.xxxx.xx J876.AKQ.42.K743 T95.J76.AKQ.QJT9 -")
    assert spots.hand(Seat.W) is None  # with x spots the cards left are not known


@pytest.mark.parametrize(("text", "named"), [
    # a card in two hands: both hands and the card named
    ("N:AKQ2.T98.7653.A2 AJ87.KQ6.42.K743 - -", "♠A is in North's and East's hands"),
    ("N:- - T95.J76.AKQ.QJT9 43.5432.JT98.86T", "♣10 is in South's and West's hands"),
    # a card twice in one hand
    ("N:AKQA.T98.7653.A2 - - -", "♠A is written twice"),
    # a hand short of a card, and one over
    ("N:AKQ2.T98.7653.A - - -", "North's hand \"AKQ2.T98.7653.A\": has 12 cards; a hand has 13"),
    ("N:- AKQ2.T98.7653.A32 - -", "East's hand \"AKQ2.T98.7653.A32\": has 14 cards; a hand has 13"),
    ("N:AKQ2.T98.7653.A2 - -", "has 3 hands"),
    ("X:- - - -", '"X" is not a seat'),
    ("N:AKQ2.T98.7653.A1 - - -", '"1" is not a rank'),
])
def test_a_wrong_deal_is_refused_naming_the_card_or_hand(text, named):
    with pytest.raises(BridgeInputError) as raised:
        Deal.parse(text)
    assert named in str(raised.value)
    assert "\n" not in str(raised.value)


@given(st.randoms(use_true_random=False))
def test_any_shuffled_pack_gives_a_deal_whose_text_reads_back_equal(rng):
    pack = list(CARDS)
    rng.shuffle(pack)
    made = Deal(tuple(hand_of(pack[13 * n:13 * n + 13]) for n in range(4)))  # type: ignore[arg-type]
    assert Deal.parse(str(made)) == made
    assert str(Deal.parse(str(made))) == str(made)
    assert all(Hand.parse(str(hand)) == hand for hand in made.hands if hand is not None)
    # written from any seat, the same deal
    first = rng.choice("NESW")
    order = "NESW"[("NESW".index(first)):] + "NESW"[:("NESW".index(first))]
    rotated = f"{first}:" + " ".join(str(made.hands["NESW".index(seat)]) for seat in order)
    assert Deal.parse(rotated) == made
    assert sum(h.hcp for h in made.hands if h is not None) == 40


@given(st.randoms(use_true_random=False), st.integers(0, 3))
def test_any_deal_with_one_hand_hidden_is_completed_to_the_same_deal(rng, hidden):
    pack = list(CARDS)
    rng.shuffle(pack)
    made = Deal(tuple(hand_of(pack[13 * n:13 * n + 13]) for n in range(4)))  # type: ignore[arg-type]
    written = str(made)[2:].split()
    written[hidden] = "-"
    assert Deal.parse("N:" + " ".join(written)) == made


# ---------------------------------------------------------------- dealing


def test_the_same_seed_gives_the_same_deals_and_another_seed_others():
    one, again, other = deals(36, seed="club night"), deals(36, seed="club night"), deals(36, seed="club night!")
    assert one == again
    assert len(set(map(str, one))) == 36
    assert not set(map(str, one)) & set(map(str, other))


def test_a_published_seed_still_gives_its_deals():
    """A seed published with a set must give that set again after an upgrade: the first
    deal of seed "xlbridge" as this version deals it (random.Random's string seeding and
    shuffle). A change here breaks every set a director has published."""
    assert str(deals(1, seed="xlbridge")[0]) == (
        "N:AQ92.K8.KQ42.532 K853.64.J.AQ9864 JT74.A9753.AT76. 6.QJT2.9853.KJT7")


def test_without_a_seed_the_deals_differ():
    assert len({str(d) for d in deals(5)}) == 5 and deals(1) != deals(1)


# ---------------------------------------------------------------- uniformity


def exact_hcp() -> dict[int, float]:
    """P(a hand of 13 from 52 has h high-card points), counted: a aces, k kings, q queens
    and j jacks of the four of each, and the rest from the 36 other cards."""
    ways: Counter[int] = Counter()
    for a in range(5):
        for k in range(5):
            for q in range(5):
                for j in range(5):
                    rest = 13 - a - k - q - j
                    if rest >= 0:
                        ways[4 * a + 3 * k + 2 * q + j] += (math.comb(4, a) * math.comb(4, k) * math.comb(4, q)
                                                            * math.comb(4, j) * math.comb(36, rest))
    total = math.comb(52, 13)
    assert sum(ways.values()) == total
    return {points: count / total for points, count in sorted(ways.items())}


def chi_square_p(statistic: float, freedom: int) -> float:
    """P(X >= statistic) for X chi-square with ``freedom`` degrees: the regularized upper
    incomplete gamma Q(freedom/2, statistic/2), by its series or continued fraction."""
    a, x = freedom / 2, statistic / 2
    if x <= 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:  # the series of P, then Q = 1 - P
        term = total = 1 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1 - total * math.exp(log_front))
    b, c, d = x + 1 - a, 1e300, 1 / (x + 1 - a)  # Lentz's continued fraction for Q
    h = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        h *= d * c
        if abs(d * c - 1) < 1e-15:
            break
    return math.exp(log_front) * h


@pytest.mark.parametrize(("statistic", "freedom", "p"), [
    (3.841, 1, 0.05), (6.635, 1, 0.01), (18.307, 10, 0.05), (29.588, 10, 0.001), (124.342, 100, 0.05),
    (10.0, 10, 0.4405), (0.0, 3, 1.0),
])
def test_the_chi_square_tail_agrees_with_the_published_tables(statistic, freedom, p):
    assert chi_square_p(statistic, freedom) == pytest.approx(p, abs=5e-4)


def goodness_of_fit(observed: Counter[int], expected: dict[int, float], count: int) -> tuple[float, int]:
    """The chi-square statistic and degrees of freedom of ``observed`` against the
    probabilities ``expected``, the outcomes pooled in order until each cell expects at
    least 5 (so that the chi-square approximation holds)."""
    cells: list[tuple[float, int]] = []
    want = seen = 0.0
    for outcome, probability in expected.items():
        want += probability * count
        seen += observed.get(outcome, 0)
        if want >= 5:
            cells.append((want, int(seen)))
            want = seen = 0.0
    if want or seen:  # the thin tail joins the last cell
        last_want, last_seen = cells.pop()
        cells.append((last_want + want, last_seen + int(seen)))
    assert sum(observed.values()) == count and not set(observed) - set(expected)
    return sum((s - w) ** 2 / w for w, s in cells), len(cells) - 1


def verdict(dealer: Callable[[random.Random], Deal], count: int = DEALS) -> dict[str, float]:
    """The p-values of three tests on ``count`` deals from ``dealer`` with a fixed seed:
    North's high-card points against their exact distribution, and the holder of the ♠A
    and of the ♣2 against one in four each."""
    rng = random.Random(20)
    points: Counter[int] = Counter()
    holders: dict[str, Counter[int]] = {"SA": Counter(), "C2": Counter()}
    for _ in range(count):
        one = dealer(rng)
        points[one.hands[0].hcp] += 1  # type: ignore[union-attr]
        for card, held in holders.items():
            suit = SUITS.index(card[0])
            held[next(i for i, hand in enumerate(one.hands) if card[1] in hand.suits[suit])] += 1  # type: ignore[union-attr]
    found = {"North's HCP": chi_square_p(*goodness_of_fit(points, exact_hcp(), count))}
    for card, held in holders.items():
        found[f"{card}'s holder"] = chi_square_p(*goodness_of_fit(held, dict.fromkeys(range(4), 0.25), count))
    return found


def test_the_exact_hcp_distribution_is_the_known_one():
    exact = exact_hcp()
    assert sum(exact.values()) == pytest.approx(1)
    assert sum(points * p for points, p in exact.items()) == pytest.approx(10)  # 40 points, 4 hands
    assert exact[10] == pytest.approx(0.0941, abs=5e-5)  # the most likely count, as the tables give it
    assert max(exact) == 37 and min(exact) == 0 and HCP == {"A": 4, "K": 3, "Q": 2, "J": 1}


def test_dealing_is_uniform():
    """50,000 deals with a fixed seed pass at the 0.001 level: North's HCP (the exact
    distribution, 26 cells after pooling) and the ♠A's and ♣2's holders (one in four)."""
    found = verdict(deal)
    assert all(p > SIGNIFICANCE for p in found.values()), found


def test_the_uniformity_test_rejects_a_dealer_that_never_gives_north_the_spade_ace():
    def biased(rng: random.Random) -> Deal:
        one = deal(rng)
        north, east = (list(hand.cards()) for hand in one.hands[:2])  # type: ignore[union-attr]
        if "SA" in north:  # swap it for one of East's cards
            swap = rng.randrange(13)
            north[north.index("SA")], east[swap] = east[swap], "SA"
        return Deal((hand_of(north), hand_of(east), one.hands[2], one.hands[3]))

    found = verdict(biased, 10_000)
    assert found["SA's holder"] < SIGNIFICANCE and found["North's HCP"] < SIGNIFICANCE, found


def test_the_uniformity_test_rejects_a_dealer_that_deals_the_pack_in_blocks():
    """A subtler fault: the pack cut at random but never shuffled, so a hand holds runs of
    neighbouring cards. The ♠A and ♣2 go round fairly; the points do not."""
    def cut(rng: random.Random) -> Deal:
        at = rng.randrange(52)
        pack = CARDS[at:] + CARDS[:at]
        return Deal(tuple(hand_of(pack[n::4]) for n in range(4)))  # type: ignore[arg-type]

    found = verdict(cut, 5_000)
    assert found["North's HCP"] < SIGNIFICANCE, found
