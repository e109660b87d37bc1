"""Scripted deck orders for the engine tests (a helper, not a test module).

Contract section 3: ``deck[0..3]`` go to the table (``deck[3]`` on top); the rest is the
stock. Each round of dealing gives every seat four consecutive stock cards, starting with
seat ``(dealer + 1) % players``. With ``face_up_jack: "return"`` a face-up jack goes under
the stock and the next card is turned up in its place: pass those turned cards as
``turned`` and the hands start after them.

Nothing here asks the engine what it would do: the builders only place cards, so the
tests' expected values stay computed by hand.
"""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "CDHS"
ALL_CARDS: tuple[str, ...] = tuple(r + s for r in RANKS for s in SUITS)  # the filler order
HAND = 4
TABLE = 4


def seat_of_play(index: int, players: int = 2, dealer: int = 0) -> int:
    """The seat that makes play number ``index`` (0-based): dealer + 1 first, then in order."""
    return (dealer + 1 + index) % players


def _check_names(cards) -> list[str]:
    cards = list(cards)
    for card in cards:
        if card not in ALL_CARDS:
            raise ValueError(f"{card!r} is not a two-character upper-case card name")
    return cards


def remaining(*groups) -> list[str]:
    """Every card not in ``groups``, in the fixed filler order."""
    used = {card for group in groups for card in _check_names(group)}
    return [card for card in ALL_CARDS if card not in used]


def build_deck(
    table,
    hands=None,
    *,
    players: int = 2,
    dealer: int = 0,
    later=(),
    turned=(),
) -> list[str]:
    """A 52-card deck order with the given cards where the deal hands them out.

    ``table``: the four table cards, bottom to top. ``hands``: ``{seat: [cards]}`` for the
    first round (up to four cards each; missing ones are filler). ``later``: one such dict
    per further round. ``turned``: cards turned up after returned face-up jacks. Every
    other place gets the remaining cards in the fixed order of :data:`ALL_CARDS`.
    """
    table = _check_names(table)
    if len(table) != TABLE:
        raise ValueError("the table takes exactly four cards")
    turned = _check_names(turned)
    deck: list[str | None] = [None] * 52
    deck[:TABLE] = table
    start = TABLE + len(turned)
    deck[TABLE:start] = turned
    rounds = [hands or {}, *later]
    for round_index, round_hands in enumerate(rounds):
        for seat, cards in round_hands.items():
            cards = _check_names(cards)
            if not 0 <= seat < players or len(cards) > HAND:
                raise ValueError(f"seat {seat} cannot get {cards} with {players} players")
            offset = (seat - dealer - 1) % players
            first = start + (round_index * players + offset) * HAND
            if first + len(cards) > 52:
                raise ValueError(f"round {round_index} of seat {seat} is past the deck's end")
            deck[first : first + len(cards)] = cards
    placed = [card for card in deck if card is not None]
    if len(placed) != len(set(placed)):
        duplicates = sorted({card for card in placed if placed.count(card) > 1})
        raise ValueError(f"cards placed twice: {duplicates}")
    filler = iter(remaining(placed))
    return [card if card is not None else next(filler) for card in deck]


def deck_for_plays(table, plays, *, players: int = 2, dealer: int = 0, turned=()) -> list[str]:
    """A deck in which ``plays`` (in order) are exactly the cards the seats hold and play.

    Play ``k`` is made by :func:`seat_of_play`; the four plays of a seat in a round are
    that seat's hand for the round. A full deal's plays fix the whole deck.
    """
    plays = _check_names(plays)
    per_round = HAND * players
    rounds: list[dict[int, list[str]]] = []
    for index, card in enumerate(plays):
        round_index = index // per_round
        if round_index == len(rounds):
            rounds.append({})
        rounds[round_index].setdefault(seat_of_play(index, players, dealer), []).append(card)
    return build_deck(
        table,
        rounds[0] if rounds else None,
        players=players,
        dealer=dealer,
        later=rounds[1:],
        turned=turned,
    )


def is_quiet(cards, after: str | None = None) -> bool:
    """True if playing ``cards`` in turn onto a pile topped by ``after`` captures nothing:
    no jack, and no card of the same rank as the card before it."""
    ranks = [after[0]] if after else []
    ranks += [card[0] for card in cards]
    no_jack = "J" not in ranks[1 if after else 0 :]
    return no_jack and all(a != b for a, b in zip(ranks, ranks[1:], strict=False))


def quiet(cards, *, after: str | None = None, then: str | None = None) -> list[str]:
    """Order non-jack ``cards`` so that playing them captures nothing.

    No two neighbours share a rank, the first differs from ``after`` (the pile's top, if
    any) and the last from ``then`` (the card played next, if any). Deterministic: most
    plentiful rank first, ties in rank order, then in the fixed card order.
    """
    cards = sorted(_check_names(cards), key=ALL_CARDS.index)
    if any(card[0] == "J" for card in cards):
        raise ValueError("a quiet run cannot hold a jack: a jack always captures")
    by_rank: dict[str, list[str]] = {}
    for card in cards:
        by_rank.setdefault(card[0], []).append(card)
    order: list[str] = []

    def search(previous: str | None) -> bool:
        if len(order) == len(cards):
            return then is None or previous != then[0]
        choices = sorted(
            (r for r, left in by_rank.items() if left and r != previous),
            key=lambda r: (-len(by_rank[r]), RANKS.index(r)),
        )
        for r in choices:
            order.append(by_rank[r].pop(0))
            if search(r):
                return True
            by_rank[r].insert(0, order.pop())
        return False

    if not search(after[0] if after else None):
        raise ValueError(f"no quiet order for {cards}")
    return order


def play_all(state, plays) -> list:
    """Play ``plays`` in order and return the events."""
    return [state.play(card) for card in plays]
