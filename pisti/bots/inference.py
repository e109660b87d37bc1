"""Reading the opponents' plays: how likely is each sampled world, given what they did?

A sampled world gives every other seat a hand. In that world we know the hand each seat
held at each of its plays this round (the cards it holds now plus the ones it has played
since), so we can ask how likely a sensible player was to choose the card it actually
chose. A seat that laid a 4 on a 7 probably holds no 7; a seat that threw a king rather
than its queen probably holds a card it preferred to keep. Earlier rounds tell nothing
more: every card of an earlier hand has been played and is counted already.

The model of a "sensible player" is a mixture of the two counting policies the project
knows (:func:`~pisti.bots.policies.counting_choice` and the medium level's) with a share of
random play, so that no world is ever ruled out by one surprising card.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import JACK
from ..view import PlayerView
from .levels import medium_choice
from .policies import counting_choice

COUNTING_SHARE = 0.45
MEDIUM_SHARE = 0.35
RANDOM_SHARE = 1.0 - COUNTING_SHARE - MEDIUM_SHARE


@dataclass(frozen=True)
class Decision:
    """One play another seat made this round, with what was public when it chose."""

    seat: int
    card: int
    later_plays: tuple[int, ...]  # this seat's cards played after this one, this round
    pile: tuple[int, ...]  # face-down placeholders (-1) then face-up cards, bottom to top
    face_down: int
    public_ranks: tuple[int, ...]  # copies of each rank everyone had seen before it
    public_count: int
    public_points: int
    next_hand: int
    plays_left: int
    stock: int

    @property
    def face_up(self) -> tuple[int, ...]:
        return self.pile[self.face_down :]


def decisions_this_round(view: PlayerView, points) -> list[Decision]:
    """Every play of another seat since the current hands were dealt, in order."""
    players = view.players
    history = view.history
    round_plays = 4 * players - sum(view.hand_sizes)
    if round_plays <= 0 or view.rules.players != players:
        return []
    face_up_count = 4 if view.rules.opening == "four_up" else 1
    opening = list(view.seen[:face_up_count])
    public = list(opening)
    pile = [-1] * (4 - face_up_count) + opening
    face_down = 4 - face_up_count
    start = len(history) - round_plays
    sizes_now = list(view.hand_sizes)
    decisions = []
    for index, (seat, card) in enumerate(history):
        if index >= start and seat != view.seat:
            later = tuple(c for s, c in history[index + 1 :] if s == seat)
            next_seat = (seat + 1) % players
            next_hand = sizes_now[next_seat] + sum(
                1 for s, _ in history[index + 1 :] if s == next_seat
            )
            ranks = [0] * 13
            for c in public:
                ranks[c >> 2] += 1
            decisions.append(
                Decision(
                    seat=seat,
                    card=card,
                    later_plays=later,
                    pile=tuple(pile),
                    face_down=face_down,
                    public_ranks=tuple(ranks),
                    public_count=len(public),
                    public_points=sum(points[c] for c in public),
                    next_hand=next_hand,
                    plays_left=view.plays_left + len(history) - index,
                    stock=view.stock,
                )
            )
        pile, face_down = _after_play(pile, face_down, card, view.rules)
        public.append(card)
    return decisions


def _after_play(pile: list[int], face_down: int, card: int, rules) -> tuple[list[int], int]:
    top = pile[-1] if len(pile) > face_down else None
    jack = card >> 2 == JACK
    if top is not None and (jack or top >> 2 == card >> 2):
        return [], 0
    if top is None and not pile and jack and rules.jack_on_empty_table:
        return [], 0
    return pile + [card], face_down


def likelihood(
    decisions: list[Decision], hands: dict[int, list[int]], rules, points, total_points: int
) -> float:
    """How likely the observed plays are if each seat held ``hands[seat]`` now."""
    weight = 1.0
    for d in decisions:
        hand = sorted(list(hands[d.seat]) + [d.card, *d.later_plays])
        if len(hand) == 1:
            continue
        unseen = [4 - n for n in d.public_ranks]
        own_points = 0
        for c in hand:
            unseen[c >> 2] -= 1
            own_points += points[c]
        counting = counting_choice(
            hand, d.face_up, len(d.pile), unseen, d.plays_left, rules, points
        )
        medium = medium_choice(
            hand,
            rules,
            points,
            d.pile,
            d.face_down,
            unseen,
            52 - d.public_count - len(hand),
            total_points - d.public_points - own_points,
            d.next_hand,
            d.plays_left,
            len(hand) - 1 + d.stock // rules.players,
            d.stock == 0,
        )
        chance = RANDOM_SHARE / len(hand)
        if counting == d.card:
            chance += COUNTING_SHARE
        if medium == d.card:
            chance += MEDIUM_SHARE
        weight *= chance
    return weight


def weigh(
    decisions: list[Decision],
    worlds_hands: list[dict[int, list[int]]],
    rules,
    points,
    total_points: int,
) -> list[float]:
    """:func:`likelihood` of each world's hands. Worlds that deal a seat the same cards
    share one answer (late in a round most do: a seat holds one or two cards)."""
    known: dict[tuple, float] = {}
    weights = []
    for hands in worlds_hands:
        key = tuple(tuple(sorted(hand)) for hand in hands.values())
        weight = known.get(key)
        if weight is None:
            weight = known[key] = likelihood(decisions, hands, rules, points, total_points)
        weights.append(weight)
    return weights


def resample(worlds: list, weights: list[float], count: int, rng) -> list:
    """``count`` worlds drawn in proportion to their weights (systematic resampling: one
    random offset, so the draw is as even as weights allow)."""
    total = sum(weights)
    if total <= 0:
        return worlds[:count]
    step = total / count
    point = rng.random() * step
    chosen, running, i = [], weights[0], 0
    for _ in range(count):
        while running < point and i < len(worlds) - 1:
            i += 1
            running += weights[i]
        chosen.append(worlds[i])
        point += step
    return chosen
