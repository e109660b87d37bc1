"""Play-outs: a world consistent with a view, the rest of the deal played under a given
policy, and what the deal then gives each side. No policy of its own: the caller passes it.

Used by the search levels (``hard``, ``expert``, ``master``) and the reference ``pimc``
alike; it follows the engine's rules step for step, so the play-out is a fact of the game
rather than a matter of tuning (tests play the same worlds through the engine).
"""

from __future__ import annotations

from functools import lru_cache

from ..cards import JACK
from ..dealing import dealt_hand
from ..position import assemble_position
from ..scoring import side_gains
from ..state import JACK_PISTI, PISTI, GameState
from ..view import PlayerView


def hands_and_pile(view: PlayerView, unseen: list[int]) -> tuple[list, list, int, int]:
    """The hands and the pile of a world dealt from ``unseen`` in ``world_from`` order: the
    other seats' hands first, then the face-down cards; with the face-down count and where
    the stock's cards begin in ``unseen``."""
    hands, i = [], 0
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            hands.append(list(view.hand))
        else:
            hands.append(unseen[i : i + size])
            i += size
    face_down = view.pile_size - len(view.pile_face_up)
    pile = unseen[i : i + face_down] + list(view.pile_face_up)
    return hands, pile, face_down, i + face_down


@lru_cache(maxsize=64)
def shuffle_steps(size: int) -> tuple[tuple[int, int], ...]:
    """For :func:`shuffle_like`: each position ``random.Random.shuffle`` swaps into, with
    the number of random bits it draws for it."""
    return tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


def shuffle_like(cards: list[int], getrandbits, steps) -> None:
    """Shuffle ``cards`` in place into exactly the order ``random.Random.shuffle`` gives
    (the same ``getrandbits`` draws, rejecting those past the position), without its
    method call per card: the analysis deals thousands of worlds per decision, and the
    same seed must keep giving the same worlds."""
    for i, bits in steps:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        cards[i], cards[j] = cards[j], cards[i]


def world_from(view: PlayerView, unseen: list[int]) -> GameState:
    """A full position consistent with ``view``, hidden cards dealt from ``unseen``."""
    hands, pile, face_down, i = hands_and_pile(view, unseen)
    stock = unseen[i : i + view.stock]
    return assemble_position(  # the view is a real position and ``unseen`` its cards
        GameState,
        view.rules,
        dealer=view.dealer,
        to_move=view.seat,
        hands=hands,
        pile=pile,
        face_down=face_down,
        stock=stock,
        captured=[[] for _ in range(view.rules.sides)],
        pisti=None,
        jack_pisti=None,
        last_capture_side=view.last_capture_side,
    )


def deal_unseen(view: PlayerView, unseen: list[int], lacking, rng) -> list[int]:
    """Unseen cards in the order ``world_from`` deals them, each other hand free of the ranks its
    seat showed it lacks (when the unseen cards allow it)."""
    cards = list(unseen)
    shuffle_like(cards, rng.getrandbits, shuffle_steps(len(cards)))  # rng.shuffle(cards)
    if not any(lacking.values()):
        return cards
    order, pool = [], cards
    for seat, size in enumerate(view.hand_sizes):
        if seat == view.seat:
            continue
        allowed = [c for c in pool if c >> 2 not in lacking[seat]]
        if len(allowed) < size:
            allowed = pool  # the evidence does not fit: fall back to any cards
        hand = allowed[:size]
        order += hand
        taken = set(hand)
        pool = [c for c in pool if c not in taken]
    return order + pool


def other_hands(view: PlayerView, unseen: list[int]) -> dict[int, list[int]]:
    """Each other seat's hand in a world dealt in ``world_from`` order."""
    hands, i = {}, 0
    for seat, size in enumerate(view.hand_sizes):
        if seat != view.seat:
            hands[seat] = unseen[i : i + size]
            i += size
    return hands


def fast_roll_out(
    state: GameState,
    points,
    public: set[int] | None,
    policy,
    lean: bool = False,
    ranks: list[int] | None = None,
    first: int | None = None,
) -> tuple | None:
    """The search bots' inner loop: the rest of the deal with every seat on ``policy``
    (called like :func:`~pisti.bots.levels.medium_choice`, from public counts and the
    seat's own hand), on plain local lists instead of ``GameState.play``. A ``lean``
    policy is called with the running totals only (see
    :func:`~pisti.bots.policies.lean_counting_choice`): no per-play recount. ``ranks``,
    the public copies of each rank, may be counted by the caller instead of ``public``
    (the list is then updated in place).

    It follows the engine's turn flow exactly (captures, the pişti kinds, the last-card
    rule, dealing each round from the stock, the leftover pile) and writes the result back
    into ``state``: captured cards, pişti counts, the end of the deal. A test plays the same
    worlds through the engine and requires the same result every time.

    With ``first``, the seat to move plays that card first and ``state`` is left as it was:
    the outcome (captured cards, piştis, jack piştis per side) is returned instead. A search
    plays every candidate card from one world, so no copy of the world is made.
    """
    if state.current_player is None:
        return None
    rules, players = state.rules, state.players
    if ranks is not None:  # counted by the caller, once for many play-outs
        public_ranks = ranks
    else:
        public_ranks = [0] * 13
        for card in public:
            public_ranks[card >> 2] += 1
    if not lean:
        public_points = sum(points[c] for c in public)
        public_count = len(public)
        total_points = sum(points)
    hands = [list(h) for h in state.hands]
    pile = list(state.pile)
    face_down = state.pile_face_down
    captured = [list(c) for c in state.captured]
    pisti, jack_pisti = list(state.pisti), list(state.jack_pisti)
    last_side = state.last_capture_side
    remaining = state.remaining
    rounds = state.rounds_dealt
    round_length = state.round_length
    stock, dealer = state.stock, state.dealer
    stock_left = state.stock_left
    side_of = state.seat_sides
    jack_on_jack, jack_on_card = state.jack_on_jack_kind, state.jack_on_card_kind
    last_card_pisti = rules.last_card_pisti
    jack_takes_empty = rules.jack_on_empty_table
    face_up_points = sum(points[c] for c in pile[face_down:])
    seat = state.current_player
    card = first
    while True:
        hand = hands[seat]
        if card is not None:
            pass  # the candidate card a search is trying
        elif len(hand) == 1:
            card = hand[0]
        elif lean:
            card = policy(
                hand, pile, face_down, public_ranks, face_up_points, remaining, rules, points
            )
        else:
            unseen_ranks = [4 - n for n in public_ranks]
            own_points = 0
            for c in hand:
                unseen_ranks[c >> 2] -= 1
                own_points += points[c]
            card = policy(
                hand,
                rules,
                points,
                pile,
                face_down,
                unseen_ranks,
                52 - public_count - len(hand),
                total_points - public_points - own_points,
                len(hands[(seat + 1) % players]),
                remaining,
                len(hand) - 1 + stock_left // players,
                stock_left == 0,
                face_up_points,
            )
        hand.remove(card)
        public_ranks[card >> 2] += 1
        if not lean:
            public_points += points[card]
            public_count += 1
        remaining -= 1
        side = side_of[seat]
        jack = card >> 2 == JACK
        if pile:
            if jack or pile[-1] >> 2 == card >> 2:
                if len(pile) == 1 and (remaining or last_card_pisti):
                    if not jack:
                        pisti[side] += 1
                    else:
                        kind = jack_on_jack if pile[0] >> 2 == JACK else jack_on_card
                        if kind == PISTI:
                            pisti[side] += 1
                        elif kind == JACK_PISTI:
                            jack_pisti[side] += 1
                pile.append(card)
                captured[side] += pile
                pile = []
                face_down = face_up_points = 0
                last_side = side
            else:
                pile.append(card)
                face_up_points += points[card]
        elif jack and jack_takes_empty:
            captured[side].append(card)
            last_side = side
            if remaining or last_card_pisti:
                pisti[side] += 1
        else:
            pile.append(card)
            face_up_points += points[card]
        if not remaining:
            break
        if remaining % round_length == 0:
            for s in range(players):
                hands[s] = list(dealt_hand(stock, players, dealer, s, rounds))
            rounds += 1
            stock_left -= round_length
        seat = (seat + 1) % players
        card = None
    if pile:
        side = side_of[dealer] if last_side is None else last_side
        captured[side] += pile
    if first is not None:
        return captured, pisti, jack_pisti
    state.settle(captured, pisti, jack_pisti, last_side)
    return None


def deal_gains(world: GameState, view: PlayerView, points) -> list[int]:
    """Each side's points from the rest of the deal once ``world`` (a copy started at
    ``view``'s position) has been played out; the majority counts the cards taken before."""
    return outcome_gains(world.captured, world.pisti, world.jack_pisti, view, points)


def outcome_gains(captured_by_side, pisti, jack_pisti, view: PlayerView, points) -> list[int]:
    """:func:`deal_gains` from the outcome of a play-out (captured cards and piştis per
    side, as :func:`fast_roll_out` returns them)."""
    counts = [view.captured_cards[s] + len(c) for s, c in enumerate(captured_by_side)]
    taken = [sum(points[c] for c in captured) for captured in captured_by_side]
    return side_gains(taken, counts, pisti, jack_pisti, view.rules)


def side_margin(gains: list[int], mine: int) -> float:
    """Side ``mine``'s gain minus the mean gain of the other sides: what a search maximises."""
    others = [g for s, g in enumerate(gains) if s != mine]
    return gains[mine] - sum(others) / len(others)
