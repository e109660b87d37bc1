"""Points for a deal (docs/engine.md, "Scoring a deal"), from captured cards or from counts alone.

The score sheet enters counts (cards, aces, …) rather than cards, so scoring works on a
:class:`Tally`; a finished :class:`~pisti.state.GameState` is tallied first.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from .cards import ACE, JACK, TEN_OF_DIAMONDS, TWO_OF_CLUBS
from .rules import Rules


@dataclass(frozen=True)
class Tally:
    """What one side took in a deal."""

    cards: int = 0
    aces: int = 0
    jacks: int = 0
    two_of_clubs: bool = False
    ten_of_diamonds: bool = False
    pisti: int = 0
    jack_pisti: int = 0

    @classmethod
    def of_cards(cls, cards, pisti: int = 0, jack_pisti: int = 0) -> Tally:
        ranks = [c >> 2 for c in cards]
        return cls(
            cards=len(ranks),
            aces=ranks.count(ACE),
            jacks=ranks.count(JACK),
            two_of_clubs=TWO_OF_CLUBS in cards,
            ten_of_diamonds=TEN_OF_DIAMONDS in cards,
            pisti=pisti,
            jack_pisti=jack_pisti,
        )


@dataclass(frozen=True)
class SideScore:
    """A side's tally and the points it earns; the JSON shape of ``replay``'s ``sides``."""

    seats: tuple[int, ...]
    cards: int
    aces: int
    jacks: int
    two_of_clubs: bool
    ten_of_diamonds: bool
    majority: bool
    pisti: int
    jack_pisti: int
    points: int

    def to_dict(self) -> dict:
        data = asdict(self)
        data["seats"] = list(self.seats)
        return data


OVER_HALF = 27  # cards a side needs for the bonus under majority_rule "over_half"


def majority_side(card_counts: list[int], rule: str = "most") -> int | None:
    """The side with strictly more cards than every other side, if there is one.

    With ``rule="over_half"`` that side must also hold at least 27 of the 52 cards, which
    only matters with three or four separate sides (two sides with the most always do).
    """
    best = max(card_counts)
    if card_counts.count(best) != 1 or (rule == "over_half" and best < OVER_HALF):
        return None
    return card_counts.index(best)


def side_gains(taken_points, card_counts, pisti, jack_pisti, rules, complete=True) -> list[int]:
    """Each side's deal points from running totals (points of the cards it took, cards held
    for the majority, piştis): the one formula both the score sheet's tallies and the
    search bots' play-outs use. The majority bonus only once the deal is ``complete``."""
    winner = majority_side(card_counts, rules.majority_rule) if complete else None
    return [
        taken_points[side]
        + pisti[side] * rules.pisti_points
        + jack_pisti[side] * rules.jack_pisti_points
        + (rules.majority_bonus if side == winner else 0)
        for side in range(len(taken_points))
    ]


def score_tallies(
    tallies: list[Tally], rules: Rules, *, complete: bool = True, seats=None
) -> list[SideScore]:
    """Score every side; the majority bonus only once the deal is complete."""
    counts = [t.cards for t in tallies]
    winner = majority_side(counts, rules.majority_rule) if complete else None
    taken = [
        t.aces
        + t.jacks
        + (rules.two_of_clubs_points if t.two_of_clubs else 0)
        + (rules.ten_of_diamonds_points if t.ten_of_diamonds else 0)
        for t in tallies
    ]
    points = side_gains(
        taken,
        counts,
        [t.pisti for t in tallies],
        [t.jack_pisti for t in tallies],
        rules,
        complete,
    )
    seats = seats or [(side,) for side in range(len(tallies))]
    return [
        SideScore(
            tuple(seats[side]),
            t.cards,
            t.aces,
            t.jacks,
            t.two_of_clubs,
            t.ten_of_diamonds,
            side == winner,
            t.pisti,
            t.jack_pisti,
            points[side],
        )
        for side, t in enumerate(tallies)
    ]


def seats_of_sides(rules: Rules) -> list[tuple[int, ...]]:
    return [
        tuple(seat for seat in range(rules.players) if rules.side_of(seat) == side)
        for side in range(rules.sides)
    ]


def score_deal(state) -> list[SideScore]:
    """Score a deal in progress or finished (a deal in progress gets no majority bonus)."""
    tallies = [
        Tally.of_cards(cards, state.pisti[side], state.jack_pisti[side])
        for side, cards in enumerate(state.captured)
    ]
    return score_tallies(
        tallies, state.rules, complete=state.is_over, seats=seats_of_sides(state.rules)
    )


def deal_points(state) -> list[int]:
    return [s.points for s in score_deal(state)]
