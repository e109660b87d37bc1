"""Building a :class:`~pisti.state.GameState` from a position instead of a whole deck."""

from __future__ import annotations

from .cards import card_name, parse_card
from .dealing import HAND_SIZE, Layout
from .rules import Rules


class InvalidPosition(ValueError):
    """A position no real deal could reach; the message says why."""


def _cards(values, what: str) -> list[int]:
    try:
        return [parse_card(v) if isinstance(v, str) else int(v) for v in values]
    except ValueError as error:
        raise InvalidPosition(f"{what}: {error}") from None


def build_position(
    cls,
    rules: Rules,
    *,
    dealer,
    to_move,
    hands,
    pile,
    face_down,
    stock,
    captured,
    pisti,
    jack_pisti,
    last_capture_side,
):
    players, sides = rules.players, rules.sides
    if len(hands) != players:
        raise InvalidPosition(f"hands: expected {players} hands, got {len(hands)}")
    for name, seat in (("dealer", dealer), ("to_move", to_move)):
        if type(seat) is not int or not 0 <= seat < players:
            raise InvalidPosition(f"{name} must be a seat from 0 to {players - 1}")
    hands = [_cards(h, f"hand {seat}") for seat, h in enumerate(hands)]
    pile = _cards(pile, "pile")
    stock = _cards(stock, "stock")
    captured = [_cards(c, f"captured {side}") for side, c in enumerate(captured or [[]] * sides)]
    every = [c for h in hands for c in h] + pile + stock + [c for c in captured for c in c]
    seen: set[int] = set()
    for card in every:
        if card in seen:
            raise InvalidPosition(f"{card_name(card)} appears twice")
        seen.add(card)
    if not 0 <= face_down <= len(pile):
        raise InvalidPosition("face_down must be between 0 and the pile's size")
    if len(stock) % (HAND_SIZE * players):
        raise InvalidPosition(f"the stock must hold a multiple of {HAND_SIZE * players} cards")
    order = [(dealer + 1 + i) % players for i in range(players)]
    sizes = [len(hands[seat]) for seat in order]
    played = order.index(to_move)
    full = sizes[played]
    if not 1 <= full <= HAND_SIZE or any(
        size != (full - 1 if i < played else full) for i, size in enumerate(sizes)
    ):
        raise InvalidPosition(
            "hand sizes do not fit the turn: seats that already played this round hold one "
            f"card fewer, and seat {to_move} is the first of the others"
        )
    if len(captured) != sides:
        raise InvalidPosition(f"captured: expected {sides} sides")
    return assemble_position(
        cls,
        rules,
        dealer=dealer,
        to_move=to_move,
        hands=hands,
        pile=pile,
        face_down=face_down,
        stock=stock,
        captured=captured,
        pisti=pisti,
        jack_pisti=jack_pisti,
        last_capture_side=last_capture_side,
    )


def assemble_position(
    cls,
    rules: Rules,
    *,
    dealer,
    to_move,
    hands,
    pile,
    face_down,
    stock,
    captured,
    pisti,
    jack_pisti,
    last_capture_side,
):
    """The state of a position already known to be valid (card numbers, one list of
    captured cards per side): :func:`build_position` without its checks, for a search that
    deals thousands of worlds from one view it has checked once."""
    sides = rules.sides
    state = object.__new__(cls)
    state._adopt_rules(rules)
    state.dealer = dealer
    state.deck = ()
    state.layout = Layout(tuple(pile), face_down, tuple(stock), ())
    state.stock = tuple(stock)
    state.pile = list(pile)
    state.pile_face_down = face_down
    state.hands = [list(h) for h in hands]
    state.initial_hands = [list(h) for h in hands]
    # Cards already captured were played in the open earlier: every seat has seen them.
    state.public_seen = [c for side in captured for c in side]
    state.captured = captured
    state.pisti = list(pisti or [0] * sides)
    state.jack_pisti = list(jack_pisti or [0] * sides)
    state.last_capture_side = last_capture_side
    state.events = []
    state.leftover = None
    state._rounds_dealt = 0
    state._remaining = sum(map(len, hands)) + len(stock)
    state.current_player = to_move
    state.deal_marks = []
    return state
