"""What one seat may know (docs/engine.md, "Views"), built from the state and nothing more.

A :class:`PlayerView` is what bots, the browser and the bot protocol receive. It is built
field by field from public facts and that seat's own hands, so another hand, the stock
order or a face-down card cannot slip into it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import card_names
from .dealing import dealt_hand
from .rules import Rules
from .state import GameState, IllegalPlay, capture_kind


@dataclass(frozen=True)
class PlayerView:
    rules: Rules
    seat: int
    dealer: int
    hand: tuple[int, ...]
    pile_size: int
    pile_face_up: tuple[int, ...]  # bottom to top, face-down cards never included
    history: tuple[tuple[int, int], ...]  # (seat, card) for every play this deal
    seen: tuple[int, ...]  # every card this seat has seen this deal, in order
    captured_cards: tuple[int, ...]  # per side
    pisti: tuple[int, ...]
    jack_pisti: tuple[int, ...]
    hand_sizes: tuple[int, ...]  # per seat
    stock: int  # cards still to be dealt
    last_capture_side: int | None
    to_move: int | None
    match_totals: tuple[int, ...] = field(default=())

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def top(self) -> int | None:
        return self.pile_face_up[-1] if self.pile_face_up else None

    @property
    def side(self) -> int:
        return self.rules.side_of(self.seat)

    @property
    def plays_left(self) -> int:
        """Cards still to be played this deal, by every seat."""
        return sum(self.hand_sizes) + self.stock

    def capture_kind(self, card: int) -> int | None:
        """What playing ``card`` now does: ``None`` when it captures nothing, otherwise the
        pişti it scores (:func:`pisti.state.capture_kind`)."""
        return capture_kind(self.rules, self.pile_size, self.top, card, self.plays_left)

    def to_dict(self) -> dict:
        """The JSON object of the bot protocol's ``view``."""
        return {
            "rules": self.rules.to_dict(),
            "seat": self.seat,
            "dealer": self.dealer,
            "players": self.rules.players,
            "partnerships": self.rules.partnerships,
            "hand": card_names(self.hand),
            "pile_size": self.pile_size,
            "pile_face_up": card_names(self.pile_face_up),
            "top": card_names([self.top])[0] if self.top is not None else None,
            "history": [{"seat": s, "card": card_names([c])[0]} for s, c in self.history],
            "seen": card_names(self.seen),
            "captured_cards": list(self.captured_cards),
            "pisti": list(self.pisti),
            "jack_pisti": list(self.jack_pisti),
            "hand_sizes": list(self.hand_sizes),
            "stock": self.stock,
            "last_capture_side": self.last_capture_side,
            "match_totals": list(self.match_totals) or [0] * self.rules.sides,
        }


def seen_by(state, seat: int) -> list[int]:
    """The cards ``seat`` has seen, in order: face-up opening cards, its hands, all plays.

    Each new hand arrives once every seat has played out the previous one; ``deal_marks``
    records after how many plays each stock round was dealt, so hands and plays interleave
    exactly as they happened.
    """
    order = list(state.layout.face_up) + list(state.public_seen)
    if state.initial_hands is not None:  # a position: its hands were known from the start
        order += state.initial_hands[seat]
    plays = [event.card for event in state.events]
    done = 0
    for mark, round_index in state.deal_marks:
        order += plays[done:mark]
        order += dealt_hand(state.stock, state.players, state.dealer, seat, round_index)
        done = mark
    order += plays[done:]
    return list(dict.fromkeys(order))  # own cards reappear when played: keep the first


def view_for(state, seat: int, match_totals=()) -> PlayerView:
    """Everything ``seat`` may know about ``state``, and nothing else."""
    return PlayerView(
        rules=state.rules,
        seat=seat,
        dealer=state.dealer,
        hand=tuple(state.hands[seat]),
        pile_size=len(state.pile),
        pile_face_up=tuple(state.pile[state.pile_face_down :]),
        history=tuple((e.seat, e.card) for e in state.events),
        seen=tuple(seen_by(state, seat)),
        captured_cards=tuple(len(c) for c in state.captured),
        pisti=tuple(state.pisti),
        jack_pisti=tuple(state.jack_pisti),
        hand_sizes=tuple(len(h) for h in state.hands),
        stock=state.stock_left,
        last_capture_side=state.last_capture_side,
        to_move=state.current_player,
        match_totals=tuple(match_totals),
    )


def redealt(state, seat: int, plays: int, rng, attempts: int = 200) -> GameState:
    """The deal as ``seat`` knew it after ``plays`` plays, with every card it had not seen
    dealt anew: the cards it had seen keep their places in the deck, the others are
    shuffled among the remaining places, and the plays are replayed. The seat's view is
    exactly the same; nobody's hidden cards are the real ones ("play on from here" must
    not hand a bot the deal's real hands, nor show the player the real stock).

    A reshuffle that would change the seat's view (an opening rule that looks at a
    face-down card) is drawn again; ``ValueError`` if none of ``attempts`` keeps it.
    """
    known = view_for(state.replayed(plays), seat)
    seen = set(known.seen)
    deck = list(state.deck)
    hidden = [place for place, card in enumerate(deck) if card not in seen]
    for _attempt in range(attempts):
        cards = [deck[place] for place in hidden]
        rng.shuffle(cards)
        new_deck = list(deck)
        for place, card in zip(hidden, cards, strict=True):
            new_deck[place] = card
        replay = GameState(state.rules, new_deck, state.dealer)
        try:
            for event in state.events[:plays]:
                replay.play(event.card)
        except IllegalPlay:
            continue
        if view_for(replay, seat) == known:
            return replay
    raise ValueError("no deal of the hidden cards keeps the seat's view")
