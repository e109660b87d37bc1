"""The state of one deal: whose turn it is, the legal plays, and playing a card.

Turn flow only. Laying out the table lives in :mod:`pisti.dealing`, points in
:mod:`pisti.scoring`, what one seat may know in :mod:`pisti.view`. The state holds every
card, so it never leaves the server: players and bots get a :class:`~pisti.view.PlayerView`.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import JACK, card_name, parse_card
from .dealing import HAND_SIZE, check_deck, dealt_hand, lay_out, shuffled_deck
from .rules import Rules

NO_PISTI, PISTI, JACK_PISTI = 0, 1, 2
_KIND_BY_NAME = {"none": NO_PISTI, "pisti": PISTI, "jack_pisti": JACK_PISTI}


class IllegalPlay(ValueError):
    """A play the rules do not allow; the state is left unchanged."""


class Event(NamedTuple):
    """What one play did: ``captured`` counts every card taken, the played card included."""

    seat: int
    card: int
    captured: int
    kind: int  # NO_PISTI, PISTI or JACK_PISTI

    @property
    def pisti(self) -> bool:
        return self.kind == PISTI

    @property
    def jack_pisti(self) -> bool:
        return self.kind == JACK_PISTI


def pisti_kind(rules: Rules, lone_card: int, card: int) -> int:
    """The pişti a capture of a one-card pile makes (before the last-card exception)."""
    if card >> 2 != JACK:
        return PISTI
    if lone_card >> 2 == JACK:
        return JACK_PISTI if rules.jack_on_lone_jack == "jack_pisti" else PISTI
    return _KIND_BY_NAME[rules.jack_on_lone_card]


def capture_kind(
    rules: Rules, pile_size: int, top: int | None, card: int, plays_left: int
) -> int | None:
    """What playing ``card`` does, as :meth:`GameState.play` rules it: ``None`` when it
    captures nothing, otherwise the pişti it scores (``NO_PISTI`` for an ordinary capture).
    ``top`` is the pile's face-up top card (``None`` on an empty table), ``plays_left`` the
    cards still to be played this deal by every seat, this one included."""
    jack = card >> 2 == JACK
    if top is None:
        if not (jack and pile_size == 0 and rules.jack_on_empty_table):
            return None
    elif not (jack or top >> 2 == card >> 2):
        return None
    if plays_left == 1 and not rules.last_card_pisti:
        return NO_PISTI
    if pile_size == 0:
        return PISTI  # a jack taken on an empty table
    if pile_size == 1:
        return pisti_kind(rules, top, card)
    return NO_PISTI


class GameState:
    """One deal, from a deck order, played card by card.

    ``pile`` holds every card in the middle, bottom to top, the ``pile_face_down`` lowest
    of them face down. The opening pile always holds four cards, so capturing it can never
    be a pişti, as the rules require.
    """

    __slots__ = (
        "rules",
        "players",
        "dealer",
        "deck",
        "layout",
        "stock",
        "hands",
        "pile",
        "pile_face_down",
        "captured",
        "pisti",
        "jack_pisti",
        "last_capture_side",
        "events",
        "current_player",
        "leftover",
        "_side",
        "_rounds_dealt",
        "_remaining",
        "_jack_on_jack",
        "_jack_on_card",
        "_last_card_pisti",
        "_round_length",
        "deal_marks",
        "initial_hands",
        "public_seen",
    )

    def __init__(self, rules: Rules, deck, dealer: int = 0) -> None:
        if type(dealer) is not int or not 0 <= dealer < rules.players:
            raise ValueError(f"dealer must be a seat from 0 to {rules.players - 1}, not {dealer!r}")
        self._adopt_rules(rules)
        self.dealer = dealer
        self.deck = check_deck(deck)
        self.layout = lay_out(self.deck, rules)
        self.stock = self.layout.stock
        self.pile = list(self.layout.table)
        self.pile_face_down = self.layout.face_down
        self.hands: list[list[int]] = [[] for _ in range(self.players)]
        self.captured: list[list[int]] = [[] for _ in range(rules.sides)]
        self.pisti = [0] * rules.sides
        self.jack_pisti = [0] * rules.sides
        self.last_capture_side: int | None = None
        self.events: list[Event] = []
        self.leftover: tuple[int, int] | None = None  # (side, cards) at the end
        self._rounds_dealt = 0
        self._remaining = len(self.stock)
        self.current_player: int | None = (dealer + 1) % self.players
        self.deal_marks: list[tuple[int, int]] = []  # (plays so far, stock round) per deal
        self.initial_hands: list[list[int]] | None = None  # set by from_position only
        self.public_seen: list[int] = []  # from_position: cards captured before it
        self._deal_round()

    def _adopt_rules(self, rules: Rules) -> None:
        """What the rules fix for the whole deal, worked out once for the hot path."""
        self.rules = rules
        self.players = rules.players
        self._side = tuple(rules.side_of(seat) for seat in range(rules.players))
        self._round_length = HAND_SIZE * rules.players
        self._jack_on_jack = pisti_kind(rules, JACK * 4, JACK * 4)
        self._jack_on_card = pisti_kind(rules, 0, JACK * 4)
        self._last_card_pisti = rules.last_card_pisti

    # -- queries -----------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.current_player is None

    @property
    def plays(self) -> list[int]:
        return [event.card for event in self.events]

    @property
    def rounds_dealt(self) -> int:
        return self._rounds_dealt

    @property
    def stock_left(self) -> int:
        return len(self.stock) - self._rounds_dealt * self._round_length

    def side_of(self, seat: int) -> int:
        return self._side[seat]

    @property
    def seat_sides(self) -> tuple[int, ...]:
        """Each seat's side, by seat: ``side_of`` for every seat at once."""
        return self._side

    @property
    def remaining(self) -> int:
        """Cards still to be played this deal, by every seat (hands and stock)."""
        return self._remaining

    @property
    def round_length(self) -> int:
        """Cards played in one round of hands: four per seat."""
        return self._round_length

    @property
    def jack_on_jack_kind(self) -> int:
        """The pişti kind of a jack taking a lone jack under these rules."""
        return self._jack_on_jack

    @property
    def jack_on_card_kind(self) -> int:
        """The pişti kind of a jack taking a lone card that is not a jack."""
        return self._jack_on_card

    def legal_plays(self) -> list[int]:
        """Every card in the hand of the player to move: any card may be played."""
        if self.current_player is None:
            return []
        return list(self.hands[self.current_player])

    def card_count(self) -> int:
        """All cards accounted for: hands, pile, stock still to deal and captured piles."""
        return (
            sum(map(len, self.hands))
            + len(self.pile)
            + self.stock_left
            + sum(map(len, self.captured))
        )

    # -- the move ----------------------------------------------------------------

    def play(self, card) -> Event:
        """Play ``card`` (an int or a name such as ``"TD"``) for the player to move."""
        if card.__class__ is not int:
            card = parse_card(card)
        seat = self.current_player
        if seat is None:
            raise IllegalPlay("the deal is over: no more cards can be played")
        hand = self.hands[seat]
        if card not in hand:
            raise IllegalPlay(f"{card_name(card)} is not in the hand of seat {seat}")
        hand.remove(card)
        self._remaining -= 1
        side = self._side[seat]
        pile = self.pile
        captured = 0
        kind = NO_PISTI
        if pile:
            lone = pile[-1] if len(pile) == 1 else None
            if card >> 2 == JACK or pile[-1] >> 2 == card >> 2:
                if lone is not None and (self._remaining or self._last_card_pisti):
                    if card >> 2 != JACK:
                        kind = PISTI
                    elif lone >> 2 == JACK:
                        kind = self._jack_on_jack
                    else:
                        kind = self._jack_on_card
                pile.append(card)
                captured = len(pile)
                self.captured[side] += pile
                self.pile = []
                self.pile_face_down = 0
                self.last_capture_side = side
            else:
                pile.append(card)
        elif card >> 2 == JACK and self.rules.jack_on_empty_table:
            captured = 1
            self.captured[side].append(card)
            self.last_capture_side = side
            if self._remaining or self._last_card_pisti:
                kind = PISTI
        else:
            pile.append(card)
        if kind == PISTI:
            self.pisti[side] += 1
        elif kind == JACK_PISTI:
            self.jack_pisti[side] += 1
        event = Event(seat, card, captured, kind)
        self.events.append(event)
        if not self._remaining:
            self._finish()
        else:
            if self._remaining % self._round_length == 0:
                self._deal_round()
            self.current_player = (seat + 1) % self.players
        return event

    # -- internals ---------------------------------------------------------------

    def _deal_round(self) -> None:
        r = self._rounds_dealt
        self.deal_marks.append((len(self.events), r))
        for seat in range(self.players):
            self.hands[seat] = list(dealt_hand(self.stock, self.players, self.dealer, seat, r))
        self._rounds_dealt = r + 1

    def _finish(self) -> None:
        """Give the leftover pile to the last capturer (the dealer's side if nobody captured)."""
        self.current_player = None
        if self.pile:
            side = self.last_capture_side
            if side is None:
                side = self._side[self.dealer]
            self.leftover = (side, len(self.pile))
            self.captured[side] += self.pile
            self.pile = []
            self.pile_face_down = 0

    def settle(self, captured, pisti, jack_pisti, last_capture_side) -> None:
        """End the deal with an outcome worked out outside this class: a search's fast loop
        that plays the rest of the deal step for step as :meth:`play` would (a test holds
        it to that) hands back each side's captured cards (the leftover pile included),
        piştis and jack piştis, and the last capturer. The stock counts as dealt."""
        self.hands = [[] for _ in range(self.players)]
        self.pile, self.pile_face_down = [], 0
        self.captured, self.pisti, self.jack_pisti = captured, pisti, jack_pisti
        self.last_capture_side = last_capture_side
        self._rounds_dealt += self.stock_left // self._round_length
        self._remaining = 0
        self.current_player = None

    def replayed(self, plays: int | None = None) -> GameState:
        """This deal as it stood after its first ``plays`` cards (every card when ``None``),
        replayed from its deck and dealer: the one way a stored deal's position is rebuilt
        (the review, the analysis, puzzles and diagrams all use it)."""
        replay = GameState(self.rules, self.deck, self.dealer)
        for event in self.events[:plays]:
            replay.play(event.card)
        return replay

    def copy(self) -> GameState:
        """An independent copy, for search: cheaper than replaying the record."""
        other = object.__new__(GameState)
        for name in GameState.__slots__:
            setattr(other, name, getattr(self, name))
        other.hands = [list(h) for h in self.hands]
        other.pile = list(self.pile)
        other.captured = [list(c) for c in self.captured]
        other.pisti = list(self.pisti)
        other.jack_pisti = list(self.jack_pisti)
        other.events = list(self.events)
        other.deal_marks = list(self.deal_marks)
        return other

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        *,
        dealer: int,
        to_move: int,
        hands,
        pile,
        face_down: int = 0,
        stock=(),
        captured=None,
        pisti=None,
        jack_pisti=None,
        last_capture_side=None,
    ) -> GameState:
        """A state in the middle of a deal, as the tutorial sets one up.

        ``stock`` holds the cards still to be dealt, in order. A position need not hold all
        52 cards: the ones it leaves out are simply out of play. It must be a position a
        real deal can reach: every card once, and the seats that already played this round
        holding one card fewer than the others, ``to_move`` the first of the others.
        Cards in ``captured`` were played in the open before the position, so every seat's
        view counts them as seen.
        """
        from .position import build_position

        return build_position(
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

    def __repr__(self) -> str:
        top = card_name(self.pile[-1]) if self.pile else "-"
        return (
            f"<GameState players={self.players} dealer={self.dealer} plays={len(self.events)} "
            f"top={top} pile={len(self.pile)} to_move={self.current_player}>"
        )


def new_deal(rules: Rules | None = None, *, rng=None, deck=None, dealer: int = 0) -> GameState:
    """Start a deal from a given deck order, or from a deck shuffled with ``rng``."""
    rules = rules or Rules()
    if deck is None:
        if rng is None:
            raise ValueError("new_deal needs a deck order or a seeded random.Random")
        deck = shuffled_deck(rng, rules)
    return GameState(rules, deck, dealer)
